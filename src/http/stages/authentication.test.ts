import { describe, expect, it } from 'vitest';
import { apiFailure, nextAnswering, testExchange, testWorld } from '../../../test/helpers/exchange';
import { authentication, sessionIdOf } from './authentication';

const list = (world: ReturnType<typeof testWorld>, headers: Record<string, string>, url = '/api/v25.3/objects/documents') =>
  testExchange({ world, operationId: 'listDocuments', url, headers, params: { version: 'v25.3' } });

/** The stage's answer as a promise, whether it threw at once or rejected (the errors stage takes both). */
const failureOf = (ex: ReturnType<typeof list>, next: Parameters<typeof authentication>[1]) => Promise.resolve().then(() => authentication(ex, next));

describe('authentication stage', () => {
  it('reads a session id bare or as Bearer', () => {
    expect(sessionIdOf('ABC')).toBe('ABC');
    expect(sessionIdOf('Bearer  ABC ')).toBe('ABC');
    expect(sessionIdOf('Bearer ')).toBeUndefined();
    expect(sessionIdOf(undefined)).toBeUndefined();
  });

  it('makes the session, user and tenant known to the context, the exchange and the outcome', async () => {
    const world = testWorld();
    const alice = world.users.byUsername('alice@acme.example')!;
    const promo = world.tenants.byDnsName('promo.acme.example')!;
    const session = world.sessions.create(alice, promo, 'password');
    const ex = list(world, { authorization: `Bearer ${session.id}` });
    await authentication(ex, nextAnswering());
    expect(ex.ctx.session).toBe(session);
    expect(ex.ctx.user).toBe(alice);
    expect(ex.tenant).toEqual({ id: 1001, dns: 'promo.acme.example' });
    expect(ex.user).toEqual({ id: alice.id, username: 'alice@acme.example' });
    expect(ex.ctx.outcome).toMatchObject({ tenantId: 1001, userId: alice.id, truncatedSessionId: session.id.slice(0, 8) });
  });

  it('counts idle time from the end of the request: the session is touched after the answer', async () => {
    const world = testWorld();
    const session = world.sessions.create(world.users.byUsername('alice@acme.example')!, world.tenants.byDnsName('promo.acme.example')!, 'password');
    const created = session.lastActive;
    await authentication(list(world, { authorization: session.id }), async () => {
      world.clock.advance(5_000);
      return new Response('slow');
    });
    expect(session.lastActive).toBe(created + 5_000);
  });

  it('answers INVALID_SESSION_ID without a session, with an unknown one, and on another tenant\'s address', async () => {
    const world = testWorld();
    const session = world.sessions.create(world.users.byUsername('alice@acme.example')!, world.tenants.byDnsName('promo.acme.example')!, 'password');
    const next = nextAnswering();
    const invalid = apiFailure('INVALID_SESSION_ID', 'Invalid or expired session ID.');
    await expect(failureOf(list(world, {}), next)).rejects.toEqual(invalid);
    await expect(failureOf(list(world, { authorization: 'F00D' }), next)).rejects.toEqual(invalid);
    const elsewhere = list(world, { authorization: session.id }, '/tenants/quality.acme.example/api/v25.3/objects/documents');
    await expect(failureOf(elsewhere, next)).rejects.toEqual(apiFailure('INVALID_SESSION_ID',
      'Invalid or expired session ID. This session belongs to tenant [promo.acme.example], not [quality.acme.example]: log in with tenantDNS=quality.acme.example for a session there, or use the address of promo.acme.example.'));
    // A session is checked at once: the refusal is thrown, not a rejected promise (answer.ts).
    let thrown: unknown;
    try {
      authentication(list(world, {}), next);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toEqual(invalid);
    expect(next.calls).toBe(0);
  });

  it('lets operations without a session through untouched', async () => {
    const ex = testExchange({ operationId: 'listVersions', url: '/api/' });
    const next = nextAnswering();
    await authentication(ex, next);
    expect(next.calls).toBe(1);
    expect(ex.ctx.user).toBeUndefined();
  });
});
