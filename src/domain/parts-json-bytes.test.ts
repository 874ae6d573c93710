import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from './cache';
import { JsonInteger } from './json-integer';
import { jsonOnlyPart, jsonTextOrBytes, keepJsonText, keptJsonBytes } from './json-text';
import { partsJsonBytes } from './parts-json-bytes';

const record = () => deepFreeze(keepJsonText({ id: 7, name__v: 'Quote "x" \u0000 é', owner__v: { users: [1], groups: [] as number[] }, size__v: 0, due__c: null }));
const frame = (n: number) => ({ responseStatus: 'SUCCESS', size: n, start: 0, limit: 20 });
const openOf = (f: object) => `${JSON.stringify(f).slice(0, -1)},"documents":[`;

describe('partsJsonBytes', () => {
  it('is the UTF-8 of JSON.stringify of the plain fields, wrapped or not, kept or JSON-only parts, any text and threshold', () => {
    const fields = fc.array(fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue({ stringUnit: 'binary' })), { maxLength: 6 });
    fc.assert(fc.property(fields, fc.boolean(), fc.boolean(), fc.nat(3000), (plain, wrapped, jsonOnly, bytesFrom) => {
      const parts = plain.map((p) => (jsonOnly ? jsonOnlyPart(Buffer.from(JSON.stringify(p))) : deepFreeze(keepJsonText({ ...p }))));
      const elements = wrapped ? parts.map((document) => ({ document })) : parts;
      const text = JSON.stringify({ ...frame(parts.length), documents: wrapped ? plain.map((document) => ({ document })) : plain });
      const bytes = partsJsonBytes(openOf(frame(parts.length)), elements, wrapped ? 'document' : undefined, ']}', bytesFrom);
      // the threshold as jsonTextOrBytes counts it: characters, a JSON-only part by its bytes
      const counted = typeof jsonTextOrBytes({ ...frame(parts.length), documents: elements }, bytesFrom) === 'string';
      if (counted) expect(bytes).toBeUndefined();
      else expect(bytes).toEqual(Buffer.from(text));
    }), { numRuns: 300 });
  });

  it('answers from exactly `bytesFrom` characters on, counted as jsonTextOrBytes counts them', () => {
    const r = record();
    const text = `[${JSON.stringify({ ...r })}]`;
    expect(partsJsonBytes('[', [r], undefined, ']', text.length + 1)).toBeUndefined();
    expect(partsJsonBytes('[', [r], undefined, ']', text.length)!.toString('utf8')).toBe(text);
    expect(typeof jsonTextOrBytes([r], text.length + 1)).toBe('string');
    expect(Buffer.isBuffer(jsonTextOrBytes([r], text.length))).toBe(true);
    // a text of many non-ASCII characters is counted by its characters (a short answer, though more bytes)
    const wide = deepFreeze(keepJsonText({ name__v: '✓'.repeat(1500) }));
    expect(partsJsonBytes('[', [wide], undefined, ']', 1600)).toBeUndefined();
  });

  it('copies each part\'s kept bytes, where bytesFor says', () => {
    const r = record();
    const kept = keptJsonBytes(r)!;
    kept[kept.indexOf('7')] = '8'.charCodeAt(0); // written from the kept bytes, not from the part's fields again
    const lent = Buffer.alloc(4096);
    const bytes = partsJsonBytes('[', [{ document: r }, { document: r }], 'document', ']', 0, (size: number) => lent.subarray(0, size))!;
    expect(bytes.buffer).toBe(lent.buffer);
    const once = JSON.stringify({ ...r }).replace('7', '8');
    expect(bytes.toString('utf8')).toBe(`[{"document":${once}},{"document":${once}}]`);
  });

  it('leaves to jsonTextOrBytes a part not kept, an element holding more than its part, a part holding a JsonInteger and a fixed piece not ASCII', () => {
    const r = record();
    expect(partsJsonBytes('[', [r, { id: 1 }], undefined, ']', 0)).toBeUndefined();
    expect(partsJsonBytes('[', [{ document: r }, { document: { id: 1 } }], 'document', ']', 0)).toBeUndefined();
    expect(partsJsonBytes('[', [{ document: r, extra: 1 }], 'document', ']', 0)).toBeUndefined();
    expect(partsJsonBytes('[', [{ other: r }], 'document', ']', 0)).toBeUndefined();
    expect(partsJsonBytes('[', [r, deepFreeze(keepJsonText({ big: new JsonInteger(12345678901234567890n) }))], undefined, ']', 0)).toBeUndefined();
    expect(partsJsonBytes('{"é":[', [r], undefined, ']}', 0)).toBeUndefined();
    expect(partsJsonBytes('[', [{ é: r }], 'é', ']', 0)).toBeUndefined();
    expect(partsJsonBytes('[', [r], undefined, ']', 0)!.toString('utf8')).toBe(`[${JSON.stringify({ ...r })}]`);
  });

  it('writes an empty list as its frame', () => {
    expect(partsJsonBytes('{"documents":[', [], 'document', ']}', 0)!.toString()).toBe('{"documents":[]}');
    expect(partsJsonBytes('{"documents":[', [], 'document', ']}', 17)).toBeUndefined();
    expect(partsJsonBytes('{"documents":[', [], 'document', ']}', 16)!.toString()).toBe('{"documents":[]}');
  });
});
