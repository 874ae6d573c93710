/**
 * createSimulator(options): a fixture set → a world → the Hono app; listen() and close().
 * Each simulator has its own state. The control plane (issue 16, src/control/) is mounted beside
 * the service app without touching its routing: the app's `fetch` sends `/_sim/...` to the control
 * app and everything else to the service, for `sim.fetch`, `sim.app.request` and `listen()` alike.
 */
import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';
import { createControlApp, CONTROL_PREFIX } from './control/app';
import { Control, type StartState } from './control/control';
import { createConsoleApp, isConsolePath } from './console/serve';
import { isDropped, isInjected } from './control/fault-answers';
import { type Scenario, loadScenario } from './control/scenario';
import { type Clock, systemClock } from './domain/clock';
import { type Settings, type World, createWorld } from './domain/world';
import { loadFixtures } from './fixtures/load';
import type { FixtureSet } from './fixtures/types';
import { handlers as allHandlers } from './handlers';
import type { Handlers } from './http/context';
import { createApp, warmValidators } from './http/app';
import { sendAllHeld } from './http/answer-response';
import { pathnameOf } from './http/node-request';
import { type ConnectionLimits, createNodeServer } from './http/server';
import { loadOpenApi } from './openapi/load';
import { type TlsFiles, tlsFiles } from './tls/certificate';
import { queryWarmUp } from './domain/query/warm-up';
import { runInTurns } from './run-in-turns';

/** (chosen) How long after listening the background compilation of validators begins. */
const WARM_UP_DELAY_MS = 300;

export interface SimulatorOptions {
  /** A fixture folder, or a loaded set; default: the built-in default world. */
  fixtures?: string | FixtureSet;
  /** The port to listen on; default 0 (a free port: listen() resolves to the address). The CLI defaults to 8080. */
  port?: number;
  host?: string;
  /** The base of every absolute address handed out; default: the listening address. */
  publicUrl?: string;
  /** Honour X-Forwarded-Proto/Host from any peer; by default only from loopback peers (gaps.md §12). */
  trustProxy?: boolean;
  /** Serve HTTPS with a self-signed certificate for every tenant DNS name, kept in `dir` (default: the user's cache folder). */
  tls?: boolean | { dir?: string };
  /** Validate every answer against the OpenAPI document (a breach answers 500, loudly). */
  validateResponses?: boolean;
  clock?: Clock;
  /** Overrides of the fixture settings (e.g. `{ throttling: false }`). */
  settings?: Partial<Settings>;
  /** Replace or add handlers (tests). */
  handlers?: Handlers;
  /** Control plane: a scenario file or folder (or several) applied on top of the fixture set's own scenario.yaml. */
  scenario?: string | string[];
  /** Control plane: the clock at start (`--clock`, ISO-8601) and frozen (`--frozen-clock`); fault rules or presets from start (`--fault`). */
  start?: Omit<StartState, 'scenarios'>;
  /**
   * Once listening, the query engine builds in the background what the first FIND over a large store
   * would (src/domain/query/warm-up.ts): `false` turns it off; `minDocuments` is the smallest store
   * warmed up (default WARM_UP_MIN_DOCUMENTS, 5,000).
   */
  queryWarmUp?: false | { minDocuments?: number };
  /** Control plane: loaded at start when it exists; saved on close and on `POST /_sim/snapshot/save`. */
  stateFile?: string;
  /** Control plane: required in `X-Sim-Control-Token`; without it the plane is on only on loopback. */
  controlToken?: string;
  /** Control plane: decides fault rules' `probability` (tests pass a seeded one). */
  random?: () => number;
  /** Control plane: `false` (`--no-journal`) records no request; the journal's endpoints answer 409 (default: on). */
  journal?: boolean;
  /** Timeouts and the maximum number of connections (defaults: `DEFAULT_CONNECTION_LIMITS`, src/http/server.ts). */
  connections?: Partial<ConnectionLimits>;
}

export interface Simulator {
  app: Hono;
  world: World;
  /** The control plane (clock, faults, journal, verify, snapshots, sessions). */
  control: Control;
  /** The in-process entry point: `await sim.fetch(new Request(...))`. A dropped connection rejects, as fetch would. */
  fetch(request: Request): Promise<Response>;
  /** Starts listening; resolves to the bound address. */
  listen(): Promise<{ url: string; port: number; host: string }>;
  close(): Promise<void>;
  /**
   * Resolves once the background warm-up running now is over (the validators' after listening,
   * then the query engine's; again after a reset or a restored snapshot); at once when none runs.
   */
  warmedUp(): Promise<void>;
  readonly publicUrl: string | undefined;
  /** With `tls`: the certificate served, once listening. */
  readonly tls: TlsFiles | undefined;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3})$/i;
export const isLoopback = (host: string): boolean => LOOPBACK.test(host.replace(/^\[|\]$/g, ''));

const isControlPath = (path: string): boolean => path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`);

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const fixtures = typeof options.fixtures === 'object' ? options.fixtures : loadFixtures(options.fixtures);
  const world = createWorld(fixtures, options.clock ?? systemClock(), options.settings);
  const scenarios = [loadScenario(fixtures.dir, true), ...[options.scenario ?? []].flat().map((s) => loadScenario(s))].filter((s): s is Scenario => s !== undefined);
  let server: ReturnType<typeof createNodeServer> | undefined;
  let queryWarmUpRun: AbortController | undefined;
  /** The warm-up running now (resolved when none); replaced by each new one. */
  let warming: Promise<unknown> = Promise.resolve();
  /** While listening: the query engine's warm-up of the world as it is now (domain/query/warm-up.ts), in the background. */
  const warmQueries = (): Promise<unknown> => {
    queryWarmUpRun?.abort();
    if (options.queryWarmUp === false) return (warming = Promise.resolve());
    const run = (queryWarmUpRun = new AbortController());
    const onError = (e: unknown) => console.error('[dms-sim] the query warm-up failed (the first queries build what it did not):', e);
    return (warming = runInTurns(queryWarmUp(world, options.queryWarmUp?.minDocuments, onError), { signal: run.signal, onError }));
  };
  const onWorldReplaced = () => {
    if (server) void warmQueries();
  };
  const control = new Control(world, { settings: options.settings, start: { ...options.start, scenarios }, stateFile: options.stateFile, random: options.random, journal: options.journal, onWorldReplaced });
  let publicUrl = options.publicUrl?.replace(/\/+$/, '');
  const app = createApp({
    world,
    openapi: loadOpenApi(),
    handlers: { ...allHandlers, ...options.handlers },
    publicUrl: () => publicUrl,
    explicitPublicUrl: options.publicUrl !== undefined,
    trustProxy: options.trustProxy,
    validateResponses: options.validateResponses,
    control: { ...control.stages, isInjected },
  });
  let boundHost: string | undefined;
  // In process always; over a port on loopback, or anywhere with a token.
  const controlEnabled = () => options.controlToken !== undefined || boundHost === undefined || isLoopback(boundHost);
  const controlApp = createControlApp(control, { token: options.controlToken, enabled: controlEnabled });
  // The web console (issue 17, src/console/) is on whenever the control plane is.
  const consoleApp = createConsoleApp({ world, enabled: controlEnabled, token: options.controlToken });
  const serviceFetch = app.fetch;
  app.fetch = (request, env, executionCtx) => {
    // The path is read once; only a path under /_sim is looked at again (the console lives under it).
    const path = pathnameOf(request.url);
    if (!isControlPath(path)) return serviceFetch(request, env, executionCtx);
    return isConsolePath(path) ? consoleApp.fetch(request, env, executionCtx) : controlApp.fetch(request, env, executionCtx);
  };
  let warmUp: AbortController | undefined;
  let tls: TlsFiles | undefined;
  return {
    app,
    world,
    control,
    fetch: async (request) => {
      const response = await app.fetch(request);
      if (isDropped(response)) throw new TypeError('fetch failed: the connection was closed with no answer (a dms-sim fault rule)');
      return response;
    },
    get publicUrl() {
      return publicUrl;
    },
    get tls() {
      return tls;
    },
    async listen() {
      const host = options.host ?? '127.0.0.1';
      boundHost = host;
      if (options.tls) tls = await tlsFiles(world.tenants.all().map((t) => t.dns), typeof options.tls === 'object' ? options.tls.dir : undefined);
      return new Promise((resolve, reject) => {
        const s = createNodeServer(app.fetch, host, options.connections, tls && { key: tls.key, cert: tls.cert });
        s.listen(options.port ?? 0, host, () => {
          const info = s.address() as AddressInfo;
          // The loopback and wildcard addresses are shown as localhost (the README's address).
          const shownHost = ['0.0.0.0', '::', '127.0.0.1'].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
          const url = `${tls ? 'https' : 'http'}://${shownHost}:${info.port}`;
          publicUrl ??= url;
          resolve({ url, port: info.port, host });
          // Validators not needed yet are compiled in the background shortly after (they compile on first use
          // anyway), then the query engine's indexes of large stores are built (a first query builds them otherwise).
          const signal = (warmUp = new AbortController()).signal;
          listening = true;
          warming = warmValidators(app, WARM_UP_DELAY_MS, signal).then(() => (signal.aborted ? undefined : warmQueries()));
        });
        // Until listening, an error (the port in use) fails listen(); later ones (e.g. EMFILE on
        // accept) are reported, and the server goes on.
        let listening = false;
        s.on('error', (e: Error) => {
          if (listening) return console.error(`[dms-sim] the server: ${e.message}`);
          server = undefined;
          reject(e);
        });
        server = s;
      });
    },
    async warmedUp() {
      // a warm-up started meanwhile (a reset) replaces the one awaited: wait for the newest
      for (let w = warming; ; w = warming) {
        await w;
        if (w === warming) return;
      }
    },
    close() {
      warmUp?.abort();
      queryWarmUpRun?.abort();
      try {
        control.saveState();
      } catch (e) {
        console.error(`[dms-sim] the state file could not be written: ${(e as Error).message}`);
      }
      return new Promise((resolve) => {
        if (!server) return resolve();
        sendAllHeld(); // answers already made go out before their connections close
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
        server = undefined;
      });
    },
  };
}
