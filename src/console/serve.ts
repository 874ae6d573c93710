/**
 * The web console (issue 17) at `/_sim/console/`: static files from `src/console/static/` (plain
 * ES modules, no build step), Preact with htm as one vendored ES module straight from the `htm`
 * package (`/_sim/console/vendor/preact-htm.mjs`), and one read-only JSON view of the loaded
 * world (`/_sim/console/api/world`, world-view.ts). Everything else the pages show comes from the
 * service API and the control plane's `/_sim/` API, called from the browser.
 *
 * On whenever the control plane is on (`enabled`). The static files hold no state and are served
 * without the control token (a browser cannot add a header to a page load); the world view holds
 * the personas' passwords, so with `--control-token` it needs `X-Sim-Control-Token`, as every
 * `/_sim/` call does (the page asks for the token and sends it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize, sep } from 'node:path';
import { TOKEN_HEADER, sameToken } from '../control/app';
import { Hono } from 'hono';
import type { World } from '../domain/world';
import { projectRoot } from '../root';
import { worldView } from './world-view';

export const CONSOLE_PREFIX = '/_sim/console';

/** The folder of the console's static files. */
export const STATIC_DIR = join(projectRoot, 'src', 'console', 'static');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** A file name the console may serve: letters, digits, `-`, `_`, `/` and one extension; no `..`. */
const SAFE_NAME = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.(?:html|js|mjs|css|svg|png)$/i;

export const isConsolePath = (path: string): boolean => path === CONSOLE_PREFIX || path.startsWith(`${CONSOLE_PREFIX}/`);

/** Preact, its hooks and htm in one ES module (htm's own standalone build). */
export function vendorFile(): string {
  const require = createRequire(join(projectRoot, 'package.json'));
  // htm's main module is <package>/dist/htm.js (its package.json is not exported).
  return join(dirname(require.resolve('htm')), '..', 'preact', 'standalone.mjs');
}

export interface ConsoleOptions {
  world: World;
  /** Whether the control plane (and so the console) answers at all. */
  enabled: () => boolean;
  /** `--control-token`: the world view needs it in X-Sim-Control-Token. */
  token?: string;
}


function fileResponse(path: string): Response | undefined {
  if (!existsSync(path)) return undefined;
  const ext = path.slice(path.lastIndexOf('.'));
  return new Response(readFileSync(path), { headers: { 'Content-Type': TYPES[ext] ?? 'application/octet-stream', 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' } });
}

export function createConsoleApp(options: ConsoleOptions): Hono {
  const app = new Hono().basePath(CONSOLE_PREFIX);
  const notFound = (message: string) => Response.json({ error: message }, { status: 404 });

  app.use('*', async (c, next) => {
    if (!options.enabled()) return notFound('The console is off with the control plane: the simulator listens beyond loopback without --control-token.');
    await next();
  });

  app.get('/api/world', (c) => {
    if (options.token !== undefined && !sameToken(c.req.header(TOKEN_HEADER), options.token)) {
      return c.json({ error: `The control plane needs the header ${TOKEN_HEADER}.` }, 401);
    }
    return c.json(worldView(options.world, new URL(c.req.url).origin));
  });

  app.get('/vendor/preact-htm.mjs', () => fileResponse(vendorFile()) ?? notFound('the htm package is not installed'));

  app.get('/*', (c) => {
    const pathname = new URL(c.req.url).pathname;
    // The page's modules are addressed relative to the folder: /_sim/console becomes /_sim/console/.
    if (pathname === CONSOLE_PREFIX) return c.redirect(`${CONSOLE_PREFIX}/`, 302);
    const name = decodeURIComponent(pathname.slice(CONSOLE_PREFIX.length + 1)) || 'index.html';
    if (!SAFE_NAME.test(name)) return notFound(`no console file ${name}`);
    const path = normalize(join(STATIC_DIR, name));
    if (!path.startsWith(STATIC_DIR + sep)) return notFound(`no console file ${name}`);
    return fileResponse(path) ?? notFound(`no console file ${name}`);
  });

  app.notFound(() => notFound('no such console address'));
  return app;
}
