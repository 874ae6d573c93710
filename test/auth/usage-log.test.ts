/**
 * The API usage log (gaps.md §2, §4) over HTTP: one row per call, downloaded as CSV by day by a
 * domain or tenant administrator; it shows the client id (query parameter wins over the header;
 * invalid_client_id; unknown), the reference id, the burst figures and the delays.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type TestSim, V } from '../helpers/sim';
import { authSim } from './sim';

const sims: TestSim[] = [];
function make(options: Parameters<typeof authSim>[0] = {}) {
  const sim = authSim(options);
  sims.push(sim);
  return sim;
}
afterEach(() => {
  for (const sim of sims.splice(0)) expect(sim.breaches).toEqual([]);
});

const COLUMNS = [
  'timestamp', 'execution_id', 'user_id', 'truncated_session_id', 'http_method', 'endpoint', 'api_version',
  'response_status', 'client_id', 'reference_id', 'api_burst_remaining', 'response_delay_ms', 'duration_ms',
];

function parseCsv(text: string): Record<string, string>[] {
  const lines: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(cell), (cell = '');
    else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell), lines.push(row), (row = []), (cell = ''), i++;
    } else cell += ch;
  }
  expect(cell).toBe('');
  expect(row).toEqual([]);
  const [header, ...rest] = lines;
  expect(header).toEqual(COLUMNS);
  return rest.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

async function download(sim: TestSim, session: string, date = '2026-01-15') {
  const res = await sim.call('GET', `/api/${V}/logs/api_usage?date=${date}`, { headers: { Authorization: session } });
  expect(res.headers.get('content-type')).toBe('text/csv;charset=UTF-8');
  expect(res.headers.get('content-disposition')).toBe(`attachment;filename="api_usage_${date}.csv"`);
  return parseCsv(await res.text());
}

describe('API usage log', () => {
  it('records client ids: the query parameter wins, invalid forms and absence are named', async () => {
    const sim = make();
    const bob = await sim.login('bob@acme.example');
    const admin = await sim.login('tenant.admin@acme.example');
    const call = (ref: string, query: string, headers: Record<string, string> = {}) =>
      sim.call('GET', `/api/${V}${query}`, { headers: { Authorization: bob, 'X-TenantAPI-ReferenceId': ref, ...headers } });
    await call('r1', '?client_id=query-client', { 'X-TenantAPI-ClientID': 'header-client' });
    await call('r2', '', { 'X-TenantAPI-ClientID': 'header-client' });
    await call('r3', '?client_id=bad%20id!');
    await call('r4', '', { 'X-TenantAPI-ClientID': 'bad/id' });
    await call('r5', '');
    await call('r6', `?client_id=${'a'.repeat(100)}`);
    await call('r7', `?client_id=${'a'.repeat(101)}`);
    await call('r8', '?client_id=My_App-1.2');
    await call('r9', '?client_id=bad%20id', { 'X-TenantAPI-ClientID': 'good-header' });
    const rows = await download(sim, admin);
    const byRef = Object.fromEntries(rows.filter((r) => r.reference_id).map((r) => [r.reference_id, r.client_id]));
    expect(byRef).toEqual({
      r1: 'query-client', r2: 'header-client', r3: 'invalid_client_id', r4: 'invalid_client_id', r5: 'unknown',
      r6: 'a'.repeat(100), r7: 'invalid_client_id', r8: 'My_App-1.2', r9: 'invalid_client_id',
    });
  });

  it('one row per call with the call\'s figures; the log is per tenant and per day', async () => {
    const sim = make();
    const bob = await sim.login('bob@acme.example');
    const alice = await sim.login('alice@acme.example'); // quality: another tenant's log
    const res = await sim.call('GET', `/api/${V}?client_id=cli`, { headers: { Authorization: bob, 'X-TenantAPI-ReferenceId': 'mine' } });
    await sim.call('GET', `/api/${V}`, { headers: { Authorization: alice, 'X-TenantAPI-ReferenceId': 'alice' } });
    const bad = await sim.call('GET', `/api/v22.1/objects/domain`, { headers: { Authorization: bob, 'X-TenantAPI-ReferenceId': 'denied' } });
    expect((await bad.json()).errors[0].type).toBe('INSUFFICIENT_ACCESS');
    const admin = await sim.login('tenant.admin@acme.example');
    const rows = await download(sim, admin);
    const mine = rows.find((r) => r.reference_id === 'mine')!;
    expect(mine).toEqual({
      timestamp: '2026-01-15T09:00:00.000Z',
      execution_id: res.headers.get('X-TenantAPI-ExecutionId'),
      user_id: '61003',
      truncated_session_id: res.headers.get('X-TenantAPI-TruncatedSessionId'),
      http_method: 'GET',
      endpoint: `/api/${V}`,
      api_version: V,
      response_status: 'SUCCESS',
      client_id: 'cli',
      reference_id: 'mine',
      api_burst_remaining: '1999',
      response_delay_ms: '0',
      duration_ms: expect.stringMatching(/^\d+$/),
    });
    expect(bob.startsWith(mine.truncated_session_id)).toBe(true);
    const denied = rows.find((r) => r.reference_id === 'denied')!;
    expect([denied.response_status, denied.api_version, denied.endpoint]).toEqual(['FAILURE', 'v22.1', '/api/v22.1/objects/domain']);
    expect(rows.some((r) => r.reference_id === 'alice')).toBe(false);
    // The logins are there too (bob's and the admin's, both at promo).
    expect(rows.filter((r) => r.endpoint === `/api/${V}/auth`).map((r) => [r.user_id, r.http_method, r.response_status])).toEqual([
      ['61003', 'POST', 'SUCCESS'], ['61008', 'POST', 'SUCCESS'],
    ]);
    // Another day: empty (header only); and the rows of that day only.
    expect(await download(sim, admin, '2026-01-14')).toEqual([]);
    sim.clock.advance(24 * 3600_000);
    const admin2 = await sim.login('tenant.admin@acme.example');
    await sim.call('GET', `/api/${V}`, { headers: { Authorization: admin2, 'X-TenantAPI-ReferenceId': 'tomorrow' } });
    const next = await download(sim, admin2, '2026-01-16');
    expect(next.map((r) => r.reference_id)).toEqual(['', 'tomorrow']);
    expect(next[1].timestamp).toBe('2026-01-16T09:00:00.000Z');
  });

  it('shows the delays of throttled calls, API and authentication', async () => {
    const sim = make({ settings: { apiBurstLimit: 2, authBurstLimit: 4 } });
    const bob = await sim.login('bob@acme.example');
    for (let i = 1; i <= 3; i++) await sim.call('GET', `/api/${V}`, { headers: { Authorization: bob, 'X-TenantAPI-ReferenceId': `api${i}` } });
    for (let i = 0; i < 3; i++) await sim.login('tenant.admin@acme.example');
    const admin = await sim.login('tenant.admin@acme.example'); // 4th: delayed
    const rows = await download(sim, admin);
    expect(rows.filter((r) => r.reference_id.startsWith('api')).map((r) => [r.reference_id, r.api_burst_remaining, r.response_delay_ms])).toEqual([
      ['api1', '1', '0'], ['api2', '0', '0'], ['api3', '0', '500'],
    ]);
    expect(rows.filter((r) => r.user_id === '61008' && r.endpoint === `/api/${V}/auth`).map((r) => [r.api_burst_remaining, r.response_delay_ms])).toEqual([
      ['3', '0'], ['2', '0'], ['1', '500'], ['0', '500'],
    ]);
  });

  it('is for domain and tenant administrators only', async () => {
    const sim = make();
    for (const user of ['bob@acme.example', 'alice@acme.example', 'crm.user@acme.example']) {
      const s = await sim.login(user);
      const body = await sim.json('GET', `/api/${V}/logs/api_usage?date=2026-01-15`, s);
      expect(body.responseStatus, user).toBe('FAILURE');
      expect(body.errors[0].type).toBe('INSUFFICIENT_ACCESS');
    }
    const domainAdmin = await sim.login('domain.admin@acme.example', { tenantDNS: 'quality.acme.example' });
    const rows = await download(sim, domainAdmin);
    // Quality's log: alice's login and failed download, the domain admin's login.
    expect(rows.map((r) => [r.user_id, r.endpoint, r.response_status])).toEqual([
      ['61002', `/api/${V}/auth`, 'SUCCESS'],
      ['61002', `/api/${V}/logs/api_usage`, 'FAILURE'],
      ['61001', `/api/${V}/auth`, 'SUCCESS'],
    ]);
  });

  it('requires a valid date', async () => {
    const sim = make();
    const admin = await sim.login('tenant.admin@acme.example');
    expect((await sim.json('GET', `/api/${V}/logs/api_usage`, admin)).errors[0].type).toBe('PARAMETER_REQUIRED');
    expect((await sim.json('GET', `/api/${V}/logs/api_usage?date=15.01.2026`, admin)).errors[0].type).toBe('INVALID_DATA');
  });
});
