import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from './cache';
import { JsonInteger } from './json-integer';
import { jsonOnlyPart, jsonText, keepJsonText, keptJsonBytes } from './json-text';
import { partsJsonBytes } from './parts-json-bytes';

const record = () => deepFreeze(keepJsonText({ id: 7, name__v: 'Quote "x" \u0000 é', owner__v: { users: [1], groups: [] as number[] }, size__v: 0, due__c: null }));

describe('partsJsonBytes', () => {
  const frame = (n: number) => ({ responseStatus: 'SUCCESS', size: n, start: 0, limit: 20 });
  const openOf = (f: object, key: string) => `${JSON.stringify(f).slice(0, -1)},${JSON.stringify(key)}:[`;

  it('is the UTF-8 of JSON.stringify of a frame holding the parts, wrapped or not, for any parts and threshold', () => {
    fc.assert(fc.property(fc.array(fc.dictionary(fc.string(), fc.jsonValue()), { maxLength: 6 }), fc.boolean(), fc.boolean(), fc.nat(3000), (fields, wrapped, jsonOnly, bytesFrom) => {
      const parts = fields.map((p) => (jsonOnly ? jsonOnlyPart(Buffer.from(JSON.stringify(p))) : deepFreeze(keepJsonText({ ...p }))));
      const body = { ...frame(parts.length), documents: wrapped ? parts.map((document) => ({ document })) : parts };
      const expected = Buffer.from(JSON.stringify(JSON.parse(jsonText(body))));
      const bytes = partsJsonBytes(openOf(frame(parts.length), 'documents'), body.documents, wrapped ? 'document' : undefined, ']}', bytesFrom);
      if (expected.byteLength < bytesFrom) expect(bytes).toBeUndefined();
      else expect(bytes).toEqual(expected);
    }), { numRuns: 300 });
  });

  it('writes where bytesFor says, each part\'s kept bytes copied (the same buffer the next time)', () => {
    const r = record();
    const lent = Buffer.alloc(4096);
    const bytes = partsJsonBytes('[', [{ document: r }, { document: r }], 'document', ']', 0, (size: number) => lent.subarray(0, size))!;
    expect(bytes.buffer).toBe(lent.buffer);
    expect(bytes.toString('utf8')).toBe(JSON.stringify([{ document: { ...r } }, { document: { ...r } }]));
    expect(keptJsonBytes(r)).toBe(keptJsonBytes(r));
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
    expect(partsJsonBytes('{"documents":[', [], 'document', ']}', 100)).toBeUndefined();
  });
});
