import { describe, expect, it } from 'vitest';
import { packUuid, unpackUuid, UUID_BYTES } from '../domain/usage/uuid-bytes';
import { newExecutionId } from './execution-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newExecutionId', () => {
  it('makes lowercase version 4 UUIDs, each different', () => {
    const ids = Array.from({ length: 5000 }, newExecutionId);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('packs into the usage log\'s 16 bytes and reads back the same', () => {
    const bytes = new Uint8Array(UUID_BYTES);
    for (let i = 0; i < 100; i++) {
      const id = newExecutionId();
      expect(packUuid(id, bytes, 0)).toBe(true);
      expect(unpackUuid(bytes, 0)).toBe(id);
    }
  });

  it('keeps the first 80 bits of a process and counts on in the last 48', () => {
    const [a, b] = [newExecutionId(), newExecutionId()];
    expect(b.slice(0, 24)).toBe(a.slice(0, 24));
    expect((Number.parseInt(b.slice(24), 16) - Number.parseInt(a.slice(24), 16) + 2 ** 48) % 2 ** 48).toBe(1);
  });

  it('carries from the low 24 bits of the count into the high 24', () => {
    let before = newExecutionId();
    for (let i = 0; i < 0x1000000; i++) {
      const id = newExecutionId();
      if (id.endsWith('000000')) {
        expect(before.slice(30)).toBe('ffffff');
        expect((Number.parseInt(id.slice(24, 30), 16) - Number.parseInt(before.slice(24, 30), 16) + 0x1000000) % 0x1000000).toBe(1);
        expect(id).toMatch(UUID_V4);
        return;
      }
      before = id;
    }
    throw new Error('no carry in 2^24 ids');
  });
});
