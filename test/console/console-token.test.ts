/**
 * The web console against a simulator started with --control-token, in headless Chromium
 * (test/console/browser.ts): the page asks for the token, keeps it for the tab and sends it.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/domain/clock';
import { createSimulator } from '../../src/simulator';
import { type ConsolePage, launch, openPage, skipReason } from './browser';

const skip = skipReason();

describe.skipIf(skip !== undefined)(skip ?? 'the web console with a control token', () => {
  let browser: Browser;
  let current: ConsolePage | undefined;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    const problems = current?.problems ?? [];
    await current?.context.close();
    current = undefined;
    expect(problems).toEqual([]);
  });

  it('asks for the control token when the simulator has one, and then works with it', async () => {
    const guarded = createSimulator({ clock: manualClock(), port: 0, controlToken: 's3cret' });
    const { url } = await guarded.listen();
    try {
      current = await openPage(browser);
      const { page, problems } = current;
      await page.goto(`${url}/_sim/console/#/faults`);
      await page.getByRole('heading', { name: 'Control token' }).waitFor();
      // Until then the world view and the clock answer 401, which Chromium reports as failed loads.
      expect(problems.length).toBeGreaterThan(0);
      for (const p of problems) expect(p).toBe('console: Failed to load resource: the server responded with a status of 401 (Unauthorized)');
      await page.getByLabel('Token', { exact: true }).fill('s3cret');
      await page.getByRole('button', { name: 'Use it' }).click();
      await page.getByTestId('clock-now').getByText('2026-01-15 09:00:00Z').waitFor();
      await page.getByRole('button', { name: 'Add preset' }).click();
      await page.getByRole('table', { name: 'Active fault rules' }).getByRole('cell', { name: 'expired-session' }).waitFor();
      expect(guarded.control.faults()).toEqual([expect.objectContaining({ preset: 'expired-session' })]);
      // Requests during the hand-over may still have carried no token; nothing fails once it is set.
      problems.length = 0;
      await page.reload();
      await page.getByTestId('clock-now').waitFor();
      await page.getByRole('heading', { name: 'Control token' }).waitFor({ state: 'detached' });
    } finally {
      // The page polls the clock: closed before its server (a poll the server drops would fail otherwise).
      await current?.context.close();
      await guarded.close();
    }
  });
});
