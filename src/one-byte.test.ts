import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { isOneByte } from '../test/helpers/one-byte';
import { beyondLatin1, oneByte, oneByteInPlace, parseYamlOneByte } from './one-byte';

/** "Draft" cut from a text that holds an en dash elsewhere: two-byte, as a YAML parser's strings are. */
const wide = '# a comment – with an en dash\nDraft';
const cut = () => wide.slice(wide.indexOf('D'));

describe('one-byte strings', () => {
  it('a string cut from a text beyond Latin-1 is two-byte; its oneByte copy is one-byte and equal', () => {
    expect(isOneByte(cut())).toBe(false);
    expect(isOneByte(oneByte(cut()))).toBe(true);
    expect(oneByte(cut())).toBe('Draft');
    expect(isOneByte('café')).toBe(true); // Latin-1 beyond ASCII is one byte too
    expect(isOneByte(oneByte(`${cut()} café`.slice(0, 11)))).toBe(true);
  });

  it('leaves a string beyond Latin-1 as it is', () => {
    const s = 'Zürich — café';
    expect(beyondLatin1(s)).toBe(true);
    expect(oneByte(s)).toBe(s);
    expect(isOneByte(oneByte(s))).toBe(false);
    expect(beyondLatin1('Zürich café')).toBe(false);
  });

  it('JSON.parse makes one-byte strings of Latin-1 values and keys even from a two-byte text (why JSON needs no help)', () => {
    const parsed = JSON.parse('{"a": "Draft", "b": "– dash", "json_only_key_7__c": 1}') as Record<string, unknown>;
    expect(isOneByte(parsed.a as string)).toBe(true);
    expect(isOneByte(parsed.b as string)).toBe(false);
    expect(isOneByte(Object.keys(parsed)[2])).toBe(true);
  });
});

describe('parseYamlOneByte', () => {
  // Keys no other code names (a key is interned once: a name used elsewhere would be one-byte already).
  const text = [
    '# a comment – with an en dash',
    'documents:',
    '  - fields:',
    '      yaml_plain_key_1__c: a plain value',
    '      "yaml_quoted_key_2__c": [plain item, "quoted item", 3, true, null]',
    '      yaml_dash_key_3__c: a – dash',
    '    shared: &s {yaml_alias_key_4__c: aliased value}',
    '    again: *s',
    '    __proto__: {polluted: yes}',
  ].join('\n');

  it('parses as YAML.parse does, with every Latin-1 key and value one-byte (YAML.parse gives two-byte plain ones)', () => {
    // Ours first: YAML.parse would intern these keys two-byte, and V8 would hand us that copy.
    const parsed = parseYamlOneByte(text) as any;
    const fields = parsed.documents[0].fields;
    expect(Object.keys(fields).every(isOneByte)).toBe(true);
    expect(isOneByte(fields.yaml_plain_key_1__c)).toBe(true);
    expect(fields.yaml_quoted_key_2__c.filter((v: unknown) => typeof v === 'string').every(isOneByte)).toBe(true);
    expect(isOneByte(fields.yaml_dash_key_3__c)).toBe(false);
    expect(Object.keys(parsed.documents[0].shared).every(isOneByte)).toBe(true);
    expect(isOneByte(JSON.stringify(parsed.documents[0].shared))).toBe(true);
    const plain = YAML.parse(text) as any;
    expect(parsed).toEqual(plain);
    expect(isOneByte(plain.documents[0].fields.yaml_plain_key_1__c)).toBe(false); // the premise: YAML.parse's value is two-byte
  });

  it('keeps a `__proto__` key an own key and aliases shared, as YAML.parse does', () => {
    const doc = (parseYamlOneByte(text) as any).documents[0];
    expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
    expect(Object.keys(doc)).toContain('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(doc.again).toBe(doc.shared);
  });

  it('throws the syntax error YAML.parse throws, with its line', () => {
    const broken = '# – dash\na: [1, 2\nb: 3\n';
    const error = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e as YAML.YAMLParseError;
      }
      throw new Error('no error');
    };
    const ours = error(() => parseYamlOneByte(broken));
    const theirs = error(() => YAML.parse(broken));
    expect(ours).toBeInstanceOf(YAML.YAMLParseError);
    expect([ours.message, ours.linePos]).toEqual([theirs.message, theirs.linePos]);
  });
});

describe('oneByteInPlace', () => {
  it('makes the strings of plain objects and arrays one-byte in place, shared and cyclic parts once, others untouched', () => {
    const shared = { name: cut() };
    const when = new Date(0);
    const tree: any = { a: [cut(), 1, null, [cut()]], b: shared, c: shared, dash: 'a – b', when, own: JSON.parse('{"__proto__": "x"}') };
    tree.self = tree;
    tree.own.__proto__ = cut(); // an own data property: assignment sets it
    expect(oneByteInPlace(tree)).toBe(tree);
    expect([tree.a[0], tree.a[3][0], shared.name, tree.own.__proto__].map(isOneByte)).toEqual([true, true, true, true]);
    expect(tree.a[0]).toBe('Draft');
    expect(isOneByte(tree.dash)).toBe(false);
    expect(tree.when).toBe(when);
    expect(Object.getPrototypeOf(tree.own)).toBe(Object.prototype);
  });
});
