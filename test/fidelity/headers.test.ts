/** gaps.md §12 / issue 15 item 10: the reference id echo and the burst headers are on every /api answer. */
import { describe, expect, it } from 'vitest';
import { testSim, V } from '../helpers/sim';

describe('headers a client reads on every /api answer', () => {
  const sim = testSim();
  const withRef = { 'X-TenantAPI-ReferenceId': 'client-ref-42' };

  it.each([
    ['the version list', 'GET', '/api/'],
    ['an unknown path (MALFORMED_URL)', 'GET', `/api/${V}/no/such/thing`],
    ['a wrong method (METHOD_NOT_SUPPORTED)', 'DELETE', '/api/'],
    ['a call without a session (INVALID_SESSION_ID)', 'GET', `/api/${V}/objects/documents`],
    ['an unlisted version', 'GET', '/api/v1.0/objects/documents'],
  ])('%s echoes X-TenantAPI-ReferenceId and reports the burst', async (_what, method, path) => {
    const res = await sim.call(method, path, { headers: withRef });
    expect(res.headers.get('X-TenantAPI-ReferenceId')).toBe('client-ref-42');
    expect(res.headers.get('X-TenantAPI-BurstLimit')).toBe('2000');
    expect(res.headers.get('X-TenantAPI-BurstLimitRemaining')).toMatch(/^\d+$/);
  });

  it("an answer that counts no call reports where the named tenant's window stands", async () => {
    const session = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    const counted = await sim.call('GET', `/api/${V}/objects/documents?limit=1`, { headers: { Authorization: session } });
    const remaining = Number(counted.headers.get('X-TenantAPI-BurstLimitRemaining'));
    const unknown = await sim.call('GET', `/tenants/promo.acme.example/api/${V}/nothing/here`);
    expect((await unknown.json()).errors[0].type).toBe('MALFORMED_URL');
    expect(unknown.headers.get('X-TenantAPI-BurstLimitRemaining')).toBe(String(remaining));
  });
});
