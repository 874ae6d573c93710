/**
 * issue 18 #8: a refused over-limit upload costs no memory: refused on its Content-Length before a
 * byte is read; without one (chunked), counted as it streams and let go past the limit; an
 * accepted upload is held once (one buffer of its length; multipart parts are views of it).
 * Measured in bytes held by body reads (`bufferedBytes`), not RSS.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src/simulator';
import { bufferedBytes, resetBufferedPeak } from '../../src/streams';

const LIMIT = 1024 * 1024; // the upload maximum of this world
const BODY_MAX = LIMIT + 1024 * 1024; // a multipart body may carry the file and 1 MB of other parts

let sim: Simulator;
let base: string;
let session: string;
beforeAll(async () => {
  sim = createSimulator({ port: 0, settings: { throttling: false, uploadMaxBytes: LIMIT } });
  base = (await sim.listen()).url;
  const login = await fetch(`${base}/api/v25.3/auth`, { method: 'POST', body: new URLSearchParams({ username: 'bob@acme.example', password: 'Passw0rd!', tenantDNS: 'promo.acme.example' }) });
  session = (await login.json()).sessionId;
});
afterAll(() => sim.close());
beforeEach(() => resetBufferedPeak());

/** POSTs a multipart document whose file part is `fileBytes` long, sent in 64 KB chunks; `declare` sends a Content-Length (else chunked). */
function upload(fileBytes: number, declare: boolean, declaredLength?: number): Promise<{ status: number; body: any }> {
  const boundary = 'dmsSimBoundary';
  const head = Buffer.from([
    ...['name__v=Upload', 'type__v=Product Label', 'lifecycle__v=General Lifecycle'].map((kv) => {
      const [k, v] = kv.split('=');
      return `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
    }),
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  ].join(''));
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fileBytes + tail.length;
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/v25.3/objects/documents`, {
      agent: false, // a connection each: a refused body's connection is closed after it
      method: 'POST',
      headers: {
        Authorization: session, 'Content-Type': `multipart/form-data; boundary=${boundary}`,
        ...(declare ? { 'Content-Length': String(declaredLength ?? length) } : { 'Transfer-Encoding': 'chunked' }),
      },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d) => (text += d)).on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', (e) => (e.message.includes('EPIPE') || e.message.includes('ECONNRESET') ? undefined : reject(e)));
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const pumpRest = () => {
      while (sent < fileBytes) {
        const n = Math.min(chunk.length, fileBytes - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pumpRest);
      }
      req.end(tail);
    };
    req.write(head);
    pumpRest();
  });
}

const tooLarge = { responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: `The request body is larger than the maximum of ${BODY_MAX} bytes.` }] };

describe('upload memory', () => {
  it('an upload whose Content-Length is over the limit is refused before a byte of it is held', async () => {
    const a = await upload(0, true, 100 * 1024 * 1024);
    expect(a.body).toEqual(tooLarge);
    expect(bufferedBytes.peak).toBe(0);
  });

  it('a chunked upload over the limit is refused once it passes the limit, holding at most the limit', async () => {
    const a = await upload(8 * BODY_MAX, false);
    expect(a.body).toEqual(tooLarge);
    expect(bufferedBytes.peak).toBeGreaterThan(0);
    expect(bufferedBytes.peak).toBeLessThanOrEqual(BODY_MAX);
    expect(bufferedBytes.current).toBe(0);
  });

  it('an accepted upload is held once: one buffer of its declared length', async () => {
    const a = await upload(LIMIT - 10, true);
    expect(a.body).toMatchObject({ responseStatus: 'SUCCESS' });
    const length = LIMIT - 10 + 400; // the file and a few hundred bytes of other parts
    expect(bufferedBytes.peak).toBeGreaterThan(LIMIT - 10);
    expect(bufferedBytes.peak).toBeLessThan(length);
    expect(bufferedBytes.current).toBe(0);
  });

  it('four over-limit uploads at once hold nothing when declared, at most the limit each when chunked', async () => {
    const answers = await Promise.all([upload(0, true, 200 * 1024 * 1024), upload(0, true, 200 * 1024 * 1024), upload(4 * BODY_MAX, false), upload(4 * BODY_MAX, false)]);
    for (const a of answers) expect(a.body).toEqual(tooLarge);
    expect(bufferedBytes.peak).toBeLessThanOrEqual(2 * BODY_MAX);
    expect(bufferedBytes.current).toBe(0);
  });
});
