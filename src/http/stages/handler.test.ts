import { describe, expect, it } from 'vitest';
import { nextAnswering, testExchange, testWorld } from '../../../test/helpers/exchange';
import { handler } from './handler';

describe('handler stage', () => {
  it('answers the Reply of the handler, JSON with the outcome in its headers', async () => {
    const ex = testExchange({ operationId: 'keepAlive', url: '/api/v25.3/keep-alive', handler: () => ({ body: { responseStatus: 'SUCCESS', n: 1 } }) });
    ex.ctx.outcome.burstLimit = 2000;
    ex.ctx.outcome.burstRemaining = 12;
    const res = await handler(ex, nextAnswering());
    expect(await res.json()).toEqual({ responseStatus: 'SUCCESS', n: 1 });
    expect(res.headers.get('X-TenantAPI-Status')).toBe('SUCCESS');
    expect(res.headers.get('X-TenantAPI-BurstLimitRemaining')).toBe('12');
    expect(res.headers.get('X-TenantAPI-ExecutionId')).toBe(ex.executionId);
    expect(ex.ctx.outcome.responseStatus).toBe('SUCCESS');
  });

  it('learns the caller a handler made known (a login) for the headers', async () => {
    const world = testWorld();
    const alice = world.users.byUsername('alice@acme.example')!;
    const session = world.sessions.create(alice, world.tenants.byDnsName('quality.acme.example')!, 'password');
    const ex = testExchange({ world, operationId: 'createSession', url: '/api/v25.3/auth', handler: (ctx) => {
      ctx.session = session;
      ctx.user = alice;
      ctx.tenant = session.tenant;
      return { body: { responseStatus: 'SUCCESS' } };
    } });
    const res = await handler(ex, nextAnswering());
    expect(res.headers.get('X-TenantAPI-TenantId')).toBe('1002');
    expect(res.headers.get('X-TenantAPI-UserId')).toBe(String(alice.id));
    expect(res.headers.get('X-TenantAPI-TruncatedSessionId')).toBe(session.id.slice(0, 8));
  });

  it('answers XML when the client asks for it', async () => {
    const ex = testExchange({ operationId: 'keepAlive', url: '/api/v25.3/keep-alive', headers: { accept: 'application/xml' }, handler: () => ({ body: { responseStatus: 'SUCCESS' } }) });
    const res = await handler(ex, nextAnswering());
    expect(res.headers.get('content-type')).toBe('application/xml;charset=UTF-8');
    expect(await res.text()).toContain('<responseStatus>SUCCESS</responseStatus>');
  });
});
