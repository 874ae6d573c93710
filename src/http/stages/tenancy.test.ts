import { describe, expect, it } from 'vitest';
import { apiFailure, nextAnswering, testExchange } from '../../../test/helpers/exchange';
import { tenancy } from './tenancy';

describe('tenancy stage', () => {
  it('takes the path parameters and a listed version, then goes on', async () => {
    const ex = testExchange({ operationId: 'listDocuments', url: '/api/v25.3/objects/documents', params: { version: 'v25.3' } });
    const next = nextAnswering();
    expect(await (await tenancy(ex, next)).text()).toBe('next');
    expect(ex.ctx.version).toBe('v25.3');
    expect(ex.ctx.params).toEqual({ version: 'v25.3' });
  });

  it('answers METHOD_NOT_SUPPORTED for a version the list does not hold, before anything else', async () => {
    const ex = testExchange({ operationId: 'listDocuments', url: '/api/v9.9/objects/documents', params: { version: 'v9.9' } });
    const next = nextAnswering();
    expect(() => tenancy(ex, next)).toThrow(apiFailure('METHOD_NOT_SUPPORTED', 'API version [v9.9] is not supported.'));
    expect(next.calls).toBe(0);
  });

  it('answers MALFORMED_URL for a /tenants/<dns> prefix that names no tenant, except for a login', async () => {
    const list = testExchange({ operationId: 'listDocuments', url: '/tenants/nope.example/api/v25.3/objects/documents', params: { version: 'v25.3' } });
    expect(() => tenancy(list, nextAnswering())).toThrow(apiFailure('MALFORMED_URL', 'The requested URL [/tenants/nope.example/api/v25.3/objects/documents] is not valid.'));
    const login = testExchange({ operationId: 'createSession', url: '/tenants/nope.example/api/v25.3/auth', params: { version: 'v25.3' } });
    const next = nextAnswering();
    await tenancy(login, next);
    expect(next.calls).toBe(1);
  });

  it('reads the tenant a prefix names into the context', async () => {
    const ex = testExchange({ operationId: 'listDocuments', url: '/tenants/promo.acme.example/api/v25.3/objects/documents', params: { version: 'v25.3' } });
    await tenancy(ex, nextAnswering());
    expect(ex.ctx.hintedDns).toBe('promo.acme.example');
    expect(ex.ctx.tenant?.id).toBe(1001);
  });

  it('answers "not implemented" for an operation without a handler', () => {
    const ex = testExchange({ operationId: 'listDocuments', url: '/api/v25.3/objects/documents', params: { version: 'v25.3' }, handler: null });
    expect(() => tenancy(ex, nextAnswering())).toThrow(apiFailure('UNEXPECTED_ERROR', 'Operation [listDocuments] is not implemented by dms-sim yet.'));
  });
});
