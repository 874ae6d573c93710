/**
 * issue 18 #9: requests the HTTP adapter refused with a plain-text 400 before Hono routed them (an
 * upper-case Host with a port, `Host: a@b`, `Host: x:abc`, `GET *`) answer the service's JSON
 * FAILURE; an upper-case Host is served; bytes that are not HTTP answer a JSON 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src/simulator';
import { rawRequest } from '../fuzz/raw';

let sim: Simulator;
let port: number;
beforeAll(async () => {
  sim = createSimulator({ port: 0, settings: { throttling: false } });
  ({ port } = await sim.listen());
});
afterAll(() => sim.close());

const get = (target: string, host: string) => rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
const failureOf = (body: string) => JSON.parse(body) as { responseStatus: string; errors: { type: string; message: string }[] };

describe('requests the adapter cannot make a URL of', () => {
  it('an upper-case Host with a port is a host: served, for the tenant it names', async () => {
    const a = await get('/api/', `PROMO.ACME.EXAMPLE:${port}`);
    expect(a.status).toBe(200);
    expect(a.headers['x-tenantapi-tenantid']).toBe('1001');
    expect(JSON.parse(a.body).responseStatus).toBe('SUCCESS');
    expect(JSON.parse(a.body).values['v25.3']).toBe(`http://promo.acme.example:${port}/api/v25.3`);
  });

  it.each([
    ['a@b', 'Invalid value [a@b] for parameter [Host] specified'],
    ['x:abc', 'Invalid value [x:abc] for parameter [Host] specified'],
    ['localhost:', 'Invalid value [localhost:] for parameter [Host] specified'],
  ])('Host: %s is INVALID_DATA naming the Host, JSON with HTTP 200', async (host, message) => {
    const a = await get('/api/', host);
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(a.headers['x-tenantapi-status']).toBe('FAILURE');
    expect(failureOf(a.body)).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message }] });
  });

  it.each([['*'], ['/api\\v25.3']])('GET %s is MALFORMED_URL, JSON with HTTP 200', async (target) => {
    const a = await get(target, 'localhost');
    expect(a.status).toBe(200);
    expect(failureOf(a.body)).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'MALFORMED_URL', message: `The requested URL [${target}] is not valid.` }] });
  });

  it('bytes that are not HTTP/1.1 answer INVALID_DATA as JSON with 400, and the connection is closed', async () => {
    for (const bytes of ['GARBAGE\r\n\r\n', 'GET /api/ HTTP/1.1\r\nHost: localhost\r\nX-Bad: a\u0001b\r\n\r\n', 'GET /api/ HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n']) {
      const a = await rawRequest(port, bytes);
      expect(a.status, JSON.stringify(bytes)).toBe(400);
      expect(a.headers.connection).toBe('close');
      expect(failureOf(a.body).errors[0]).toEqual({ type: 'INVALID_DATA', message: expect.stringMatching(/^The request could not be read as HTTP\/1\.1: HPE_/) });
    }
  });

  it('an HTTP/1.1 request without a Host answers 400 with PARAMETER_REQUIRED as JSON (RFC 9112 §3.2); HTTP/1.0 needs none', async () => {
    const a = await rawRequest(port, 'GET /api/ HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(a.status).toBe(400);
    expect(failureOf(a.body)).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'PARAMETER_REQUIRED', message: 'Missing required parameter [Host]' }] });
    expect((await rawRequest(port, 'GET /api/ HTTP/1.0\r\n\r\n')).status).toBe(200);
  });

  it('bytes after a request that are not HTTP do not cut its answer short: it comes first, then the 400', async () => {
    const a = await rawRequest(port, 'GET /api/ HTTP/1.1\r\nHost: localhost\r\n\r\nzz\r\nbad chunk\r\n\r\n');
    expect(a.status).toBe(200);
    expect(JSON.parse(a.body).responseStatus).toBe('SUCCESS');
    expect(a.text).toMatch(/HTTP\/1\.1 400 Bad Request\r\n[^]*"type":"INVALID_DATA"/);
  });

  it.each([
    ['a login whose chunk size is not hex', 'POST /api/v25.3/auth HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nusername=a\r\n0\r\n\r\n'],
    ['a login whose second chunk breaks the framing', 'POST /api/v25.3/auth HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nusern\r\nXYZ\r\nq\r\n0\r\n\r\n'],
    ['a GET with a malformed chunked body', 'GET /api/ HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\nx\r\n0\r\n\r\n'],
  ])('%s, while its request is being served, answers INVALID_DATA as JSON with 400 and closes', async (_, bytes) => {
    const a = await rawRequest(port, bytes);
    expect(a.status).toBe(400);
    expect(a.headers.connection).toBe('close');
    expect(a.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(failureOf(a.body)).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: expect.stringMatching(/^The request could not be read as HTTP\/1\.1: HPE_INVALID_CHUNK_SIZE/) }] });
    // One answer only: what the request would have answered is never written after the refusal.
    expect(a.text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it.each([
    ['an operation that takes no body', 'GET /api/ HTTP/1.1\r\nHost: localhost', 200, 'SUCCESS'],
    ['a request refused before its body would be read (no session)', 'GET /api/v25.3/objects/documents HTTP/1.1\r\nHost: localhost', 200, 'FAILURE'],
    ['a request refused before its body would be read (an unknown version)', 'GET /api/v99.9/objects/documents HTTP/1.1\r\nHost: localhost', 200, 'FAILURE'],
    ['a request the server refuses itself (no Host)', 'GET /api/ HTTP/1.1', 400, 'FAILURE'],
  ])('a well-formed body sent to %s is answered once; a broken one is refused as HTTP, once', async (_, head, status, responseStatus) => {
    const good = await rawRequest(port, `${head}\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n`);
    expect(good.status).toBe(status);
    expect(JSON.parse(good.body).responseStatus).toBe(responseStatus);
    expect(good.text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    const broken = await rawRequest(port, `${head}\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\nx\r\n0\r\n\r\n`);
    expect(broken.status).toBe(400);
    expect(failureOf(broken.body).errors[0].message).toMatch(/^The request could not be read as HTTP\/1\.1: HPE_INVALID_CHUNK_SIZE/);
    expect(broken.text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it('headers over Node\'s limit answer 431 as JSON', async () => {
    const a = await rawRequest(port, `GET /api/ HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`);
    expect(a.status).toBe(431);
    expect(failureOf(a.body).errors[0].message).toBe('The request could not be read as HTTP/1.1: its headers are too large.');
  });

  it('the server still answers afterwards', async () => {
    expect((await get('/api/', 'localhost')).status).toBe(200);
  });
});
