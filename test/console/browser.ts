/**
 * The browser of the console's tests: Debian's Chromium (`apt-get install chromium`; `.ci/run`
 * installs it) driven by playwright-core, which never downloads a browser of its own. Another
 * executable may be named with CHROMIUM_PATH.
 *
 * (decided) Without Chromium the browser tests fail, naming what to install: a missing browser
 * must not pass for a green run. On a developer machine without it (and only where CI is not
 * set), DMS_SIM_SKIP_BROWSER_TESTS=1 skips them, and the run says so loudly.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the browser tests are skipped (a developer's explicit choice), or undefined: they run. */
export function skipReason(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  if (process.env.DMS_SIM_SKIP_BROWSER_TESTS === '1' && !process.env.CI) {
    const reason = `SKIPPED: the console's browser tests (no Chromium at ${CHROMIUM}; DMS_SIM_SKIP_BROWSER_TESTS=1)`;
    console.warn(`\n${'!'.repeat(reason.length)}\n${reason}\n${'!'.repeat(reason.length)}\n`);
    return reason;
  }
  return undefined;
}

export const MISSING_CHROMIUM =
  `The console's browser tests need Chromium at ${CHROMIUM} (Debian: apt-get install -y chromium; or set CHROMIUM_PATH). ` +
  'On a machine without it, DMS_SIM_SKIP_BROWSER_TESTS=1 skips them (not when CI is set).';

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(MISSING_CHROMIUM);
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

export interface ConsolePage {
  page: Page;
  context: BrowserContext;
  /** Console errors, uncaught exceptions and failed requests seen so far. */
  problems: string[];
}

/** A fresh context (its own sessionStorage) and page at 1280×800, recording every console error. */
export async function openPage(browser: Browser): Promise<ConsolePage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // A step that does not happen fails in seconds, naming the step (not at the test's timeout).
  context.setDefaultTimeout(5000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // A request the browser gave up itself (net::ERR_ABORTED: a reload or navigation while the clock
  // poll was in flight, the page closing) is no failure of the console or the server: such an
  // abort made the token test flaky under load. Any other failure (a reset, an empty answer) counts.
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText;
    if (why !== 'net::ERR_ABORTED') problems.push(`request failed: ${r.method()} ${r.url()} (${why})`);
  });
  return { page, context, problems };
}

/** With CONSOLE_SCREENSHOTS=dir, a PNG of the page as `dir/<name>.png`. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  const dir = process.env.CONSOLE_SCREENSHOTS;
  if (!dir) return;
  const out = resolve(dir);
  mkdirSync(out, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(out, `${name}.png`), fullPage });
}
