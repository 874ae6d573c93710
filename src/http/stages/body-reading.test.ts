import { describe, expect, it } from 'vitest';
import { apiFailure, nextAnswering, testExchange } from '../../../test/helpers/exchange';
import { bodyReading } from './body-reading';

const login = (body: BodyInit, contentType: string, url = '/api/v25.3/auth') =>
  testExchange({ operationId: 'createSession', url, headers: { 'content-type': contentType }, body });

describe('body reading stage', () => {
  it('parses a form body into the context and keeps its bytes on the exchange', async () => {
    const ex = login('username=alice%40acme.example&password=x', 'application/x-www-form-urlencoded');
    const next = nextAnswering();
    await bodyReading(ex, next);
    expect(next.calls).toBe(1);
    expect(ex.ctx.body).toEqual({ username: 'alice@acme.example', password: 'x' });
    expect(new TextDecoder().decode(ex.requestBody)).toBe('username=alice%40acme.example&password=x');
  });

  it('reads multipart forms too', async () => {
    const form = new FormData();
    form.set('username', 'bob@acme.example');
    form.set('password', 'y');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const ex = login(await request.arrayBuffer(), request.headers.get('content-type')!);
    await bodyReading(ex, nextAnswering());
    expect(ex.ctx.body).toEqual({ username: 'bob@acme.example', password: 'y' });
  });

  it('refuses a media type the operation does not take, before reading it', async () => {
    const ex = login('{"username":"a"}', 'application/json');
    const next = nextAnswering();
    await expect(bodyReading(ex, next)).rejects.toEqual(apiFailure('INVALID_DATA', 'Invalid value [application/json] for parameter [Content-Type] specified'));
    expect(next.calls).toBe(0);
    expect(ex.requestBody).toBeUndefined();
  });

  it('names the first missing part of an empty required body', async () => {
    await expect(bodyReading(login('', 'application/x-www-form-urlencoded'), nextAnswering()))
      .rejects.toEqual(apiFailure('PARAMETER_REQUIRED', 'Missing required parameter [username]'));
  });

  it("takes a form's client_id as the client's, unless the query string names one", async () => {
    const fromBody = login('username=a&password=b&client_id=app-1', 'application/x-www-form-urlencoded');
    await bodyReading(fromBody, nextAnswering());
    expect(fromBody.ctx.clientId).toBe('app-1');
    const fromQuery = login('username=a&password=b&client_id=app-1', 'application/x-www-form-urlencoded', '/api/v25.3/auth?client_id=q-2');
    await bodyReading(fromQuery, nextAnswering());
    expect(fromQuery.ctx.clientId).toBe('q-2');
  });

  it('gives a raw-body operation (MDL execute) the text, whatever the Content-Type', async () => {
    const ex = testExchange({ operationId: 'executeMdl', url: '/api/mdl/execute', headers: { 'content-type': 'application/json' }, body: 'RECREATE Picklist a__c (label(\'A\'));' });
    await bodyReading(ex, nextAnswering());
    expect(ex.ctx.rawBody).toBe("RECREATE Picklist a__c (label('A'));");
    expect(ex.ctx.body).toBeUndefined();
  });
});
