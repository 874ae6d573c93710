import { afterEach, describe, expect, it, vi } from 'vitest';
import { testExchange } from '../../../test/helpers/exchange';
import { loadOpenApi } from '../../openapi/load';
import { createResponseValidator } from '../validate-response';
import { responseValidation } from './response-validation';

describe('response validation stage', () => {
  afterEach(() => vi.restoreAllMocks());
  const stage = (problems: string[][]) => responseValidation(createResponseValidator(loadOpenApi().document), (_op, p) => problems.push(p));

  it('lets an answer the document allows through', async () => {
    const problems: string[][] = [];
    const ok = new Response(JSON.stringify({ responseStatus: 'SUCCESS' }), { headers: { 'Content-Type': 'application/json;charset=UTF-8', 'X-TenantAPI-ExecutionId': 'e', 'X-TenantAPI-Status': 'SUCCESS' } });
    const res = await stage(problems)(testExchange({ operationId: 'keepAlive', url: '/api/v25.3/keep-alive' }), async () => ok);
    expect(res).toBe(ok);
    expect(problems).toEqual([]);
  });

  it('answers a breach with 500 UNEXPECTED_ERROR naming it, and reports it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const problems: string[][] = [];
    const ex = testExchange({ operationId: 'keepAlive', url: '/api/v25.3/keep-alive' });
    const bad = new Response(JSON.stringify({ responseStatus: 'MAYBE' }), { headers: { 'Content-Type': 'application/json;charset=UTF-8', 'X-TenantAPI-ExecutionId': 'e' } });
    const res = await stage(problems)(ex, async () => bad);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.errors[0].type).toBe('UNEXPECTED_ERROR');
    expect(body.errors[0].message).toMatch(/^dms-sim answered keepAlive against its OpenAPI document/);
    expect(problems).toHaveLength(1);
  });
});
