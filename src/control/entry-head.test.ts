import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeHead, decodePath, encodeHead, FIELD_MAX, HEAD_MAX } from './entry-head';

describe('entry head', () => {
  it('gives back the path, query and both headers as encoded, in their order', () => {
    const bytes = Buffer.from(encodeHead('/api/v25.3/objects/documents/7', 'limit=20&sort=name__v%20ASC', { host: 'promo.acme.example', authorization: 'S1-é' }, { 'Content-Type': 'application/json', 'X-TenantAPI-Status': 'SUCCESS' }));
    expect(decodeHead(bytes)).toEqual({
      path: '/api/v25.3/objects/documents/7',
      query: 'limit=20&sort=name__v%20ASC',
      requestHeaders: { host: 'promo.acme.example', authorization: 'S1-é' },
      responseHeaders: { 'Content-Type': 'application/json', 'X-TenantAPI-Status': 'SUCCESS' },
    });
    expect(Object.keys(decodeHead(bytes).responseHeaders)).toEqual(['Content-Type', 'X-TenantAPI-Status']);
    expect(decodePath(bytes)).toBe('/api/v25.3/objects/documents/7');
    // two counts of 2 bytes, then 10 strings and 9 NULs; 'é' takes 2 bytes
    expect(bytes.byteLength).toBe(4 + 30 + 27 + (4 + 18) + (13 + 5) + (12 + 16) + (18 + 7) + 9);
    // a NUL of any string is shown as U+FFFD: the fields stay apart
    expect(decodeHead(Buffer.from(encodeHead('/a\u0000b', 'q\u0000', { h: 'v' }, { Location: 'http://x/?a=\u0000b', 'X-\u0000': 'SUCCESS' })))).toEqual({
      path: '/a\ufffdb', query: 'q\ufffd', requestHeaders: { h: 'v' }, responseHeaders: { Location: 'http://x/?a=\ufffdb', 'X-\ufffd': 'SUCCESS' },
    });
  });

  it('writes over its buffer at the next call: the caller copies', () => {
    const first = encodeHead('/a', '', {}, {});
    const copy = Buffer.from(first);
    encodeHead('/b', '', {}, {});
    expect(decodePath(copy)).toBe('/a');
    expect(decodePath(first)).toBe('/b');
  });

  it('cuts a string at FIELD_MAX characters and keeps the header pairs that fit in HEAD_MAX bytes', () => {
    const long = 'x'.repeat(FIELD_MAX + 10);
    const many: Record<string, string> = {};
    for (let i = 0; i < 40; i++) many[`h${i}`] = 'é'.repeat(4000); // 8,000 bytes each; 40 of them do not fit
    const bytes = Buffer.from(encodeHead(long, long, many, { a: 'b' }));
    expect(bytes.byteLength).toBeLessThanOrEqual(HEAD_MAX);
    const head = decodeHead(bytes);
    expect(head.path).toBe('x'.repeat(FIELD_MAX));
    expect(head.query).toBe('x'.repeat(FIELD_MAX));
    const kept = Object.keys(head.requestHeaders);
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.length).toBeLessThan(40);
    // the text holds at most (HEAD_MAX - 4) / 3 characters: path and query (FIELD_MAX and a NUL each), then
    // pairs of NUL, name, NUL and 4,000 characters while they fit
    const room = Math.floor((HEAD_MAX - 4) / 3) - (2 * FIELD_MAX + 1);
    let fit = 0;
    for (let used = 0; used + 2 + `h${fit}`.length + 4000 <= room; fit++) used += 2 + `h${fit}`.length + 4000;
    expect(fit).toBe(13);
    expect(kept).toHaveLength(fit);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => `h${i}`));
    expect(head.requestHeaders.h0).toBe('é'.repeat(4000));
  });

  it('round-trips any strings (property)', () => {
    const headers = fc.dictionary(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 60 }), { maxKeys: 8 });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ maxLength: 100 }), headers, headers, (path, query, req, res) => {
      const head = decodeHead(Buffer.from(encodeHead(path, query, req, res)));
      // lone surrogates become U+FFFD in UTF-8, and so does a NUL (the separator): compare with that
      const utf8 = (s: string) => Buffer.from(s.replaceAll('\u0000', '\ufffd'), 'utf8').toString('utf8');
      const utf8Record = (r: Record<string, string>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [utf8(k), utf8(v)]));
      expect(head).toEqual({ path: utf8(path), query: utf8(query), requestHeaders: utf8Record(req), responseHeaders: utf8Record(res) });
    }));
  });
});
