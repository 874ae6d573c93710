import { describe, expect, it } from 'vitest';
import { MdlError, MdlErrorCode, parse, parseWithSpans, type DefineStatement } from './index';

const str = (value: string) => ({ kind: 'string', value }) as const;
const num = (value: string) => ({ kind: 'number', value }) as const;
const bool = (value: boolean) => ({ kind: 'boolean', value }) as const;

function mdlError(text: string): MdlError {
  try {
    parse(text);
  } catch (e) {
    expect(e).toBeInstanceOf(MdlError);
    return e as MdlError;
  }
  throw new Error(`expected ${JSON.stringify(text)} to fail`);
}

describe('parse: commands', () => {
  it('CREATE with attributes and a subcomponent', () => {
    const [s] = parse(
      "CREATE Picklist color__c ( label('Color'), active(true), Picklistentry red__c ( value('Red'), order(0), active(true) ) );",
    );
    expect(s).toEqual({
      command: 'CREATE',
      componentType: 'Picklist',
      name: 'color__c',
      attributes: [
        { name: 'label', values: [str('Color')] },
        { name: 'active', values: [bool(true)] },
      ],
      subcomponents: [
        {
          subtype: 'Picklistentry',
          name: 'red__c',
          attributes: [
            { name: 'value', values: [str('Red')] },
            { name: 'order', values: [num('0')] },
            { name: 'active', values: [bool(true)] },
          ],
        },
      ],
    });
  });

  it('RECREATE has the same shape; a body may be absent or empty', () => {
    expect(parse("RECREATE Picklist c__c (label('C'));")[0]).toMatchObject({ command: 'RECREATE', attributes: [{ name: 'label' }] });
    expect(parse('CREATE Picklist c__c;')[0]).toEqual({ command: 'CREATE', componentType: 'Picklist', name: 'c__c', attributes: [], subcomponents: [] });
    expect(parse('CREATE Picklist c__c ();')[0]).toMatchObject({ attributes: [], subcomponents: [] });
  });

  it('DROP and RENAME', () => {
    expect(parse('DROP Picklist color__c;')).toEqual([{ command: 'DROP', componentType: 'Picklist', name: 'color__c' }]);
    expect(parse('RENAME Picklist color__c TO colour__c;')).toEqual([
      { command: 'RENAME', componentType: 'Picklist', name: 'color__c', newName: 'colour__c' },
    ]);
  });

  it('ALTER with attribute changes and ADD / MODIFY / DROP / RENAME of subcomponents', () => {
    const [s] = parse(`ALTER Picklist color__c (
      label('Colour'),
      ADD Picklistentry blue__c ( value('Blue'), order(2) ),
      MODIFY Picklistentry red__c ( value('Rouge') ),
      DROP Picklistentry green__c,
      RENAME Picklistentry a__c TO b__c
    );`);
    expect(s).toEqual({
      command: 'ALTER',
      componentType: 'Picklist',
      name: 'color__c',
      changes: [
        { kind: 'attribute', op: 'set', name: 'label', values: [str('Colour')] },
        { kind: 'add', sub: { subtype: 'Picklistentry', name: 'blue__c', attributes: [{ name: 'value', values: [str('Blue')] }, { name: 'order', values: [num('2')] }] } },
        { kind: 'modify', subtype: 'Picklistentry', name: 'red__c', changes: [{ kind: 'attribute', op: 'set', name: 'value', values: [str('Rouge')] }] },
        { kind: 'drop', subtype: 'Picklistentry', name: 'green__c' },
        { kind: 'rename', subtype: 'Picklistentry', from: 'a__c', to: 'b__c' },
      ],
    });
  });

  it('ALTER adds to and drops from multi-value attributes', () => {
    const [s] = parse("ALTER Doctype d__c ( rendition_types ADD ('Renditiontype.a__c'), available_lifecycles DROP ('Doclifecycle.x__c', 'Doclifecycle.y__c') );");
    expect(s).toMatchObject({
      changes: [
        { kind: 'attribute', op: 'add', name: 'rendition_types', values: [str('Renditiontype.a__c')] },
        { kind: 'attribute', op: 'drop', name: 'available_lifecycles', values: [str('Doclifecycle.x__c'), str('Doclifecycle.y__c')] },
      ],
    });
  });

  it('an attribute named like a keyword is told apart from the subcomponent forms', () => {
    expect(parse("ALTER T n ( drop DROP ('x'), DROP Sub drop, add ADD (1), ADD Sub add () );")[0]).toMatchObject({
      changes: [
        { kind: 'attribute', op: 'drop', name: 'drop' },
        { kind: 'drop', subtype: 'Sub', name: 'drop' },
        { kind: 'attribute', op: 'add', name: 'add' },
        { kind: 'add', sub: { subtype: 'Sub', name: 'add' } },
      ],
    });
  });

  it('several statements, comments, and case-insensitive keywords', () => {
    const spans = parseWithSpans(`# set up
create Picklist a__c (label('A')); # trailing comment
  drop Picklist b__c;
rename Picklist c__c to d__c;`);
    expect(spans.map((p) => p.statement.command)).toEqual(['CREATE', 'DROP', 'RENAME']);
    expect(spans[1].span).toEqual({ line: 3, column: 3, text: 'drop Picklist b__c;' });
  });
});

describe('parse: values', () => {
  const values = (v: string) => (parse(`CREATE T n__c ( a(${v}) );`)[0] as DefineStatement).attributes[0].values;

  it('strings with escapes', () => {
    expect(values("'it\\'s \\\\ a\\n\\t\\r\\\"'")).toEqual([str('it\'s \\ a\n\t\r"')]);
    expect(values("'line\nbreak # not a comment'")).toEqual([str('line\nbreak # not a comment')]);
    expect(values("''")).toEqual([str('')]);
  });
  it('booleans', () => {
    expect(values('true, FALSE')).toEqual([bool(true), bool(false)]);
  });
  it('integers kept exact, negatives and decimals', () => {
    expect(values('9223372036854775807')).toEqual([num('9223372036854775807')]);
    expect(values('-12, 3.25, 0')).toEqual([num('-12'), num('3.25'), num('0')]);
  });
  it('references and file names are strings for the executor to read', () => {
    expect(values("'Doctype.base_document__v'")).toEqual([str('Doctype.base_document__v')]);
  });
  it('multi-values and empty', () => {
    expect(values("'a', 'b'")).toEqual([str('a'), str('b')]);
    expect(values('')).toEqual([]);
  });
});

describe('parse: errors', () => {
  it.each([
    ['', MdlErrorCode.EMPTY_SCRIPT, 1, 1, ''],
    ['  # only a comment\n', MdlErrorCode.EMPTY_SCRIPT, 2, 1, ''],
    ['SELECT x FROM y;', MdlErrorCode.UNKNOWN_COMMAND, 1, 1, 'SELECT'],
    ["CREATE Picklist a__c (label('A'))", MdlErrorCode.UNEXPECTED_END, 1, 34, ''],
    ["CREATE Picklist a__c (label('A'),);", MdlErrorCode.UNEXPECTED_TOKEN, 1, 34, ')'],
    ["CREATE Picklist a__c (label('A')\n  active(true));", MdlErrorCode.UNEXPECTED_TOKEN, 2, 3, 'active'],
    ["CREATE Picklist a__c (label('A);", MdlErrorCode.UNTERMINATED_STRING, 1, 29, "'A);"],
    ["CREATE Picklist a__c (label('\\q'));", MdlErrorCode.INVALID_ESCAPE, 1, 30, '\\q'],
    ['CREATE Picklist a__c (order(1.));', MdlErrorCode.INVALID_NUMBER, 1, 29, '1.)'],
    ['CREATE Picklist a__c (order(12ab));', MdlErrorCode.INVALID_NUMBER, 1, 29, '12ab'],
    ['CREATE Picklist a__c (label(@));', MdlErrorCode.UNEXPECTED_CHARACTER, 1, 29, '@'],
    ['CREATE Picklist a__c (label(yes));', MdlErrorCode.UNEXPECTED_TOKEN, 1, 29, 'yes'],
    ['RENAME Picklist a__c b__c;', MdlErrorCode.UNEXPECTED_TOKEN, 1, 22, 'b__c'],
    ['ALTER Picklist a__c ( ADD Picklistentry x__c );', MdlErrorCode.UNEXPECTED_TOKEN, 1, 46, ')'],
    ['DROP Picklist;', MdlErrorCode.UNEXPECTED_TOKEN, 1, 14, ';'],
  ])('%j → %s at %i:%i', (text, code, line, column, context) => {
    const e = mdlError(text);
    expect({ code: e.code, line: e.line, column: e.column, context: e.context }).toEqual({ code, line, column, context });
    expect(e.message.length).toBeGreaterThan(0);
  });

  it('reports the number of the failing statement', () => {
    const e = mdlError("DROP Picklist a__c;\nDROP Picklist b__c;\nCREATE Picklist c__c (label('x')");
    expect(e.statement).toBe(3);
    expect(e.line).toBe(3);
  });
});
