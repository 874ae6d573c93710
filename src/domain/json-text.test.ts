import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from './cache';
import { JsonInteger, MARK_TOKEN } from './json-integer';
import { fieldsOf, holdsPartMark, jsonOnlyPart, jsonText, jsonTextOrBytes, keepJsonText, keptTextHeld } from './json-text';

const record = () => deepFreeze(keepJsonText({ id: 7, name__v: 'Quote "x" \u0000 é', owner__v: { users: [1], groups: [] as number[] }, size__v: 0, due__c: null }));

describe('jsonText', () => {
  it('writes a kept part as JSON.stringify would, in every place it is held, and the same the second time', () => {
    const r = record();
    const page = { responseStatus: 'SUCCESS', documents: [{ document: r }, { document: r }], size: 2 };
    const plain = JSON.stringify(JSON.parse(JSON.stringify(page)));
    expect(jsonText(page)).toBe(plain);
    expect(jsonText(page)).toBe(plain);
    expect(holdsPartMark(jsonText(page))).toBe(false);
  });

  it('a kept part outside jsonText (another JSON.stringify, a copy, equality) is plain data', () => {
    const r = record();
    expect(JSON.stringify({ a: r })).toBe(`{"a":${JSON.stringify({ ...r })}}`);
    expect(Object.keys(r)).toEqual(['id', 'name__v', 'owner__v', 'size__v', 'due__c']);
    expect({ ...r }).toEqual({ id: 7, name__v: 'Quote "x" \u0000 é', owner__v: { users: [1], groups: [] }, size__v: 0, due__c: null });
  });

  it('a kept part inside a kept part, and a JsonInteger inside one, are written whole', () => {
    const inner = deepFreeze(keepJsonText({ x: 1 }));
    const outer = deepFreeze(keepJsonText({ inner, big: new JsonInteger(9223372036854775807n) }));
    expect(jsonText([outer, inner, outer])).toBe('[{"inner":{"x":1},"big":9223372036854775807},{"x":1},{"inner":{"x":1},"big":9223372036854775807}]');
  });

  it('is JSON.stringify for any JSON value, kept parts anywhere', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.array(fc.dictionary(fc.string(), fc.jsonValue()), { maxLength: 4 }), (v, parts) => {
      const kept = parts.map((p) => deepFreeze(keepJsonText({ ...p })));
      const tree = { v, kept, again: kept.slice().reverse() };
      expect(jsonText(tree)).toBe(JSON.stringify(JSON.parse(JSON.stringify(tree))));
    }), { numRuns: 300 });
  });
});

describe('jsonTextOrBytes', () => {
  const bytesOf = (v: string | Buffer) => (typeof v === 'string' ? Buffer.from(v, 'utf8') : v);

  it('gives the text below the threshold and its UTF-8 bytes (a buffer of their own) from it on', () => {
    const r = record();
    const page = { responseStatus: 'SUCCESS', documents: [{ document: r }, { document: r }], size: 2, note: 'Zürich → 東京' };
    const text = jsonText(page);
    expect(jsonTextOrBytes(page, text.length + 1)).toBe(text);
    const bytes = jsonTextOrBytes(page, text.length);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect((bytes as Buffer).equals(Buffer.from(text, 'utf8'))).toBe(true);
    expect((bytes as Buffer).byteLength).toBe((bytes as Buffer).buffer.byteLength);
  });

  it('writes the same bytes again, and a kept part the same wherever it is held', () => {
    const r = record();
    const page = { documents: [{ document: r }, { x: 'é' }, { document: r }] };
    const first = jsonTextOrBytes(page, 0) as Buffer;
    expect(first.toString('utf8')).toBe(JSON.stringify(JSON.parse(JSON.stringify(page))));
    expect((jsonTextOrBytes(page, 0) as Buffer).equals(first)).toBe(true);
  });

  it('writes a JsonInteger (in a kept part or not) as its digits', () => {
    const outer = deepFreeze(keepJsonText({ big: new JsonInteger(9223372036854775807n), s: 'ü' }));
    expect(bytesOf(jsonTextOrBytes([outer, { n: new JsonInteger(-9223372036854775808n) }, outer], 0)).toString('utf8'))
      .toBe('[{"big":9223372036854775807,"s":"ü"},{"n":-9223372036854775808},{"big":9223372036854775807,"s":"ü"}]');
  });

  it('writes a string of the data that reads like a mark as it is (marks carry a token of the process)', () => {
    const r = record();
    const big = new JsonInteger(9223372036854775807n);
    const data = { a: '\u0000dms-sim-json:7', b: '\u0000dms-sim-json:0', c: '\u0000dms-sim-integer:12', r };
    const tree = { ...data, big };
    const plain = `${JSON.stringify(JSON.parse(JSON.stringify(data))).slice(0, -1)},"big":9223372036854775807}`;
    expect(bytesOf(jsonTextOrBytes(tree, 0)).toString('utf8')).toBe(plain);
    expect(jsonText(tree)).toBe(plain);
  });

  it('writes as it is a string of the data that begins like a mark of this process but is not one', () => {
    const opening = `\u0000dms-sim-json:${MARK_TOKEN}:`;
    const data = { a: `${opening}`, b: `${opening}x`, c: `${opening}12 tail`, d: `"${opening}0"`, e: 'é'.repeat(3), r: record(), f: `${opening}` };
    const plain = JSON.stringify(JSON.parse(JSON.stringify(data)));
    expect(bytesOf(jsonTextOrBytes(data, 0)).toString('utf8')).toBe(plain);
  });

  it('is the UTF-8 of JSON.stringify for any JSON value and any threshold, kept parts anywhere', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.array(fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue()), { maxLength: 4 }), fc.nat(400), (v, parts, from) => {
      const kept = parts.map((p) => deepFreeze(keepJsonText({ ...p })));
      const tree = { v, kept, again: kept.slice().reverse() };
      const plain = JSON.stringify(JSON.parse(JSON.stringify(tree)));
      const got = jsonTextOrBytes(tree, from);
      expect(typeof got === 'string').toBe(plain.length < from);
      expect(bytesOf(got).equals(Buffer.from(plain, 'utf8'))).toBe(true);
    }), { numRuns: 300 });
  });

  it('copies a JSON-only part\'s bytes as they are into a long answer (not decoded and encoded again)', () => {
    // Bytes that are not UTF-8 (0xFF) would come back as U+FFFD (EF BF BD) through a text.
    const raw = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]);
    const got = jsonTextOrBytes({ document: jsonOnlyPart(raw), pad: 'x'.repeat(50) }, 10) as Buffer;
    expect(Buffer.isBuffer(got)).toBe(true);
    expect(got.includes(raw)).toBe(true);
  });

  it('decodes a JSON-only part for a short answer or its fields each time, keeping no text of it on the heap', () => {
    const part = jsonOnlyPart(Buffer.from('{"name__v":"Zürich"}'));
    expect(jsonTextOrBytes({ document: part }, 4096)).toBe('{"document":{"name__v":"Zürich"}}');
    expect(jsonText([part, part])).toBe('[{"name__v":"Zürich"},{"name__v":"Zürich"}]');
    expect(fieldsOf(part)).toEqual({ name__v: 'Zürich' });
    expect(keptTextHeld(part)).toBe(false);
    const kept = keepJsonText({ name__v: 'Zürich' });
    jsonText({ document: kept });
    expect(keptTextHeld(kept)).toBe(true);
  });
});
