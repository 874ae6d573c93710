import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freeAnswerBytes, isLent, lendAnswerBytes } from './answer-bytes';
import { AnswerResponse, sendAllHeld } from './answer-response';

type Handler = (req: IncomingMessage, res: AnswerResponse) => void;

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done) ?? done(undefined));
  server = undefined;
});

/** A plain Node server whose responses are AnswerResponses, on a port of loopback. */
async function serve(handler: Handler): Promise<number> {
  server = createServer({ ServerResponse: AnswerResponse as typeof ServerResponse }, (req, res) => handler(req, res as AnswerResponse));
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

  it('gives lent bytes back once a held answer is finished, and at once when its response is destroyed first', async () => {
    const lent: Buffer[] = [];
    const port = await serve((req, res) => {
      const bytes = lendAnswerBytes(10_000).fill(0x61);
      lent.push(bytes);
      res.end(bytes);
      if (req.url === '/destroyed') res.destroy();
    });
    const before = freeAnswerBytes();
    expect((await get(port, '/sent')).body).toBe('a'.repeat(10_000));
    await waitFor(() => !isLent(lent[0]));
    expect(freeAnswerBytes()).toBe(before + 16_384);
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
