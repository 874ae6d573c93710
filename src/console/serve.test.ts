import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testSim } from '../../test/helpers/sim';
import { createSimulator } from '../simulator';
import { STATIC_DIR, vendorFile } from './serve';

const get = (sim: { fetch(r: Request): Promise<Response> }, path: string, headers: Record<string, string> = {}) =>
  sim.fetch(new Request(`http://localhost:8080${path}`, { headers }));

describe('the console at /_sim/console/', () => {
  const sim = testSim();

  it('answers its page, its modules and its style with their types, never cached stale', async () => {
    const page = await get(sim, '/_sim/console/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toBe(readFileSync(join(STATIC_DIR, 'index.html'), 'utf8'));
    const app = await get(sim, '/_sim/console/app.js');
    expect(app.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await app.text()).toBe(readFileSync(join(STATIC_DIR, 'app.js'), 'utf8'));
    const page2 = await get(sim, '/_sim/console/pages/journal.js');
    expect(await page2.text()).toBe(readFileSync(join(STATIC_DIR, 'pages', 'journal.js'), 'utf8'));
    expect((await get(sim, '/_sim/console/style.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('redirects /_sim/console to the folder, so that the page addresses its modules relatively', async () => {
    const res = await get(sim, '/_sim/console');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/_sim/console/');
  });

  it('serves Preact with htm from the installed htm package', async () => {
    const res = await get(sim, '/_sim/console/vendor/preact-htm.mjs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const text = await res.text();
    expect(text).toBe(readFileSync(vendorFile(), 'utf8'));
    expect(text).toMatch(/export\{.*\bfe as html\b.*\bM as render\b/);
  });

  it('answers 404 for unknown files and for names that leave its folder', async () => {
    for (const path of ['/_sim/console/nope.js', '/_sim/console/%2e%2e%2f%2e%2e%2fpackage.json', '/_sim/console/pages/..%2f..%2fserve.ts', '/_sim/console/serve.ts']) {
      const res = await get(sim, path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).error, path).toMatch(/^no (console file|such console address)/);
    }
  });

  it('does not disturb the control plane or the service', async () => {
    expect(await (await get(sim, '/_sim/clock')).json()).toEqual({ now: expect.any(String), frozen: expect.any(Boolean) });
    expect((await (await get(sim, '/api/')).json()).responseStatus).toBe('SUCCESS');
  });
});

describe('the world view (/_sim/console/api/world)', () => {
  const sim = testSim();

  it('lists domains, tenants with their addresses, users with memberships, roles, groups and password hints', async () => {
    const res = await get(sim, '/_sim/console/api/world');
    expect(res.status).toBe(200);
    const w = await res.json();
    expect(w.latestVersion).toBe('v25.3');
    expect(w.domains.map((d: { name: string }) => d.name)).toEqual(['acme', 'acme-sbx']);
    expect(w.domains[0].tenants[0]).toEqual({
      id: 1001, dns: 'promo.acme.example', name: 'Acme PromoMats', status: 'Active', application: 'PromoMats', family: 'Commercial', domain: 'acme',
      sessionTimeoutMinutes: 20,
      addresses: { path: 'http://localhost:8080/tenants/promo.acme.example/api', host: 'http://promo.acme.example:8080/api' },
    });
    const alice = w.users.find((u: { username: string }) => u.username === 'alice@acme.example');
    expect(alice).toEqual({
      id: 61002, username: 'alice@acme.example', name: 'Alice Martin', status: 'active', signIn: 'password', password: 'Passw0rd!', hint: 'Passw0rd!',
      domainAdmin: [],
      memberships: [
        { tenant: 'promo.acme.example', since: '2020-01-06', role: 'User', active: true, groups: ['Marketing', 'All PromoMats Users'] },
        { tenant: 'quality.acme.example', since: '2021-02-01', role: 'User', active: true, groups: ['QA Team'] },
      ],
      lastLogin: 'quality.acme.example',
    });
    const admin = w.users.find((u: { username: string }) => u.username === 'domain.admin@acme.example');
    expect(admin.domainAdmin).toEqual(['acme']);
    expect(admin.memberships[0].role).toBe('Tenant administrator');
    const sso = w.users.find((u: { username: string }) => u.username === 'sso.user@acme.example');
    expect(sso).toMatchObject({ signIn: 'oauth', password: 'Passw0rd!' });
    expect(sso.hint).toBe('SSO (acme_oidc, acme_adfs): /oauth2/authorize with login_hint, or grant_type=password with Passw0rd!');
    expect(w.users.find((u: { username: string }) => u.username === 'saml.user@acme.example')).toMatchObject({ signIn: 'saml', password: null, hint: 'SAML policy: no password sign-in' });
    expect(w.users.find((u: { username: string }) => u.username === 'locked@acme.example')?.hint).toBe('Passw0rd! (the account is locked: USER_LOCKED_OUT)');
    expect(w.componentTypes).toContain('Picklist');
  });

  it('signs in with the hint it gives, through endpoint 1', async () => {
    const w = await (await get(sim, '/_sim/console/api/world')).json();
    for (const u of w.users.filter((x: { signIn: string; status: string }) => x.signIn === 'password' && x.status === 'active')) {
      const res = await sim.call('POST', `/tenants/${u.memberships[0].tenant}/api/v25.3/auth`, { form: { username: u.username, password: u.password } });
      const body = await res.json();
      // legacy@ is a member of an inactive tenant only: rule 5.3 answers FAILURE (the page shows it).
      if (u.username === 'legacy@acme.example') expect(body.responseStatus).toBe('FAILURE');
      else expect(body.responseStatus, u.username).toBe('SUCCESS');
    }
  });
});

describe('the console with a control token, or off', () => {
  let closing: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await closing?.();
    closing = undefined;
  });

  it('serves its static files without the token, the world view only with it', async () => {
    const sim = createSimulator({ controlToken: 's3cret' });
    expect((await get(sim, '/_sim/console/')).status).toBe(200);
    const refused = await get(sim, '/_sim/console/api/world');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'The control plane needs the header X-Sim-Control-Token.' });
    expect((await get(sim, '/_sim/console/api/world', { 'X-Sim-Control-Token': 'wrong!' })).status).toBe(401);
    expect((await get(sim, '/_sim/console/api/world', { 'X-Sim-Control-Token': 's3cret' })).status).toBe(200);
  });

  it('is off, like the control plane, on a server bound beyond loopback without a token', async () => {
    const sim = createSimulator({ host: '0.0.0.0', port: 0 });
    const { port } = await sim.listen();
    closing = () => sim.close();
    const page = await fetch(`http://127.0.0.1:${port}/_sim/console/`);
    expect(page.status).toBe(404);
    expect((await page.json()).error).toMatch(/^The console is off with the control plane/);
    expect((await fetch(`http://127.0.0.1:${port}/_sim/clock`)).status).toBe(404);
  });
});
