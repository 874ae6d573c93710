import { describe, expect, it } from 'vitest';
import { boundaryOf, parseMultipart } from './multipart';

const body = (s: string) => Buffer.from(s, 'utf8');

describe('parseMultipart', () => {
  it('reads what a browser sends as FormData does, file parts as views of the body (no copy)', async () => {
    const form = new FormData();
    form.set('name__v', 'Ünïcode name');
    form.set('file', new Blob([new Uint8Array([0, 1, 2, 255])], { type: 'image/png' }), 'ä "quoted".png');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const bytes = Buffer.from(await request.arrayBuffer());
    const parsed = parseMultipart(bytes, request.headers.get('content-type')!);
    expect(parsed.name__v).toBe('Ünïcode name');
    const file = parsed.file as { filename: string; type: string; bytes: Uint8Array };
    expect(file).toMatchObject({ filename: 'ä "quoted".png', type: 'image/png' });
    expect([...file.bytes]).toEqual([0, 1, 2, 255]);
    expect(file.bytes.buffer).toBe(bytes.buffer);
  });

  it('takes a quoted boundary, a preamble, filename*, a file without a type; the last of repeated names wins', () => {
    const text = 'preamble\r\n--a b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--a b\r\nContent-Disposition: form-data; name="x"\r\n\r\n2\r\n'
      + "--a b\r\ncontent-disposition: form-data; name=f; filename=\"_\"; filename*=UTF-8''%E2%82%AC.txt\r\n\r\nE\r\n--a b--\r\nepilogue";
    expect(parseMultipart(body(text), 'multipart/form-data; boundary="a b"')).toEqual({
      x: '2', f: { filename: '€.txt', type: 'application/octet-stream', bytes: expect.anything() },
    });
  });

  it('gives a prototype-free record: a part named __proto__ is a field like any other', () => {
    const parsed = parseMultipart(body('--b\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--b--'), 'multipart/form-data; boundary=b');
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['__proto__']);
  });

  it.each([
    ['no boundary', '--b\r\n\r\n--b--', 'multipart/form-data'],
    ['no delimiter', 'just text', 'multipart/form-data; boundary=b'],
    ['no end of headers', '--b\r\nContent-Disposition: form-data; name="x"', 'multipart/form-data; boundary=b'],
    ['no closing delimiter', '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nvalue', 'multipart/form-data; boundary=b'],
    ['a part without a name', '--b\r\nContent-Type: text/plain\r\n\r\nv\r\n--b--', 'multipart/form-data; boundary=b'],
    ['garbage after a delimiter', '--bXYZ\r\n\r\n--b--', 'multipart/form-data; boundary=b'],
  ])('refuses %s as INVALID_DATA', (_, text, contentType) => {
    expect(() => parseMultipart(body(text), contentType)).toThrow(expect.objectContaining({ errors: [{ type: 'INVALID_DATA', message: 'The request body could not be read as multipart/form-data.' }] }));
  });

  it('reads the boundary parameter, quoted or not, and refuses one over 70 characters', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBe('abc');
    expect(boundaryOf('multipart/form-data; charset=x; BOUNDARY="a\\"b"')).toBe('a"b');
    expect(boundaryOf(`multipart/form-data; boundary=${'x'.repeat(71)}`)).toBeUndefined();
  });
});
