/**
 * createSimulator(options): a fixture set → a world → the Hono app; listen() and close().
 * Each simulator has its own state.
 */
import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';
import { type Clock, systemClock } from './domain/clock';
import { type Settings, type World, createWorld } from './domain/world';
import { loadFixtures } from './fixtures/load';
import type { FixtureSet } from './fixtures/types';
import { handlers as allHandlers } from './handlers';
import type { Handlers } from './http/context';
import { createApp, warmValidators } from './http/app';
import { type ConnectionLimits, createNodeServer } from './http/server';
import { loadOpenApi } from './openapi/load';

/** (chosen) How long after listening the background compilation of validators begins. */
const WARM_UP_DELAY_MS = 300;

export interface SimulatorOptions {
  /** A fixture folder, or a loaded set; default: the built-in default world. */
  fixtures?: string | FixtureSet;
  port?: number;
  host?: string;
  /** The base of every absolute address handed out; default: the listening address. */
  publicUrl?: string;
  /** Validate every answer against the OpenAPI document (a breach answers 500, loudly). */
  validateResponses?: boolean;
  clock?: Clock;
  /** Overrides of the fixture settings (e.g. `{ throttling: false }`). */
  settings?: Partial<Settings>;
  /** Replace or add handlers (tests). */
  handlers?: Handlers;
  /** Timeouts and the maximum number of connections (defaults: `DEFAULT_CONNECTION_LIMITS`, src/http/server.ts). */
  connections?: Partial<ConnectionLimits>;
}

export interface Simulator {
  app: Hono;
  world: World;
  /** The in-process entry point: `await sim.fetch(new Request(...))`. */
  fetch(request: Request): Promise<Response>;
  /** Starts listening; resolves to the bound address. */
  listen(): Promise<{ url: string; port: number; host: string }>;
  close(): Promise<void>;
  readonly publicUrl: string | undefined;
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const fixtures = typeof options.fixtures === 'object' ? options.fixtures : loadFixtures(options.fixtures);
  const world = createWorld(fixtures, options.clock ?? systemClock(), options.settings);
  let publicUrl = options.publicUrl?.replace(/\/+$/, '');
  const app = createApp({
    world,
    openapi: loadOpenApi(),
    handlers: { ...allHandlers, ...options.handlers },
    publicUrl: () => publicUrl,
    validateResponses: options.validateResponses,
  });
  let server: ReturnType<typeof createNodeServer> | undefined;
  let warmUp: AbortController | undefined;
  return {
    app,
    world,
    fetch: async (request) => app.fetch(request),
    get publicUrl() {
      return publicUrl;
    },
    listen() {
      const host = options.host ?? '127.0.0.1';
      return new Promise((resolve, reject) => {
        const s = createNodeServer(app.fetch, host, options.connections);
        s.listen(options.port ?? 8080, host, () => {
          const info = s.address() as AddressInfo;
          // The loopback and wildcard addresses are shown as localhost (the README's address).
          const shownHost = ['0.0.0.0', '::', '127.0.0.1'].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
          const url = `http://${shownHost}:${info.port}`;
          publicUrl ??= url;
          resolve({ url, port: info.port, host });
          // Validators not needed yet are compiled in the background shortly after (they compile on first use anyway).
          void warmValidators(app, WARM_UP_DELAY_MS, (warmUp = new AbortController()).signal);
        });
        s.once('error', reject);
        server = s;
      });
    },
    close() {
      warmUp?.abort();
      return new Promise((resolve) => {
        if (!server) return resolve();
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
        server = undefined;
      });
    },
  };
}
