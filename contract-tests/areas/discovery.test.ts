/** Endpoints 3 (discovery) and 4 (version list), and following every version address. */
import { expect } from 'vitest';
import { ContractViolation, NoData, success } from '../lib/client';
import { anonymous, area, check, contract, user1 } from '../lib/check';

area('discovery', 'version list (endpoint 4) and discovery (endpoint 3)', () => {
  check('version list: labels v<major>.<minor>, absolute addresses {base_url}/api/<label>', async () => {
    const c = anonymous();
    const a = success(await c.get('/api/', { session: null, expectOp: 'listVersions' }));
    const values: Record<string, string> = a.json.values;
    const labels = Object.keys(values);
    expect(labels.length, 'at least one version').toBeGreaterThan(0);
    for (const [label, address] of Object.entries(values)) {
      expect(label).toMatch(/^v\d+\.\d+$/);
      expect(address, `address of ${label}`).toMatch(new RegExp(`^https?://.+/api/${label.replace('.', '\\.')}$`));
    }
    expect(labels, `the run's version ${contract.version} is listed`).toContain(contract.version);
  });

  check('version list: "GET /api" without the trailing slash answers the same list', async () => {
    const c = anonymous();
    const a = success(await c.get('/api/', { session: null, expectOp: 'listVersions' }));
    const b = success(await c.get('/api', { session: null, expectOp: 'listVersions' }));
    expect(Object.keys(b.json.values)).toEqual(Object.keys(a.json.values));
  });

  check('version list: every version address works when followed with the session', async () => {
    const c = user1();
    const values: Record<string, string> = success(await c.get('/api/', { session: null, expectOp: 'listVersions' })).json.values;
    for (const [label, address] of Object.entries(values)) {
      const a = success(await c.get(address, { expectOp: 'getVersionResources' }), `following the address of ${label}`);
      expect(typeof a.json.values, `${label}: values`).toBe('object');
    }
  });

  check('session check (GET /api/{version}): values[version] is that address; every address listed answers when followed (gaps.md §12)', async () => {
    const c = user1();
    const a = success(await c.get(c.v(''), { expectOp: 'getVersionResources' }));
    expect(a.json.values[contract.version], `values["${contract.version}"], read by clients to validate a session`).toMatch(new RegExp(`^https?://.+/api/${contract.version.replace('.', '\\.')}$`));
    for (const [name, address] of Object.entries(a.json.values as Record<string, string>)) {
      const r = await c.get(address, { allowNotImplemented: true });
      if (r.json === undefined) throw new ContractViolation(`resource ${name} (${address}) answered no JSON`);
      expect(['SUCCESS', 'WARNING', 'FAILURE'], `${name}: responseStatus`).toContain(r.json.responseStatus);
    }
  });

  check('version list: Accept application/xml answers XML', async () => {
    const c = anonymous();
    const a = await c.get('/api/', { session: null, headers: { Accept: 'application/xml' }, expectOp: 'listVersions' });
    expect(a.contentType).toBe('application/xml');
    expect(a.text().trimStart().startsWith('<'), 'an XML document').toBe(true);
  });

  check('discovery: the logged-in user\'s auth_type is password', async () => {
    if (!contract.credentials?.password) throw new NoData('the run has no user name and password (CONTRACT_SESSION_ID)');
    const c = anonymous();
    const a = success(await c.post(`${contract.authUrl}/auth/discovery`, { session: null, query: { username: contract.credentials.username }, expectOp: 'discoverAuthType' }));
    expect(a.json.data.auth_type).toBe('password');
    expect(a.json.errors ?? [], 'errors, if present, is empty').toEqual([]);
  });

  check('discovery: username in a form body answers as in the query string (gaps.md §11)', async () => {
    if (!contract.credentials?.password) throw new NoData('the run has no user name and password (CONTRACT_SESSION_ID)');
    const c = anonymous();
    const viaQuery = success(await c.post(`${contract.authUrl}/auth/discovery`, { session: null, query: { username: contract.credentials.username }, expectOp: 'discoverAuthType' }));
    const viaForm = success(await c.post(`${contract.authUrl}/auth/discovery`, { session: null, form: { username: contract.credentials.username }, expectOp: 'discoverAuthType' }));
    expect(viaForm.json.data, 'the same discovery answer').toEqual(viaQuery.json.data);
  });

  check('discovery: an SSO user\'s profiles carry use_msal, oauthProviderType and as_metadata.scopes_supported (gaps.md §12)', async () => {
    const username = contract.oauth?.username;
    if (!username) throw new NoData('the run names no SSO user (CONTRACT_SSO_USERNAME)');
    const c = anonymous();
    const a = success(await c.post(`${contract.authUrl}/auth/discovery`, { session: null, query: { username }, expectOp: 'discoverAuthType' }));
    if (a.json.data.auth_type !== 'sso' || !a.json.data.auth_profiles?.length) throw new NoData(`${username} has no SSO profile`);
    for (const p of a.json.data.auth_profiles) {
      expect(typeof p.use_msal, `${p.id}: use_msal is a boolean`).toBe('boolean');
      expect(typeof p.oauthProviderType, `${p.id}: oauthProviderType is a string`).toBe('string');
      if (p.as_metadata) expect(Array.isArray(p.as_metadata.scopes_supported), `${p.id}: as_metadata.scopes_supported is an array`).toBe(true);
    }
  });
});
