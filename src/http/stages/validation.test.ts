import { describe, expect, it } from 'vitest';
import { apiFailure, nextAnswering, testExchange } from '../../../test/helpers/exchange';
import { tenancy } from './tenancy';
import { validation } from './validation';

const listing = (query: string) =>
  testExchange({ operationId: 'listDocuments', url: `/api/v25.3/objects/documents${query}`, params: { version: 'v25.3' } });

describe('request validation stage', () => {
  it('coerces query parameters and fills their defaults, as the handlers then read them', async () => {
    const ex = listing('?start=5');
    await tenancy(ex, () => validation(ex, nextAnswering()));
    expect(ex.ctx.query).toMatchObject({ start: 5, limit: 200, sort: 'id ASC' });
  });

  it('answers INVALID_DATA naming the value and the parameter, and stops there', () => {
    const ex = listing('?limit=many');
    const next = nextAnswering();
    expect(() => tenancy(ex, () => validation(ex, next))).toThrow(apiFailure('INVALID_DATA', 'Invalid value [many] for parameter [limit] specified'));
    expect(next.calls).toBe(0);
  });

  it('answers PARAMETER_REQUIRED for a missing required parameter', () => {
    const ex = testExchange({ operationId: 'downloadApiUsageLog', url: '/api/v25.3/logs/api_usage', params: { version: 'v25.3' } });
    expect(() => tenancy(ex, () => validation(ex, nextAnswering()))).toThrow(apiFailure('PARAMETER_REQUIRED', 'Missing required parameter [date]'));
  });
});
