/**
 * An injected failure answers as the service's own failure of the same request would (gaps.md §1,
 * §2, §4, §8): the operation's XML root, JSON for a file download, the burst headers, a login's
 * AUTHENTICATION_FAILED (only on a login's authentication failures), the usage log's FAILURE.
 */
import { describe, expect, it } from 'vitest';
import { PASSWORD, V, testSim } from '../helpers/sim';
import { control } from './helpers';

const XML = { Accept: 'application/xml' };
const rootOf = (xml: string) => /<\?xml[^>]*\?>\s*<([A-Za-z]+)/.exec(xml)?.[1];
const burstHeaders = (r: Response) => [r.headers.get('x-tenantapi-burstlimit'), r.headers.get('x-tenantapi-burstlimitremaining')];

describe('injected failures answer as the service does', () => {
  it('a login refused by the throttled-login preset: the XML root and errorType of a real refused login', async () => {
    const sim = testSim();
    const real = await sim.call('POST', `/api/${V}/auth`, { form: { username: 'alice@acme.example', password: 'wrong' }, headers: XML });
    expect(rootOf(await real.text())).toBe('VersionedAuthRestResult');
    await control(sim, 'POST', '/_sim/faults', { preset: 'throttled-login' });
    const xml = await sim.call('POST', `/api/${V}/auth`, { form: { username: 'alice@acme.example', password: PASSWORD }, headers: XML });
    const text = await xml.text();
    expect(rootOf(text)).toBe('VersionedAuthRestResult');
    expect(text).toContain('<errorType>AUTHENTICATION_FAILED</errorType>');
    expect(text).toContain('<type>API_LIMIT_EXCEEDED</type>');
  });

  it('a failure rule on a login carries AUTHENTICATION_FAILED, as a locked user\'s real refusal does', async () => {
    const sim = testSim();
    await control(sim, 'POST', '/_sim/faults', { operationId: 'createSession', failure: 'USER_LOCKED_OUT', times: 1 });
    const body = await sim.json('POST', `/api/${V}/auth`, undefined, { form: { username: 'alice@acme.example', password: PASSWORD } });
    expect(body).toEqual({ responseStatus: 'FAILURE', errorType: 'AUTHENTICATION_FAILED', errors: [{ type: 'USER_LOCKED_OUT', message: 'USER_LOCKED_OUT (injected by a dms-sim fault rule).' }] });
    // A login's other failures carry no errorType (as a login without a user name does not).
    await control(sim, 'POST', '/_sim/faults', { operationId: 'createSession', failure: 'INVALID_DATA', times: 1 });
    const other = await sim.json('POST', `/api/${V}/auth`, undefined, { form: { username: 'alice@acme.example', password: PASSWORD } });
    expect(other).toEqual({ responseStatus: 'FAILURE', errors: [{ type: 'INVALID_DATA', message: 'INVALID_DATA (injected by a dms-sim fault rule).' }] });
    const real = await sim.json('POST', `/api/${V}/auth`, undefined, { form: { password: PASSWORD } });
    expect(real.errorType).toBeUndefined();
  });

  it('the expired-session preset: burst headers, no user or session headers, no row in the tenant\'s usage log, as a real expiry; GET /api/ in its own XML root', async () => {
    const sim = testSim();
    const alice = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    await control(sim, 'POST', '/_sim/faults', { preset: 'expired-session' });
    const injected = await sim.call('GET', `/api/${V}/objects/documents`, { headers: { Authorization: alice } });
    expect((await injected.json()).errors[0].type).toBe('INVALID_SESSION_ID');
    // The session is gone now: the same call again is the service's own refusal.
    const real = await sim.call('GET', `/api/${V}/objects/documents`, { headers: { Authorization: alice } });
    expect((await real.json()).errors[0].type).toBe('INVALID_SESSION_ID');
    expect(burstHeaders(injected).every((h) => h !== null)).toBe(true);
    expect(injected.headers.get('x-tenantapi-burstlimit')).toBe(real.headers.get('x-tenantapi-burstlimit'));
    for (const h of ['x-tenantapi-userid', 'x-tenantapi-truncatedsessionid', 'x-tenantapi-tenantid']) expect(injected.headers.get(h), h).toBe(real.headers.get(h));
    const admin = await sim.login('tenant.admin@acme.example');
    const day = new Date(sim.clock.now()).toISOString().slice(0, 10);
    const log = await (await sim.call('GET', `/api/${V}/logs/api_usage?date=${day}`, { headers: { Authorization: admin } })).text();
    expect(log.split('\r\n').filter((l) => l.includes(',/api/v25.3/objects/documents,'))).toEqual([]);
    const bob = await sim.login('bob@acme.example', { tenantDNS: 'promo.acme.example' });
    await control(sim, 'POST', '/_sim/faults', { preset: 'expired-session' });
    const versions = await sim.call('GET', '/api/', { headers: { Authorization: bob, ...XML } });
    const text = await versions.text();
    expect(rootOf(text)).toBe('MapRestResult');
    expect(text).toContain('<responseStatus>FAILURE</responseStatus><errors><error><type>INVALID_SESSION_ID</type>');
  });

  it('a failure on a file download answers JSON whatever Accept says, as the service\'s own file failures', async () => {
    const sim = testSim();
    const admin = await sim.login('tenant.admin@acme.example');
    await control(sim, 'POST', '/_sim/faults', { operationId: 'downloadDocumentFile', failure: 'OPERATION_NOT_ALLOWED', times: 1 });
    const r = await sim.call('GET', `/api/${V}/objects/documents/101/file`, { headers: { Authorization: admin, ...XML } });
    expect(r.headers.get('content-type')).toBe('application/json;charset=UTF-8');
    expect((await r.json()).errors[0].type).toBe('OPERATION_NOT_ALLOWED');
  });

  it('the usage log records an injected failure as FAILURE', async () => {
    const sim = testSim();
    const admin = await sim.login('tenant.admin@acme.example');
    await control(sim, 'POST', '/_sim/faults', { operationId: 'listDocuments', failure: 'INVALID_DATA', times: 1 });
    expect((await sim.json('GET', `/api/${V}/objects/documents`, admin)).responseStatus).toBe('FAILURE');
    const day = new Date(sim.clock.now()).toISOString().slice(0, 10);
    const log = await (await sim.call('GET', `/api/${V}/logs/api_usage?date=${day}`, { headers: { Authorization: admin } })).text();
    const row = log.split('\r\n').find((l) => l.includes(',GET,/api/v25.3/objects/documents,'));
    expect(row?.split(',')[7]).toBe('FAILURE');
  });
});
