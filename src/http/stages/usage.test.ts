import { describe, expect, it } from 'vitest';
import { testExchange, testWorld } from '../../../test/helpers/exchange';
import { usage } from './usage';

describe('usage logging stage', () => {
  it("writes one row to the tenant's log from the request's outcome", async () => {
    const world = testWorld();
    const promo = world.tenants.byDnsName('promo.acme.example')!;
    const alice = world.users.byUsername('alice@acme.example')!;
    const ex = testExchange({ world, operationId: 'listDocuments', url: '/tenants/promo.acme.example/api/v25.3/objects/documents?client_id=my-app', headers: { 'x-tenantapi-referenceid': 'r-9' } });
    Object.assign(ex.ctx, { tenant: promo, user: alice, version: 'v25.3' });
    Object.assign(ex.ctx.outcome, { burstRemaining: 41, delayMs: 500, truncatedSessionId: 'ABCDEF01' });
    await usage(ex, async () => {
      ex.ctx.outcome.responseStatus = 'WARNING';
      return new Response('x');
    });
    const date = new Date(world.clock.now()).toISOString().slice(0, 10);
    expect(world.usage.day(1001, date)).toEqual([expect.objectContaining({
      executionId: ex.executionId, userId: alice.id, truncatedSessionId: 'ABCDEF01', method: 'GET',
      endpoint: '/api/v25.3/objects/documents', version: 'v25.3', responseStatus: 'WARNING', clientId: 'my-app',
      referenceId: 'r-9', burstRemaining: 41, delayMs: 500,
    })]);
  });

  it('writes no row for a request that named no valid caller, only counts it', async () => {
    const world = testWorld();
    const before = world.usage.unchargedCalls;
    await usage(testExchange({ world, operationId: 'listVersions', url: '/api/' }), async () => new Response('x'));
    // A tenant named by the address, but no valid session: not charged to that tenant's log either.
    await usage(testExchange({ world, operationId: 'listDocuments', url: '/tenants/promo.acme.example/api/v25.3/objects/documents' }), async () => new Response('x'));
    const date = new Date(world.clock.now()).toISOString().slice(0, 10);
    for (const t of world.tenants.all()) expect(world.usage.day(t.id, date)).toEqual([]);
    expect(world.usage.unchargedCalls).toBe(before + 2);
  });
});
