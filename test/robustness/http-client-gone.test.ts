/**
 * issue 18 #10: a client that goes away in the middle of its body is the client's doing: the
 * request ends as INVALID_DATA (a FAILURE nobody reads), never as UNEXPECTED_ERROR, and nothing is
 * logged. Through the real pipeline stages with Node's own request object, and over a socket.
 */
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runStages } from '../../src/http/pipeline';
import { bodyReading } from '../../src/http/stages/body-reading';
import { errors } from '../../src/http/stages/errors';
import { createSimulator } from '../../src/simulator';
import { bufferedBytes } from '../../src/streams';
import { testExchange } from '../helpers/exchange';
import { openSocket } from '../fuzz/raw';

afterEach(() => vi.restoreAllMocks());

describe('a client gone mid-body', () => {
  it('ends the request as INVALID_DATA, logging nothing', async () => {
    const logged = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'info'), vi.spyOn(console, 'log')];
    const ex = testExchange({
      operationId: 'createSession', url: '/api/v25.3/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '1000' }, body: 'username=a',
    });
    const incoming = new IncomingMessage(new Socket());
    incoming.headers = { 'content-length': '1000' };
    (ex.hono as unknown as { env: unknown }).env = { incoming };
    const answer = runStages([errors, bodyReading, async () => new Response('handler')], ex);
    incoming.push(Buffer.from('username=al'));
    incoming.destroy(); // the client goes away
    const res = await answer;
    expect(await res.json()).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: 'The client closed the connection before the end of the request body.' }] });
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  });

  it('over a socket: nothing is logged, and the server answers the next client', async () => {
    const logged = vi.spyOn(console, 'error');
    const sim = createSimulator({ port: 0, settings: { throttling: false } });
    const { url, port } = await sim.listen();
    logged.mockClear();
    try {
      const login = await fetch(`${url}/api/v25.3/auth`, { method: 'POST', body: new URLSearchParams({ username: 'bob@acme.example', password: 'Passw0rd!' }) });
      const session = (await login.json()).sessionId;
      // The usage row of the request is written once the pipeline has ended it: wait for that.
      const usage = sim.world.usage;
      const record = usage.record.bind(usage);
      const ended = new Promise<{ responseStatus: string }>((resolve) => {
        usage.record = (tenantId, row) => {
          record(tenantId, row);
          if (row.method === 'POST') resolve(row);
        };
      });
      const s = await openSocket(port);
      s.write(`POST /api/v25.3/objects/documents HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${session}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\nContent-Disposition: form-data; name="name__v"\r\n\r\nhalf`);
      // Half-closed (FIN) rather than reset: the request must still end, not wait for its timeout holding the bytes read.
      s.end();
      expect((await ended).responseStatus).toBe('FAILURE');
      expect(bufferedBytes.current).toBe(0);
      expect((await (await fetch(`${url}/api/`)).json()).responseStatus).toBe('SUCCESS');
      expect(logged).not.toHaveBeenCalled();
    } finally {
      await sim.close();
    }
  });
});
