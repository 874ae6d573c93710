/** Endpoint 1 (log in) and the session it yields: shape, tenant entries, both Authorization forms, logout. */
import { expect } from 'vitest';
import { NoData, success, failure } from '../lib/client';
import { anonymous, area, check, contract, user1 } from '../lib/check';

function credentials() {
  if (!contract.credentials) throw new NoData('CONTRACT_SESSION_ID was given without CONTRACT_USERNAME/CONTRACT_PASSWORD: the suite does not log in');
  return contract.credentials;
}

async function login() {
  const c = anonymous();
  const { username, password } = credentials();
  return success(await c.post(c.v('/auth'), { session: null, form: { username, password }, expectOp: 'createSession' })).json;
}

area('session', 'log in (endpoint 1) and use the session', () => {
  check('log in: the Session shape, tenantId among tenantIds, no errors/warnings keys', async () => {
    const j = await login();
    expect(typeof j.sessionId, 'sessionId').toBe('string');
    expect(j.sessionId.length, 'sessionId').toBeGreaterThan(0);
    expect(Number.isInteger(j.userId), 'userId is a JSON integer').toBe(true);
    expect(j, 'a successful login carries no errors key').not.toHaveProperty('errors');
    expect(j, 'a successful login carries no warnings key').not.toHaveProperty('warnings');
    const ids = j.tenantIds.map((t: { id: number }) => t.id);
    expect(ids, 'tenantId is one of tenantIds').toContain(j.tenantId);
    expect(new Set(ids).size, 'tenantIds has no tenant twice').toBe(ids.length);
  });

  check('log in: every tenantIds[].url is absolute and ends in /api; the session tenant\'s address answers the version list', async () => {
    const j = await login();
    for (const t of j.tenantIds) {
      expect(t.url, `tenantIds[id=${t.id}].url`).toMatch(/^https?:\/\/[^/]+(\/.*)?\/api$/);
    }
    const own = j.tenantIds.find((t: { id: number }) => t.id === j.tenantId);
    const a = success(await anonymous().get(`${own.url}/`, { session: null, expectOp: 'listVersions' }));
    expect(Object.keys(a.json.values).length).toBeGreaterThan(0);
  });

  check('the session works as "Authorization: <id>" and as "Authorization: Bearer <id>"', async () => {
    const c = user1();
    const plain = success(await c.get(c.v(''), { expectOp: 'getVersionResources' }));
    const bearer = success(await c.get(c.v(''), { headers: { Authorization: `Bearer ${c.session}` }, expectOp: 'getVersionResources' }));
    expect(Object.keys(bearer.json.values).sort()).toEqual(Object.keys(plain.json.values).sort());
  });

  check('a fresh session ends with DELETE /session, and is refused afterwards', async () => {
    const j = await login();
    const c = user1().withSession(j.sessionId);
    success(await c.get(c.v(''), { expectOp: 'getVersionResources' }));
    success(await c.call('DELETE', c.v('/session'), { expectOp: 'endSession' }));
    failure(await c.get(c.v(''), { expectOp: 'getVersionResources' }), 'INVALID_SESSION_ID');
  });

  check('keep-alive answers SUCCESS with a session', async () => {
    const c = user1();
    success(await c.post(c.v('/keep-alive'), { expectOp: 'keepAlive' }));
  });
});
