/**
 * issue 18 #11: connections are bounded: a request whose headers trickle in is answered 408 and
 * closed after the headers timeout, an idle kept-alive connection is closed after the keep-alive
 * timeout, and connections beyond the maximum are closed at once while the others are served.
 * (Each waits for the server to act, never for a time.)
 */
import { Agent, get } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONNECTION_LIMITS } from '../../src/http/server';
import { createSimulator, type Simulator, type SimulatorOptions } from '../../src/simulator';
import { openSocket, parseRawAnswer, untilClosed } from '../fuzz/raw';

let sim: Simulator | undefined;
afterEach(() => sim?.close());

async function start(connections: SimulatorOptions['connections']): Promise<number> {
  sim = createSimulator({ port: 0, settings: { throttling: false }, connections });
  return (await sim.listen()).port;
}

const GET = 'GET /api/ HTTP/1.1\r\nHost: localhost\r\n\r\n';

describe('connection bounds', () => {
  it('documents its defaults', () => {
    expect(DEFAULT_CONNECTION_LIMITS).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 120_000, keepAliveTimeoutMs: 5_000, maxConnections: 512 });
  });

  it('a request whose headers never end is answered 408 (JSON) and its connection closed', async () => {
    const port = await start({ headersTimeoutMs: 50, requestTimeoutMs: 100 });
    const s = await openSocket(port);
    const closed = untilClosed(s);
    s.write('GET /api/ HTTP/1.1\r\nHost: localhost\r\nX-Slow: '); // and nothing more (slowloris)
    const a = parseRawAnswer(await closed);
    expect(a.status).toBe(408);
    expect(JSON.parse(a.body)).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: 'The request could not be read as HTTP/1.1: the request took longer than its timeout.' }] });
  });

  // (Node's own check was seen to miss such a connection under the generated traffic of the soak; bench/soak.ts reproduces that.)
  it('a request whose headers trickle in is closed while other connections are busy', async () => {
    const port = await start({ headersTimeoutMs: 300, requestTimeoutMs: 1000 });
    const s = await openSocket(port);
    const closed = untilClosed(s);
    s.write('GET /api/ HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    let open = true;
    void closed.then(() => (open = false));
    const drip = setInterval(() => open && s.write('a'), 50);
    // Eight kept-alive clients ask again and again until the trickling connection is closed.
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const busy = Array.from({ length: 8 }, async () => {
      while (open) await new Promise((resolve) => get(`http://127.0.0.1:${port}/api/`, { agent }, (res) => res.resume().on('end', resolve)));
    });
    const a = parseRawAnswer(await closed);
    clearInterval(drip);
    await Promise.all(busy);
    agent.destroy();
    expect(a.status).toBe(408);
  });

  it('an idle kept-alive connection is closed after its answer', async () => {
    const port = await start({ keepAliveTimeoutMs: 1000 });
    const s = await openSocket(port);
    const closed = untilClosed(s);
    s.write(GET);
    const a = parseRawAnswer(await closed); // the server closes it; the test does not
    expect(a.status).toBe(200);
    expect(a.headers['keep-alive']).toBe('timeout=1');
  });

  it('connections beyond the maximum are closed at once; those within are served', async () => {
    const port = await start({ maxConnections: 2 });
    const first = await openSocket(port);
    const second = await openSocket(port);
    const firstAnswer = new Promise<string>((resolve) => first.once('data', (d) => resolve(String(d))));
    first.write(GET); // the server has accepted the first connection once it answers on it
    expect(parseRawAnswer(await firstAnswer).status).toBe(200);
    const third = await openSocket(port);
    expect(await untilClosed(third)).toBe('');
    const secondClosed = untilClosed(second);
    second.write(`${GET.slice(0, -2)}Connection: close\r\n\r\n`);
    expect(parseRawAnswer(await secondClosed).status).toBe(200);
    first.destroy();
  });
});
