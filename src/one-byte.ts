/**
 * One-byte strings (issue 19). V8 keeps a string one byte a character when it is made from
 * Latin-1 text, else two; a string sliced out of a two-byte text is two-byte whatever it holds,
 * and `JSON.stringify` of a value holding one two-byte string gives a two-byte text. The YAML
 * parser cuts its string values from the file's text, so a single en dash in a comment of the
 * default configuration.yaml made every label two-byte wherever a set is parsed from YAML (a
 * user's fixture folder, a start from source), hence every document record's JSON and every list
 * or query answer built from records: twice the memory, and encoding such a text to UTF-8 cost ~4
 * times as much (measured: 2.6 against 0.7 µs for a record's 1.7 KB, 44 against 8 µs for a 32 KB
 * list answer).
 *
 * `JSON.parse` needs none of this (the built server's stored default set, JSON Lines, request
 * bodies): it makes one-byte strings of Latin-1 values whatever its text. Text decoded from UTF-8
 * that is all Latin-1 is one-byte already; the test costs one regular expression.
 */
import { yamlModule } from './lazy';

const BEYOND_LATIN1 = /[^\x00-\xff]/;

/** Whether `text` holds a character beyond Latin-1 (then V8 keeps it, and what is cut from it, two bytes a character). */
export const beyondLatin1 = (text: string): boolean => BEYOND_LATIN1.test(text);

/** `s` one-byte: a copy when every character is Latin-1 (whatever its representation), else `s` itself. */
export function oneByte(s: string): string {
  return beyondLatin1(s) ? s : Buffer.from(s, 'latin1').toString('latin1');
}

/**
 * `YAML.parse(text)` with its strings, keys included, one-byte where their characters allow: the
 * parsed document's scalars are copied before it is turned into values. (Copying the values after
 * would not do for keys: a key is interned when it becomes a property name, and V8 hands every
 * equal key that one interned copy, two-byte if it was cut from a two-byte text.) For a text beyond
 * Latin-1 (see `beyondLatin1`); a syntax error is thrown as YAML.parse throws it.
 */
export function parseYamlOneByte(text: string): unknown {
  const yaml = yamlModule();
  const doc = yaml.parseDocument(text);
  if (doc.errors.length > 0) throw doc.errors[0];
  yaml.visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string') node.value = oneByte(node.value);
    },
  });
  return doc.toJS();
}

/**
 * Makes the strings of a freshly parsed tree (plain objects and arrays, owned by the caller) one-byte
 * where their characters allow, in place; returns it. For values parsed from a text beyond Latin-1
 * (an MDL script's names and values, before any of them becomes a property name). Keys are left as
 * they are (see parseYamlOneByte).
 */
export function oneByteInPlace<T>(tree: T): T {
  const seen = new Set<object>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        if (typeof node[i] === 'string') node[i] = oneByte(node[i]);
        else walk(node[i]);
      }
    } else if (Object.getPrototypeOf(node) === Object.prototype) {
      const record = node as Record<string, unknown>;
      for (const k of Object.keys(record)) {
        const v = record[k];
        // An own `__proto__` key is a data property: assigning it sets it (the prototype's setter is shadowed).
        if (typeof v === 'string') record[k] = oneByte(v);
        else walk(v);
      }
    }
  };
  walk(tree);
  return tree;
}
