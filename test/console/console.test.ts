/**
 * The web console in a real headless Chromium (test/console/browser.ts), against a simulator on
 * a port with a manual clock. One browser for the file; each test gets a fresh page and a reset
 * simulator (POST /_sim/reset), and ends with no console error, uncaught exception or failed
 * request. CONSOLE_SCREENSHOTS=dir writes a PNG of each page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/domain/clock';
import { type Simulator, createSimulator } from '../../src/simulator';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { CHROMIUM, type ConsolePage, MISSING_CHROMIUM, launch, openPage, screenshot, skipReason } from './browser';

const skip = skipReason();

describe("the console's browser", () => {
  // Counted as a failure of its own when Chromium is missing (the suite below then fails in beforeAll).
  it.skipIf(skip !== undefined)(`is Chromium at ${CHROMIUM}`, () => {
    if (!existsSync(CHROMIUM)) throw new Error(MISSING_CHROMIUM);
  });
});

describe.skipIf(skip !== undefined)(skip ?? 'the web console in Chromium', () => {
  let browser: Browser;
  let sim: Simulator;
  let base: string;
  let current: ConsolePage | undefined;

  beforeAll(async () => {
    sim = createSimulator({ clock: manualClock(), port: 0, validateResponses: true });
    [browser, { url: base }] = await Promise.all([launch(), sim.listen()]);
  });
  afterAll(async () => {
    await browser?.close();
    await sim?.close();
  });
  beforeEach(async () => {
    await control('POST', '/reset');
  });
  afterEach(async () => {
    const problems = current?.problems ?? [];
    await current?.context.close();
    current = undefined;
    expect(problems).toEqual([]);
  });

  async function control(method: string, path: string, body?: unknown): Promise<any> {
    const res = await fetch(`${base}/_sim${path}`, { method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
    expect(res.status, `${method} /_sim${path}`).toBeLessThan(300);
    return res.json();
  }

  async function open(route: string): Promise<Page> {
    current ??= await openPage(browser);
    await current.page.goto(`${base}/_sim/console/#/${route}`);
    await current.page.getByRole('heading', { level: 1 }).waitFor();
    return current.page;
  }

  /** Signs in from the World page with the "Sign in as" button of `username` in `tenant`. */
  async function signIn(username: string, tenant: string): Promise<string> {
    const page = await open('world');
    await page.getByLabel(`Tenant for ${username}`).selectOption(tenant);
    await page.getByRole('button', { name: `Sign in as ${username}` }).click();
    const card = page.getByLabel('Signed-in session');
    await card.waitFor();
    return (await card.locator('.copyable code').first().textContent())!;
  }

  it('loads every page without a console error', async () => {
    await signIn('alice@acme.example', 'promo.acme.example');
    const expectations: Record<string, string> = {
      world: 'Domains and tenants', documents: 'Cholecap Patient Brochure', query: 'Run query', configuration: 'Run an MDL script',
      sessions: 'alice@acme.example', journal: 'createSession', faults: 'No active rules',
    };
    for (const [route, text] of Object.entries(expectations)) {
      const page = await open(route);
      await page.locator('main').getByText(text).first().waitFor();
      expect(await page.title()).toMatch(/· dms-sim console$/);
      await expect.poll(() => page.locator('main h1').textContent()).not.toBe('');
      // Nothing wider than the 1280-pixel window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      await screenshot(page, route);
    }
    // Keyboard: the first Tab reaches the skip link, which moves the focus to the page, not elsewhere.
    const page = current!.page;
    await page.reload();
    await page.getByTestId('clock-now').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the page');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await page.locator('main h1').textContent()).toBe('Faults and clock');
  });

  it('signs in as a persona and shows the session id ready to copy', async () => {
    const id = await signIn('alice@acme.example', 'promo.acme.example');
    expect(id).toMatch(/^[0-9A-F]{48}$/);
    const page = current!.page;
    await expect.poll(() => page.getByLabel('Signed-in session').textContent()).toContain(`Authorization: ${id}`);
    expect(await page.getByLabel('Signed-in session').textContent()).toContain(`curl 'http://localhost:${new URL(base).port}/tenants/promo.acme.example/api/v25.3/objects/documents' -H 'Authorization: ${id}'`);
    expect(await page.getByLabel('Acting as').inputValue()).not.toBe('');
    // The control plane sees the same session, and the service takes the id.
    const { sessions } = await control('GET', '/sessions');
    expect(sessions).toEqual([expect.objectContaining({ user: 'alice@acme.example', tenant: 'promo.acme.example', idPrefix: id.slice(0, 8) })]);
    const domain = await (await fetch(`${base}/api/v25.3/objects/documents?limit=1`, { headers: { Authorization: id } })).json();
    expect(domain.responseStatus).toBe('SUCCESS');
  });

  it('lists documents page by page, and opens one: metadata, versions, renditions, thumbnail, check-out state', async () => {
    await control('POST', '/faults', { preset: 'checked-out-document', tenant: 'promo.acme.example', document: 101, by: 'domain.admin@acme.example' });
    await signIn('alice@acme.example', 'promo.acme.example');
    const page = await open('documents');
    const table = page.getByRole('table', { name: 'Documents' });
    await table.getByRole('cell', { name: 'Cholecap Patient Brochure' }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(10);
    await expect.poll(() => page.getByText(/^Documents \d+–\d+$/).textContent()).toBe('Documents 1–10');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => page.getByText(/^Documents \d+–\d+$/).textContent()).toBe('Documents 11–20');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => page.getByText(/^Documents \d+–\d+$/).textContent()).toBe('Documents 1–10');
    await page.getByRole('button', { name: 'Open document 101' }).click();
    const doc = page.getByRole('region', { name: /Cholecap Patient Brochure/ });
    await doc.getByText('Checked out').waitFor();
    expect(await doc.getByTestId('checkout').textContent()).toBe('Checked out by domain.admin@acme.example (61001) since 2026-01-15T09:00:00.000Z');
    for (const v of ['0.1', '1.0', '1.1']) await doc.getByText(new RegExp(`^${v.replace('.', '\\.')} /tenants/promo`)).waitFor();
    await doc.getByRole('button', { name: 'Download viewable_rendition__v' }).waitFor();
    const thumb = doc.getByRole('img', { name: 'Thumbnail of Cholecap Patient Brochure' });
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
    const [download] = await Promise.all([page.waitForEvent('download'), doc.getByRole('button', { name: 'Download file' }).click()]);
    expect(download.suggestedFilename()).toBe('cholecap-brochure-v1.1.pdf');
    // The bytes the service holds for the version (its md5checksum__v).
    expect(createHash('md5').update(readFileSync((await download.path())!)).digest('hex')).toBe('291e56e44552105e5ee1e1e1d698af10');
    await screenshot(page, 'documents-open', true);
    await page.getByLabel('Search', { exact: true }).fill('Cholecap Patient');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr td').nth(1).textContent()).toBe('Cholecap Patient Brochure');
  });

  it('runs a query and pages through next_page, with the describe panel; a syntax error shows its position', async () => {
    await signIn('alice@acme.example', 'promo.acme.example');
    const page = await open('query');
    await page.getByLabel('VQL', { exact: true }).fill('SELECT id, name__v FROM documents PAGESIZE 2');
    await page.getByRole('button', { name: 'Run query' }).click();
    const results = page.getByRole('table', { name: 'Query results' });
    await results.getByRole('cell', { name: 'Cholecap Patient Brochure' }).waitFor();
    const ids = () => results.locator('tbody tr td:first-child').allTextContents();
    expect(await ids()).toEqual(['101', '102']);
    const total = (await page.getByTestId('query-status').textContent())!.match(/of (\d+)$/)![1];
    expect(Number(total)).toBeGreaterThan(4);
    await page.getByRole('complementary', { name: 'Describe' }).getByRole('cell', { name: 'name__v' }).waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(ids).toEqual(['103', '104']);
    expect(await page.getByTestId('query-status').textContent()).toBe(`Rows 3–4 of ${total}`);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(ids).toEqual(['101', '102']);
    await screenshot(page, 'query');

    await page.getByLabel('VQL', { exact: true }).fill('SELECT id name__v FROM documents');
    await page.getByLabel('VQL', { exact: true }).press('Control+Enter');
    await page.getByRole('alert').getByText('INCORRECT_QUERY_SYNTAX_ERROR').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain("Expected FROM but found 'name__v' at position 10");
    const where = page.getByRole('figure', { name: 'Where the query fails' });
    expect(await where.locator('pre').textContent()).toBe(`SELECT id name__v FROM documents\n${' '.repeat(10)}^`);
    expect(await where.locator('figcaption').textContent()).toBe('Line 1, column 11 (offset 10)');
    // The history keeps both queries, newest first.
    const history = await page.getByLabel('History').locator('option').allTextContents();
    expect(history.slice(1, 3)).toEqual(['SELECT id name__v FROM documents', 'SELECT id, name__v FROM documents PAGESIZE 2']);
  });

  it('runs an MDL script and shows each statement\'s result and the record\'s RECREATE text', async () => {
    await signIn('tenant.admin@acme.example', 'promo.acme.example');
    const page = await open('configuration');
    await page.getByLabel('MDL', { exact: true }).fill("RECREATE Picklist color__c (\n   label('Color'),\n   Picklistentry red__c (value('Red'), order(0))\n);\nALTER Picklist color__c (label('Colour'));");
    await page.getByRole('button', { name: 'Run script' }).click();
    await page.getByTestId('mdl-summary').waitFor();
    expect(await page.getByTestId('mdl-summary').textContent()).toMatch(/^SUCCESS: OK \(GEN-S-0\), 1 component\(s\) affected, 0 failure\(s\)$/);
    const rows = page.getByRole('table', { name: 'Statements' }).locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).locator('td').allTextContents()).toEqual(['1', 'RECREATE', 'Picklist.color__c', 'SUCCESS', expect.any(String)]);
    expect(await rows.nth(1).locator('td').nth(1).textContent()).toBe('ALTER');
    await screenshot(page, 'configuration');
    // The new record is listed (endpoint 10) and its RECREATE text (endpoint 12) has the change.
    await page.getByRole('button', { name: 'Open Picklist.color__c' }).click();
    await expect.poll(() => page.getByTestId('recreate').textContent()).toBe("RECREATE Picklist color__c (\n   label('Colour'),\n   Picklistentry red__c (\n      value('Red'),\n      order(0)\n   )\n);\n");
  });

  it('adds a preset and a rule from the form, and clears them', async () => {
    const page = await open('faults');
    const rules = page.getByRole('table', { name: 'Active fault rules' });
    await rules.getByText('No active rules').waitFor();
    await page.getByLabel('Preset', { exact: true }).selectOption('service-unavailable');
    await page.getByRole('button', { name: 'Add preset' }).click();
    await rules.getByRole('cell', { name: 'service-unavailable' }).waitFor();
    await page.getByText('Add a rule from a form').click();
    await page.getByLabel('operationId', { exact: true }).fill('getDocument');
    await page.getByLabel('Effect', { exact: true }).selectOption('failure');
    await page.getByLabel('Value', { exact: true }).fill('OPERATION_NOT_ALLOWED');
    await page.getByLabel('Message', { exact: true }).fill('Not today.');
    await page.getByLabel('Times', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await rules.getByRole('cell', { name: 'FAILURE OPERATION_NOT_ALLOWED' }).waitFor();
    const { faults } = await control('GET', '/faults');
    expect(faults).toEqual([
      expect.objectContaining({ preset: 'service-unavailable', status: 503 }),
      expect.objectContaining({ operationId: 'getDocument', failure: 'OPERATION_NOT_ALLOWED', message: 'Not today.', times: 2, fired: 0 }),
    ]);
    // The service answers with the preset's FAILURE now.
    expect((await (await fetch(`${base}/api/`)).json()).errors[0].message).toMatch(/^The service is unavailable for maintenance/);
    await screenshot(page, 'faults');
    await page.getByRole('button', { name: `Remove rule ${faults[0].id}` }).click();
    await expect.poll(() => rules.locator('tbody tr').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear all rules' }).click();
    await rules.getByText('No active rules').waitFor();
    expect(await control('GET', '/faults')).toEqual({ faults: [] });
  });

  it('advances the clock until the session expires, and the pages say so', async () => {
    await signIn('alice@acme.example', 'promo.acme.example');
    let page = await open('sessions');
    await page.getByRole('table', { name: 'Live sessions' }).getByRole('cell', { name: 'alice@acme.example', exact: true }).waitFor();
    page = await open('faults');
    await page.getByTestId('clock-now').getByText('2026-01-15 09:00:00Z').waitFor();
    await page.getByLabel('Advance by').selectOption('PT21M');
    await page.getByRole('button', { name: 'Advance' }).click();
    await page.getByTestId('clock-now').getByText('2026-01-15 09:21:00Z').waitFor();
    expect(await control('GET', '/clock')).toEqual({ now: '2026-01-15T09:21:00.000Z', frozen: false });
    await page.getByRole('button', { name: 'Freeze' }).click();
    await page.getByTestId('clock-now').getByText('frozen').waitFor();
    expect((await control('GET', '/clock')).frozen).toBe(true);
    page = await open('sessions');
    await page.getByText('No live sessions').waitFor();
    page = await open('documents');
    await page.getByRole('heading', { name: 'The session has ended' }).waitFor();
    expect(await page.getByLabel('Acting as').locator('option:checked').textContent()).toBe('alice@acme.example @ promo.acme.example (ended)');
  });

  it('ends a session from the Sessions page', async () => {
    const id = await signIn('bob@acme.example', 'promo.acme.example');
    const page = await open('sessions');
    await page.getByRole('button', { name: `End session ${id.slice(0, 8)} of bob@acme.example` }).click();
    await page.getByText('No live sessions').waitFor();
    const answer = await (await fetch(`${base}/api/v25.3/objects/documents?limit=1`, { headers: { Authorization: id } })).json();
    expect(answer.errors[0].type).toBe('INVALID_SESSION_ID');
  });

  it('with --no-journal, the journal page says it is not recording, once, and stops asking', async () => {
    const off = createSimulator({ clock: manualClock(), port: 0, journal: false });
    const { url } = await off.listen();
    const own = await openPage(browser);
    try {
      const asked: string[] = [];
      own.page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/_sim/journal') asked.push(r.url());
      });
      await own.page.goto(`${url}/_sim/console/#/journal`);
      await own.page.getByText('Not recording: the request journal is off (dms-sim was started with --no-journal): no request is recorded').waitFor();
      await new Promise((r) => setTimeout(r, 2500));
      expect(asked).toHaveLength(1);
      // The one refusal is the browser's only complaint (Chromium logs a 409 it was answered).
      expect(own.problems).toEqual([expect.stringMatching(/^console: Failed to load resource: .*409/)]);
    } finally {
      await own.context.close();
      await off.close();
    }
  });

  it('shows a request in the journal within 2 s, with its headers, bodies and curl line', async () => {
    const page = await open('journal');
    await page.getByText(/^Live, every second · \d+ request\(s\) shown/).waitFor();
    const login = await (await fetch(`${base}/tenants/promo.acme.example/api/v25.3/auth`, { method: 'POST', body: new URLSearchParams({ username: 'bob@acme.example', password: 'Passw0rd!' }) })).json();
    await fetch(`${base}/tenants/promo.acme.example/api/v25.3/objects/documents?limit=5`, { headers: { Authorization: login.sessionId } });
    const res = await fetch(`${base}/tenants/promo.acme.example/api/v25.3/objects/documents/987654`, { headers: { 'X-TenantAPI-ClientId': 'console-test' } });
    expect((await res.json()).responseStatus).toBe('FAILURE');
    const row = page.getByRole('row', { name: /\/tenants\/promo\.acme\.example\/api\/v25\.3\/objects\/documents\/987654/ });
    // The page asks again 1 s after its last poll ended (each poll fetches and redraws up to 200
    // entries): ~0.9–1.4 s seen, so 2 s left too little margin on a loaded machine.
    await row.waitFor({ timeout: 5000 });
    expect(await row.locator('td').nth(3).textContent()).toBe('getDocument');
    expect(await row.locator('td').nth(7).textContent()).toBe('FAILURE');
    await page.getByLabel('Status', { exact: true }).selectOption('SUCCESS');
    await row.waitFor({ state: 'detached' });
    await page.getByLabel('Status', { exact: true }).selectOption('FAILURE');
    await row.getByRole('button', { name: /^Details of r\d+$/ }).click();
    const entry = page.getByRole('region', { name: /GET \/tenants\/promo\.acme\.example/ });
    await entry.getByText('"x-tenantapi-clientid": "console-test"').waitFor();
    await entry.getByText('INVALID_SESSION_ID').first().waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('');
    await page.getByRole('row', { name: /listDocuments/ }).first().waitFor();
    await screenshot(page, 'journal-request', true);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await entry.getByRole('button', { name: 'Copy as curl' }).click();
    await entry.getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`^curl '${base.replace(/[.:/]/g, '\\$&')}/tenants/promo\\.acme\\.example/api/v25\\.3/objects/documents/987654' .*-H 'x-tenantapi-clientid: console-test'`),
    );
  });
});
