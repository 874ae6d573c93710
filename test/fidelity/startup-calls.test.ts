/** gaps.md §12 / issue 15 item 9: what the real clients call at start-up, beyond the 28 endpoints. */
import { afterAll, describe, expect, it } from 'vitest';
import { componentTypeNames } from '../../src/domain/configuration';
import { BASE, testSim, V } from '../helpers/sim';

describe('calls clients make at start-up', () => {
  const sim = testSim();
  afterAll(() => expect(sim.breaches).toEqual([]));

  it("a client reading users[0].user of GET objects/users/me gets the caller's own record in the session's tenant", async () => {
    const session = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    const me = await sim.json('GET', `/api/${V}/objects/users/me`, session);
    expect(me.responseStatus).toBe('SUCCESS');
    expect(me.users).toHaveLength(1);
    expect(me.users[0].user).toMatchObject({
      id: sim.world.users.byUsername('alice@acme.example')!.id, user_name__v: 'alice@acme.example', user_email__v: 'alice@acme.example',
      active__v: true, status__v: 'active__v', security_profile__v: 'document_user__v',
    });
    const admin = await sim.login('tenant.admin@acme.example', { tenantDNS: 'promo.acme.example' });
    expect((await sim.json('GET', `/api/${V}/objects/users/me`, admin)).users[0].user.security_profile__v).toBe('system_admin__v');
    expect((await sim.json('GET', `/api/${V}/objects/users/me`)).errors[0].type).toBe('INVALID_SESSION_ID');
  });

  it('a client listing metadata/components gets every simulated type, each url answering its metadata (endpoint 9)', async () => {
    const session = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    const list = await sim.json('GET', `/api/${V}/metadata/components`, session);
    expect(list.data.map((t: { name: string }) => t.name)).toEqual(componentTypeNames());
    expect(list.data[0]).toEqual({ name: componentTypeNames()[0], label: componentTypeNames()[0], url: `${BASE}/tenants/promo.acme.example/api/${V}/metadata/components/${componentTypeNames()[0]}` });
    for (const t of list.data as { name: string; url: string }[]) {
      const meta = await sim.json('GET', t.url, session);
      expect(meta.data.name, t.url).toBe(t.name);
    }
  });
});
