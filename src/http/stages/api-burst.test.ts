import { describe, expect, it } from 'vitest';
import { nextAnswering, testExchange, testWorld } from '../../../test/helpers/exchange';
import { apiBurst } from './api-burst';

describe('API burst stage', () => {
  const signedIn = (world: ReturnType<typeof testWorld>) => {
    const ex = testExchange({ world, operationId: 'listDocuments', url: '/api/v25.3/objects/documents' });
    ex.ctx.tenant = world.tenants.byDnsName('promo.acme.example')!;
    return ex;
  };

  it('counts each call of a tenant and reports the figures in the outcome', async () => {
    const world = testWorld();
    const first = signedIn(world);
    await apiBurst(first, nextAnswering());
    const second = signedIn(world);
    await apiBurst(second, nextAnswering());
    expect(first.ctx.outcome).toMatchObject({ burstLimit: 2000, burstRemaining: 1999, delayMs: 0 });
    expect(second.ctx.outcome).toMatchObject({ burstLimit: 2000, burstRemaining: 1998, delayMs: 0 });
  });

  it('delays, never refuses, a call over the limit (on the simulator clock)', async () => {
    const world = testWorld();
    world.settings.apiBurstLimit = 1;
    await apiBurst(signedIn(world), nextAnswering());
    const over = signedIn(world);
    const next = nextAnswering();
    await apiBurst(over, next);
    expect(next.calls).toBe(1);
    expect(over.ctx.outcome).toMatchObject({ burstLimit: 1, burstRemaining: 0, delayMs: 500 });
    expect(world.clock.slept).toEqual([500]);
  });

  it('does not count calls without a tenant or that need no session', async () => {
    const world = testWorld();
    const open = testExchange({ world, operationId: 'listVersions', url: '/api/' });
    await apiBurst(open, nextAnswering());
    expect(open.ctx.outcome.burstLimit).toBeUndefined();
  });
});
