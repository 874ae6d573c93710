/**
 * Each fault kind as a real HTTP client sees it over a port (issue 16): a dropped connection is an
 * error on the client side, a truncated body is shorter than its Content-Length, the rest are the
 * service's answers with their status and headers.
 */
import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/domain/clock';
import { type Simulator, createSimulator } from '../../src/simulator';
import { openSocket, untilClosed } from '../fuzz/raw';

let sim: Simulator;
let base: string;
const clock = manualClock();

beforeAll(async () => {
  sim = createSimulator({ clock, port: 0 });
  const { port } = await sim.listen();
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => sim.close());
afterEach(async () => {
  await clearFaults();
});

const addFault = async (rule: object) => (await (await fetch(`${base}/_sim/faults`, { method: 'POST', body: JSON.stringify(rule), headers: { 'Content-Type': 'application/json' } })).json()).id as string;
async function clearFaults() {
  await fetch(`${base}/_sim/faults`, { method: 'DELETE' });
}

/** A GET with Node's own client: the status line, headers and every byte that arrived before the end or an error. */
function rawGet(path: string): Promise<{ status?: number; headers?: Record<string, string | string[] | undefined>; bytes: number; error?: string }> {
  return new Promise((resolve) => {
    let bytes = 0;
    const req = request(`${base}${path}`, (res) => {
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes }));
      res.on('error', (e) => resolve({ status: res.statusCode, headers: res.headers, bytes, error: e.message }));
      res.on('aborted', () => resolve({ status: res.statusCode, headers: res.headers, bytes, error: 'aborted' }));
    });
    req.on('error', (e) => resolve({ bytes, error: e.message }));
    req.end();
  });
}

describe('faults over a port', () => {
  it('drop: the connection closes with no answer; fetch rejects; the journal shows status 0', async () => {
    const id = await addFault({ operationId: 'listVersions', drop: true, times: 2 });
    await expect(fetch(`${base}/api/`)).rejects.toThrow(TypeError);
    const raw = await rawGet('/api/');
    expect(raw.status).toBeUndefined();
    expect(raw.error).toMatch(/socket hang up|ECONNRESET/);
    expect((await fetch(`${base}/api/`)).status).toBe(200);
    const journal = (await (await fetch(`${base}/_sim/journal?operationId=listVersions`)).json()).requests;
    expect(journal.map((r: { status: number; fault?: string }) => [r.status, r.fault])).toEqual([[0, id], [0, id], [200, undefined]]);
    await clearFaults();
  });

  it('truncate: the headers announce the full length, the body stops after n bytes and the connection closes', async () => {
    const whole = await rawGet('/api/');
    expect(whole.error).toBeUndefined();
    await addFault({ operationId: 'listVersions', truncate: 10 });
    const cut = await rawGet('/api/');
    expect(cut.status).toBe(200);
    expect(Number(cut.headers!['content-length'])).toBe(whole.bytes);
    expect(cut.bytes).toBe(10);
    expect(cut.bytes).toBeLessThan(Number(cut.headers!['content-length']));
    expect(cut.error).toBeDefined();
    const res = await fetch(`${base}/api/`);
    await expect(res.text()).rejects.toThrow();
    await clearFaults();
  });

  it('truncate after a pipelined request: its answer, whole, comes first (held answers go out before the socket is written)', async () => {
    const port = new URL(base).port;
    /** Two requests in one write on one connection; every byte until the server closes it. */
    const pipelined = async (text: string) => {
      const s = await openSocket(Number(port));
      const closed = untilClosed(s);
      s.write(text);
      return closed;
    };
    const H = `Host: localhost:${port}`;
    const requests = `GET /no/such/path HTTP/1.1\r\n${H}\r\n\r\nGET /api/ HTTP/1.1\r\n${H}\r\n\r\n`;
    await addFault({ operationId: 'listVersions', truncate: 10, times: 1 });
    const cut = await pipelined(requests);
    expect(cut.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
    expect(cut.indexOf('MALFORMED_URL')).toBeGreaterThan(0);
    expect(cut.indexOf('MALFORMED_URL')).toBeLessThan(cut.lastIndexOf('HTTP/1.1 200'));
  });

  it('status and failure: the status, the FAILURE body and the service headers', async () => {
    await addFault({ preset: 'service-unavailable', minutes: 12, times: 1 });
    const down = await fetch(`${base}/api/`);
    expect(down.status).toBe(503);
    expect(down.headers.get('x-tenantapi-downtimeexpecteddurationminutes')).toBe('12');
    expect(down.headers.get('x-tenantapi-status')).toBe('FAILURE');
    expect((await down.json()).errors).toEqual([{ type: 'UNEXPECTED_ERROR', message: 'The service is unavailable for maintenance; expected back in 12 minutes.' }]);
    await addFault({ operationId: 'listVersions', failure: 'MALFORMED_URL', times: 1 });
    const xml = await fetch(`${base}/api/`, { headers: { Accept: 'application/xml' } });
    expect(xml.headers.get('content-type')).toBe('application/xml;charset=UTF-8');
    expect(await xml.text()).toContain('<type>MALFORMED_URL</type>');
    expect((await fetch(`${base}/api/`)).status).toBe(200);
    await clearFaults();
  });

  it('throttle: the burst-exhausted answer with its headers; delay: the answer comes after the simulated delay', async () => {
    await addFault({ operationId: 'createSession', throttle: true, times: 1 });
    const login = () => fetch(`${base}/api/v25.3/auth`, { method: 'POST', body: new URLSearchParams({ username: 'alice@acme.example', password: 'Passw0rd!' }) });
    const refused = await login();
    expect(refused.headers.get('x-tenantapi-burstlimitremaining')).toBe('0');
    expect((await refused.json()).errors[0].type).toBe('API_LIMIT_EXCEEDED');
    expect((await (await login()).json()).responseStatus).toBe('SUCCESS');
    await addFault({ operationId: 'listVersions', delayMs: 1500, times: 1 });
    const slept = clock.slept.length;
    expect((await fetch(`${base}/api/`)).status).toBe(200);
    expect(clock.slept.slice(slept)).toEqual([1500]);
    await clearFaults();
  });
});
