import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openSocket, untilClosed } from '../../test/fuzz/raw';
import { freeAnswerBytes, isLent, lendAnswerBytes } from './answer-bytes';
import { AnswerResponse, HOLD_MAX_MS, requestArrived, sendAllHeld, sendHeldOnHalfClose } from './answer-response';

type Handler = (req: IncomingMessage, res: AnswerResponse) => void;

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done) ?? done(undefined));
  server = undefined;
});

/** A plain Node server whose responses are AnswerResponses, told of each request and wired for half-closes as server.ts does, on a port of loopback. */
async function serve(handler: Handler): Promise<number> {
  server = createServer({ ServerResponse: AnswerResponse as typeof ServerResponse }, (req, res) => {
    requestArrived(req.socket);
    handler(req, res as AnswerResponse);
  });
  sendHeldOnHalfClose(server, false);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

/** GET `path`: the status and the body as text (an error when the connection closes first). */
function get(port: number, path = '/'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve({ status: res.statusCode!, body })).on('error', reject);
    });
    req.on('error', reject).end();
  });
}

const nextTurn = () => new Promise((done) => setImmediate(done));

/** Raw bytes to the server (`end`: then half-close), and all it sent back until it closed the connection (test/fuzz/raw.ts). */
async function raw(port: number, text: string, end = false): Promise<string> {
  const s = await openSocket(port);
  const closed = untilClosed(s);
  if (end) s.end(text);
  else s.write(text);
  return closed;
}
const bodies = (text: string) => text.split(/HTTP\/1\.1 /).slice(1).map((a) => `${a.slice(0, 3)} ${a.slice(a.indexOf('\r\n\r\n') + 4)}`);

describe('answers held until the turn of the event loop ends', () => {
  it('holds a whole answer (end with a body) and writes it once the turn ends', async () => {
    const seen: unknown[] = [];
    const port = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('hello');
      seen.push(['after end', res.holding, res.writableEnded]);
      setImmediate(() => seen.push(['next turn', res.holding, res.writableEnded]));
    });
    expect(await get(port)).toEqual({ status: 200, body: 'hello' });
    expect(seen).toEqual([
      ['after end', true, false],
      ['next turn', false, true],
    ]);
  });

  it('writes the answers held in one turn together, in the order they ended', async () => {
    const waiting: AnswerResponse[] = [];
    const states: string[] = [];
    const finished: string[] = [];
    const port = await serve((req, res) => {
      res.on('finish', () => finished.push(req.url!));
      waiting.push(res);
      if (waiting.length < 3) return;
      // The third request ends all three in its own turn, the first one last.
      for (const r of [waiting[1], waiting[2], waiting[0]]) r.end(`answer of ${r.req.url}`);
      states.push(waiting.map((r) => `${r.req.url}:${r.writableEnded}`).join(' '));
      setImmediate(() => states.push(waiting.map((r) => `${r.req.url}:${r.writableEnded}`).join(' ')));
    });
    const a = get(port, '/a');
    await waitFor(() => waiting.length === 1);
    const b = get(port, '/b');
    await waitFor(() => waiting.length === 2);
    const c = get(port, '/c');
    expect((await Promise.all([a, b, c])).map((r) => r.body)).toEqual(['answer of /a', 'answer of /b', 'answer of /c']);
    expect(states).toEqual(['/a:false /b:false /c:false', '/a:true /b:true /c:true']);
    expect(finished).toEqual(['/b', '/c', '/a']);
  });

  it('sends at once what is not a whole answer: an end without a body after writes, or an end with a callback', async () => {
    const seen: unknown[] = [];
    const port = await serve((req, res) => {
      if (req.url === '/stream') {
        res.write('part one, ');
        res.end();
      } else res.end('with a callback', () => seen.push('callback'));
      seen.push([req.url, res.holding, res.writableEnded]);
    });
    expect((await get(port, '/stream')).body).toBe('part one, ');
    expect((await get(port, '/callback')).body).toBe('with a callback');
    expect(seen).toEqual([
      ['/stream', false, true],
      ['/callback', false, true],
      'callback',
    ]);
  });

  it('sends a held answer before a later write or end, which Node then refuses as after the end', async () => {
    const errors: string[] = [];
    const port = await serve((req, res) => {
      res.on('error', (e: NodeJS.ErrnoException) => errors.push(`${req.url} ${e.code}`));
      res.end('first');
      if (req.url === '/write') res.write('second');
      else res.end('second');
    });
    expect((await get(port, '/write')).body).toBe('first');
    expect((await get(port, '/end')).body).toBe('first');
    await waitFor(() => errors.length === 2);
    expect(errors).toEqual(['/write ERR_STREAM_WRITE_AFTER_END', '/end ERR_STREAM_WRITE_AFTER_END']);
  });

  it('writes the held answers when asked to (before closing the connections), not after they are closed', async () => {
    const port = await serve((req, res) => {
      res.end(`last answer of ${req.url}`);
      sendAllHeld();
      server!.closeAllConnections();
    });
    expect(await get(port, '/closing')).toEqual({ status: 200, body: 'last answer of /closing' });
  });

  it('sends an answer held before a later request of its connection (pipelined) is served', async () => {
    const seen: unknown[] = [];
    let first: AnswerResponse | undefined;
    const port = await serve((req, res) => {
      if (req.url === '/first') {
        first = res;
        res.end('one');
      } else {
        seen.push(['second begins; first holding:', first!.holding, 'first ended:', first!.writableEnded]);
        res.end('two');
      }
    });
    const got = await raw(port, 'GET /first HTTP/1.1\r\nHost: x\r\n\r\nGET /second HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(bodies(got)).toEqual(['200 one', '200 two']);
    expect(seen).toEqual([['second begins; first holding:', false, 'first ended:', true]]);
  });

  it('sends the held answers before a new request once the oldest has waited HOLD_MAX_MS', async () => {
    const seen: unknown[] = [];
    const port = await serve((_req, res) => {
      res.end('waited');
      seen.push(res.holding);
      const until = performance.now() + HOLD_MAX_MS + 0.5;
      while (performance.now() < until); // the rest of the turn's work
      requestArrived(new Socket()); // as a request of another connection read in the same turn
      seen.push(res.holding, res.writableEnded);
    });
    expect((await get(port)).body).toBe('waited');
    expect(seen).toEqual([true, false, true]);
  });

  it('sends at once an answer ended outside a turn that received requests (a timer)', async () => {
    const seen: unknown[] = [];
    const port = await serve((_req, res) => {
      setTimeout(() => {
        res.end('later');
        seen.push(res.holding, res.writableEnded);
      }, 5);
    });
    expect((await get(port)).body).toBe('later');
    expect(seen).toEqual([false, true]);
  });

  it('sends the held answers before the half-close of a client ends the connection', async () => {
    const port = await serve((_req, res) => {
      // After this turn's end, as if another request were read then (Node parses a queued pipelined
      // request when an answer finishes): the answer is held over the next turn, where the client's
      // FIN is read and Node ends the socket.
      setImmediate(() => {
        requestArrived(new Socket());
        res.end('before the close');
      });
    });
    const got = await raw(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n', true);
    expect(bodies(got)).toEqual(['200 before the close']);
  });

  it('refuses headers set after a held end, as Node does once an answer has ended, and sends the answer as it was', async () => {
    const codes: unknown[] = [];
    const port = await serve((req, res) => {
      res.end('as it was');
      try {
        if (req.url === '/head') res.writeHead(500);
        else res.setHeader('X-Late', '1');
      } catch (e) {
        codes.push((e as NodeJS.ErrnoException).code);
      }
    });
    expect(await get(port, '/head')).toEqual({ status: 200, body: 'as it was' });
    expect(await get(port, '/header')).toEqual({ status: 200, body: 'as it was' });
    expect(codes).toEqual(['ERR_HTTP_HEADERS_SENT', 'ERR_HTTP_HEADERS_SENT']);
  });

  it('closes only the connection of an answer Node will not write, and writes the rest of its batch', async () => {
    const waiting: AnswerResponse[] = [];
    const port = await serve((_req, res) => {
      waiting.push(res);
      if (waiting.length < 2) return;
      waiting[0].statusCode = 1000; // not a status: Node throws when it writes the head
      for (const r of waiting) r.end(`answer of ${r.req.url}`);
    });
    const bad = raw(port, 'GET /bad HTTP/1.1\r\nHost: x\r\n\r\n');
    await waitFor(() => waiting.length === 1);
    const good = get(port, '/good');
    expect(await bad).toBe('');
    expect(await good).toEqual({ status: 200, body: 'answer of /good' });
  });

  it('closes only the connection of a held answer Node will not write when a pipelined request sends it', async () => {
    const port = await serve((req, res) => {
      res.end(`answer of ${req.url}`);
      if (req.url === '/bad') res.statusCode = 1000;
    });
    expect(await raw(port, 'GET /bad HTTP/1.1\r\nHost: x\r\n\r\nGET /next HTTP/1.1\r\nHost: x\r\n\r\n')).toBe('');
    expect(await get(port, '/after')).toEqual({ status: 200, body: 'answer of /after' });
  });

  it('gives lent bytes back once a held answer is finished, and unsent (at the turn\'s end) when its response is destroyed first', async () => {
    const lent: Buffer[] = [];
    const freeAfterLending: number[] = [];
    const port = await serve((req, res) => {
      const bytes = lendAnswerBytes(10_000).fill(0x61);
      freeAfterLending.push(freeAnswerBytes()); // other tests of the worker may have left buffers of its class free
      lent.push(bytes);
      res.end(bytes);
      if (req.url === '/destroyed') res.destroy();
    });
    expect((await get(port, '/sent')).body).toBe('a'.repeat(10_000));
    await waitFor(() => !isLent(lent[0]));
    expect(freeAnswerBytes()).toBe(freeAfterLending[0] + 16_384);
    await expect(get(port, '/destroyed')).rejects.toThrow();
    await nextTurn();
    expect(isLent(lent[1])).toBe(false);
    // The server goes on answering.
    expect((await get(port, '/after')).body).toBe('a'.repeat(10_000));
  });
});

async function waitFor(done: () => boolean, timeoutMs = 2000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 2));
  }
}
