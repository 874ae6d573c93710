import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../domain/errors';
import { testExchange } from '../../../test/helpers/exchange';
import { errors, NOT_IMPLEMENTED_HEADER } from './errors';

describe('errors stage', () => {
  afterEach(() => vi.restoreAllMocks());

  it("turns an ApiError into the service's FAILURE answer, HTTP 200, with the X-TenantAPI headers", async () => {
    const ex = testExchange({ operationId: 'listDocuments', url: '/api/v25.3/objects/documents', headers: { 'x-tenantapi-referenceid': 'ref-1' } });
    const res = await errors(ex, async () => {
      throw apiError('invalidSession');
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_SESSION_ID', message: 'Invalid or expired session ID.' }] });
    expect(res.headers.get('X-TenantAPI-Status')).toBe('FAILURE');
    expect(res.headers.get('X-TenantAPI-ReferenceId')).toBe('ref-1');
    expect(ex.ctx.outcome.responseStatus).toBe('FAILURE');
  });

  it('answers a defect with 500 UNEXPECTED_ERROR and the execution id, never the error itself', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ex = testExchange({ operationId: 'listDocuments', url: '/api/v25.3/objects/documents' });
    const res = await errors(ex, async () => {
      throw new TypeError('secret internals');
    });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'UNEXPECTED_ERROR', message: `An unexpected error occurred (execution id ${ex.executionId}).` }] });
    expect(text).not.toContain('secret');
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it("answers the authorization server's input errors in OAuth's own shape", async () => {
    const ex = testExchange({ operationId: 'issueToken', url: '/oauth2/token' });
    const res = await errors(ex, async () => {
      throw apiError('parameterRequired', 'grant_type');
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', error_description: 'Missing required parameter [grant_type]' });
  });

  it('marks the answer of an operation without a handler', async () => {
    const ex = testExchange({ operationId: 'listDocuments', url: '/api/v25.3/objects/documents', handler: null });
    const res = await errors(ex, async () => {
      throw apiError('notImplemented', 'listDocuments');
    });
    expect(res.headers.get(NOT_IMPLEMENTED_HEADER)).toBe('listDocuments');
  });

  it('lets a successful answer through unchanged', async () => {
    const ok = new Response('fine');
    expect(await errors(testExchange({ operationId: 'listVersions', url: '/api/' }), async () => ok)).toBe(ok);
  });
});
