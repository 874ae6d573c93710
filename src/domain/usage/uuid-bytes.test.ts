import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packUuid, unpackUuid, UUID_BYTES } from './uuid-bytes';

describe('a UUID packed into 16 bytes', () => {
  it('reads back as the same text, at any offset, leaving the bytes around it alone', () => {
    fc.assert(fc.property(fc.uuid(), fc.nat(40), (uuid, offset) => {
      const bytes = new Uint8Array(offset + UUID_BYTES + 8).fill(0xee);
      expect(packUuid(uuid, bytes, offset)).toBe(true);
      expect(unpackUuid(bytes, offset)).toBe(uuid);
      expect([...bytes.subarray(0, offset), ...bytes.subarray(offset + UUID_BYTES)].every((b) => b === 0xee)).toBe(true);
    }), { numRuns: 1000 });
  });

  it('packs what crypto.randomUUID makes, byte for byte', () => {
    const uuid = randomUUID();
    const bytes = new Uint8Array(UUID_BYTES);
    expect(packUuid(uuid, bytes, 0)).toBe(true);
    expect(Buffer.from(bytes).toString('hex')).toBe(uuid.replaceAll('-', ''));
    expect(packUuid('00000000-0000-0000-0000-000000000000', bytes, 0)).toBe(true);
    expect(unpackUuid(bytes, 0)).toBe('00000000-0000-0000-0000-000000000000');
  });

  it('leaves anything else to be kept as text, writing nothing outside its 16 bytes', () => {
    const bytes = new Uint8Array(UUID_BYTES + 2).fill(7);
    for (const other of ['', 'e1', 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11 ', 'a0eebc999c0b-4ef8-bb6d-6bb9bd380a11-', 'g0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11']) {
      expect(packUuid(other, bytes, 1), other).toBe(false);
    }
    expect([bytes[0], bytes[UUID_BYTES + 1]]).toEqual([7, 7]);
  });

  it('packs exactly the strings in the form of a lowercase UUID (a regular expression as the oracle), each as it reads back', () => {
    const canonical = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    // Near-UUIDs: a UUID with one character replaced by any of those around hex digits and dashes.
    const near = fc.tuple(fc.uuid(), fc.nat(35), fc.constantFrom(...'-/09:@AFGZ`afgz{ \u00e9'.split(''))).map(([u, i, c]) => u.slice(0, i) + c + u.slice(i + 1));
    fc.assert(fc.property(fc.oneof(near, fc.string({ minLength: 36, maxLength: 36 })), (text) => {
      const bytes = new Uint8Array(UUID_BYTES);
      const packed = packUuid(text, bytes, 0);
      expect(packed).toBe(canonical.test(text));
      if (packed) expect(unpackUuid(bytes, 0)).toBe(text);
    }), { numRuns: 3000 });
  });
});
