import { describe, expect, it } from 'vitest';
import { nextAnswering, testExchange, testWorld } from '../../../test/helpers/exchange';
import { newOutcome } from '../outcome';
import { apiBurst, reportStanding } from './api-burst';

describe('API burst stage', () => {
  const signedIn = (world: ReturnType<typeof testWorld>) => {
    const ex = testExchange({ world, operationId: 'listDocuments', url: '/api/v25.3/objects/documents' });
    ex.ctx.tenant = world.tenants.byDnsName('promo.acme.example')!;
    ex.user = { id: 3, username: 'alice@acme.example' };
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

  it('does not count calls that need no session; they report where the window stands', async () => {
    const world = testWorld();
    await apiBurst(signedIn(world), nextAnswering());
    const open = testExchange({ world, operationId: 'listVersions', url: '/tenants/promo.acme.example/api/' });
    await apiBurst(open, nextAnswering());
    expect(open.ctx.outcome).toMatchObject({ burstLimit: 2000, burstRemaining: 1999 });
    const counted = signedIn(world);
    await apiBurst(counted, nextAnswering());
    expect(counted.ctx.outcome.burstRemaining).toBe(1998);
  });

  it('reports the default limit, untouched, when no tenant is named', () => {
    const world = testWorld();
    const outcome = newOutcome('x');
    reportStanding(outcome, world, undefined);
    expect(outcome).toMatchObject({ burstLimit: 2000, burstRemaining: 2000 });
  });
});
