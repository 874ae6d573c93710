import { describe, expect, it } from 'vitest';
import { withKeptSlot } from '../domain/kept-slot';
import { JSON_BYTES_FROM, type JsonWriter, plainBodyOf, reusableBodyOf, structured, writtenBy } from './respond';
import { isLent } from './answer-bytes';

describe('reusableBodyOf', () => {
  it('builds the body of an answer once, frozen when handed out again, and builds anew for another answer object', () => {
    let built = 0;
    const build = (n: number) => () => {
      built++;
      return { responseStatus: 'SUCCESS', data: [{ n }] };
    };
    const answer = withKeptSlot({});
    const body = reusableBodyOf(answer, build(1));
    expect(Object.isFrozen(body)).toBe(false); // held by its one request only: not frozen yet
    expect(reusableBodyOf(answer, build(2))).toBe(body);
    expect(Object.isFrozen(body)).toBe(true);
    expect(built).toBe(1);
    expect(Object.isFrozen(body.data[0])).toBe(true);
    const other = reusableBodyOf(withKeptSlot({}), build(3));
    expect(other).not.toBe(body);
    expect(other.data[0].n).toBe(3);
    expect(built).toBe(2);
    // An answer the domain gave no body slot is a defect of the caller, not kept on the side.
    expect(() => reusableBodyOf({}, build(4))).toThrow(/no body slot/);
    expect(built).toBe(2);
  });
});

describe('structured JSON answers', () => {
  const env = () => ({ xml: false, outcome: { executionId: 'x1', delayMs: 0 } });
  const big = (n: number) => ({ responseStatus: 'SUCCESS', data: Array.from({ length: n }, (_, i) => ({ id: i, name__v: `Document é ${i}` })) });

  it('send a short answer as its text, a long one as lent UTF-8 bytes (answer-bytes.ts; the journal copies them)', async () => {
    const short = structured(env(), { responseStatus: 'SUCCESS', n: 1 });
    expect(plainBodyOf(short)).toBe('{"responseStatus":"SUCCESS","n":1}');
    const body = big(200);
    const text = JSON.stringify(body);
    expect(text.length).toBeGreaterThanOrEqual(JSON_BYTES_FROM);
    const long = structured(env(), body);
    const bytes = plainBodyOf(long) as Buffer;
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.byteOffset).toBe(0);
    expect(isLent(bytes)).toBe(true); // not a view on Node's shared pool: a buffer of its size class, lent
    expect(bytes.buffer.byteLength).toBeGreaterThanOrEqual(bytes.byteLength);
    expect(bytes.toString('utf8')).toBe(text);
    expect(await long.text()).toBe(text);
  });

  it('send a reusable body of a kept answer as its text or bytes, encoded once, the same bytes every time after', () => {
    for (const [n, long] of [[3, false], [200, true]] as const) {
      const answer = withKeptSlot({});
      const body = reusableBodyOf(answer, () => big(n));
      expect(reusableBodyOf(answer, () => big(1))).toBe(body); // held by the answer's slot
      const text = JSON.stringify(body);
      const first = plainBodyOf(structured(env(), body));
      const second = plainBodyOf(structured(env(), body));
      // The first answer: a short one's text (encoded on its second answer), a long one's lent bytes
      // (answer-bytes.ts: an answer asked for once keeps no bytes); the second: bytes of its own, kept.
      if (long) expect(first).toEqual(Buffer.from(text));
      else expect(first).toBe(text);
      expect(isLent(first)).toBe(long);
      expect(second).toEqual(Buffer.from(text));
      expect(isLent(second)).toBe(false);
      expect(plainBodyOf(structured(env(), body))).toBe(second); // encoded once: every later answer writes the same bytes
    }
  });

  it('send a body with a writer as the writer writes it: lent bytes first, bytes of its own kept after, and jsonTextOrBytes when it declines', () => {
    const text = JSON.stringify(big(200));
    const asked: [number, boolean][] = [];
    const writer: JsonWriter = (body, bytesFrom, bytesFor) => {
      asked.push([bytesFrom, bytesFor !== undefined]);
      const out = (bytesFor ?? Buffer.allocUnsafeSlow)(Buffer.byteLength(text));
      out.write(text);
      return out;
    };
    const answer = withKeptSlot({});
    const body = reusableBodyOf(answer, () => writtenBy(big(200), writer));
    const first = plainBodyOf(structured(env(), body)) as Buffer;
    const second = plainBodyOf(structured(env(), reusableBodyOf(answer, () => big(1)))) as Buffer;
    expect(first.toString()).toBe(text);
    expect(isLent(first)).toBe(true);
    expect(second.toString()).toBe(text);
    expect(isLent(second)).toBe(false); // kept bytes are never lent: a lent buffer goes back to the pool once sent
    expect(plainBodyOf(structured(env(), body))).toBe(second);
    expect(asked).toEqual([[JSON_BYTES_FROM, true], [JSON_BYTES_FROM, false]]);
    // a writer that declines (undefined): the body is written by jsonTextOrBytes
    const declined = plainBodyOf(structured(env(), writtenBy(big(200), () => undefined))) as Buffer;
    expect(declined.toString()).toBe(text);
    expect(plainBodyOf(structured(env(), writtenBy({ responseStatus: 'SUCCESS', n: 1 }, () => undefined)))).toBe('{"responseStatus":"SUCCESS","n":1}');
  });
});
