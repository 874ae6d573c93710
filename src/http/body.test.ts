import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseUrlEncoded, readNodeBody } from './body';

const request = () => new IncomingMessage(new Socket());

describe('readNodeBody', () => {
  it('reads every chunk up to the end', async () => {
    const req = request();
    const read = readNodeBody(req, 100);
    req.push(Buffer.from('username=a'));
    req.push(Buffer.from('&password=b'));
    req.push(null);
    expect(Buffer.from(await read).toString()).toBe('username=a&password=b');
    expect(req.listenerCount('data') + req.listenerCount('end') + req.listenerCount('close')).toBe(0);
  });

  it('refuses a body over the bound, and drains the rest', async () => {
    const req = request();
    const read = readNodeBody(req, 5);
    req.push(Buffer.from('123456'));
    await expect(read).rejects.toMatchObject({ errors: [{ type: 'INVALID_DATA' }] });
    expect(req.readableFlowing).toBe(true);
    expect(req.listenerCount('data')).toBe(0);
  });

  it('rejects when the client went away before the body was read, or goes away before its end', async () => {
    const gone = request();
    gone.destroy();
    await expect(readNodeBody(gone, 100)).rejects.toThrow(/closed the connection/);
    const leaving = request();
    const read = readNodeBody(leaving, 100);
    leaving.push(Buffer.from('user'));
    leaving.destroy();
    await expect(read).rejects.toThrow(/closed the connection/);
  });
});

describe('parseUrlEncoded', () => {
  it('decodes + and %XX, keeps the last of repeated names, and reads a view of a larger buffer', () => {
    const big = Buffer.from('xxq=a+b%20c&n=1&n=2&e=%E2%82%ACyy');
    expect(parseUrlEncoded(new Uint8Array(big.buffer, big.byteOffset + 2, big.length - 4))).toEqual({ q: 'a b c', n: '2', e: '€' });
  });

  it('makes a plain record: a name __proto__ or constructor is an own value, names in order of first sight, a malformed escape kept', () => {
    const text = 'b=1&__proto__=x&a=%zz&b=2&constructor=c';
    const record = parseUrlEncoded(Buffer.from(text));
    expect(record).toStrictEqual(Object.fromEntries(new URLSearchParams(text)));
    expect(Object.keys(record)).toEqual(['b', '__proto__', 'a', 'constructor']);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(record.b).toBe('2');
    // the values themselves, not only the same record as the platform's (the assertion above holds for any reading of both)
    expect(Object.getOwnPropertyDescriptor(record, '__proto__')?.value).toBe('x');
    expect([record.a, record.constructor]).toEqual(['%zz', 'c']);
  });
});
