/**
 * `dms-sim [serve] [flags]` (and `npm start`): runs the simulator on a fixture set; `dms-sim fixtures
 * ...` and `dms-sim contract ...` are dispatched to src/commands/. Every flag of serve is parsed here.
 * Flags: --port (or PORT; 0 picks a free port), --host, --fixtures DIR, --public-url,
 * --validate-responses, --no-throttle, --no-query-warm-up, --tls, --tls-dir DIR, --trust-proxy; the connections'
 * bounds: --headers-timeout MS, --request-timeout MS, --keep-alive-timeout MS, --max-connections N
 * (src/http/server.ts); control plane (issue 16): --state-file PATH, --clock ISO, --frozen-clock,
 * --fault PRESET (repeatable), --control-token T, --scenario DIR|FILE (repeatable), --no-journal.
 */
import { shownPath } from './shown-path';
import { parseArgs } from 'node:util';
import { warmUpStores } from './domain/query/warm-up';
import { ControlError } from './control/control';
import { PRESETS, isPreset } from './control/presets';
import { ruleSummary } from './control/faults';
import { ScenarioError } from './control/scenario';
import { SnapshotError } from './control/snapshot';
import { FixtureError } from './fixtures/load';
import { dispatch } from './commands/dispatch';
import { type ConnectionLimits, DEFAULT_CONNECTION_LIMITS, connectionLimitProblems } from './http/server';
import type { Settings } from './domain/world';
import { createSimulator, isLoopback } from './simulator';
import { trustAdvice } from './tls/certificate';

const usage = `Usage: dms-sim [serve] [flags]          run the simulator (the default command)
       dms-sim fixtures check|generate ...  validate or generate a fixture set (dms-sim fixtures --help)
       dms-sim contract [flags]             the contract suite against any target (dms-sim contract --help)

serve flags:
  --port N                  the port; 0 picks a free one (default: $PORT, else 8080)
  --host H                  the address to listen on (default: 127.0.0.1)
  --fixtures DIR            the fixture set (default: the built-in default world)
  --public-url URL          the base of every absolute address handed out (default: the listening address)
  --validate-responses      validate every answer against the OpenAPI document (default: off)
  --no-throttle             no burst limits (default: throttling as the fixtures say)
  --no-query-warm-up        build no query index before a query needs it (default: stores of 5,000
                            documents or more are indexed in the background once listening)
  --tls                     HTTPS with a self-signed certificate for every tenant (default: off)
  --tls-dir DIR             where the certificate is kept (default: the user's cache folder)
  --trust-proxy             honour X-Forwarded-* from any peer (default: only from loopback)
  --no-journal              record no request: /_sim/journal and verify answer 409 (default: the
                            last 10,000 requests are kept; a load test that never reads them saves
                            up to ~10–20% of the CPU of a small request)
  --state-file PATH         load at start, save on stop (default: none)
  --clock ISO               the simulator clock at start (default: the system time)
  --frozen-clock            the clock does not move on its own (default: off)
  --fault PRESET            a fault preset from start, repeatable (default: none); presets: ${PRESETS.join(', ')}
  --control-token T         required in X-Sim-Control-Token for the control plane (default: none, loopback only)
  --scenario DIR|FILE       a scenario applied at start, repeatable (default: the set's scenario.yaml)
connections (docs/reliability.md):
  --headers-timeout MS      time to receive a request's headers (default: ${DEFAULT_CONNECTION_LIMITS.headersTimeoutMs})
  --request-timeout MS      time to receive a whole request (default: ${DEFAULT_CONNECTION_LIMITS.requestTimeoutMs})
  --keep-alive-timeout MS   how long an idle kept-alive connection stays open (default: ${DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs})
  --max-connections N       connections open at once (default: ${DEFAULT_CONNECTION_LIMITS.maxConnections})
service settings (each overrides the fixture set's):
  --session-timeout MINUTES session inactivity timeout of every tenant (default: each tenant's, else 20)
  --auth-burst-limit N      logins per user and minute (default: service.settings.authBurstLimit, else 60)
  --api-burst-limit N       API calls per tenant and 5 minutes, every tenant (default: the tenant's, else service.settings, else 2000)
  --page-link-ttl DURATION  lifetime of query paging links, e.g. 90s, 30m, 72h, 3d (default: 72h)
  --max-upload BYTES        largest file upload (default: service.settings.uploadMaxBytes, else 104857600)
  -h, --help                this text`;

/** The flags of the connections' bounds, by the option they set. */
const limitFlags = { headersTimeoutMs: 'headers-timeout', requestTimeoutMs: 'request-timeout', keepAliveTimeoutMs: 'keep-alive-timeout', maxConnections: 'max-connections' } as const;

export function serve(argv: string[]): void {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        fixtures: { type: 'string' },
        'public-url': { type: 'string' },
        'validate-responses': { type: 'boolean' },
        'no-throttle': { type: 'boolean' },
        'no-query-warm-up': { type: 'boolean' },
        'no-journal': { type: 'boolean' },
        tls: { type: 'boolean' },
        'tls-dir': { type: 'string' },
        'trust-proxy': { type: 'boolean' },
        'state-file': { type: 'string' },
        clock: { type: 'string' },
        'frozen-clock': { type: 'boolean' },
        fault: { type: 'string', multiple: true },
        'control-token': { type: 'string' },
        scenario: { type: 'string', multiple: true },
        ...Object.fromEntries(Object.values(limitFlags).map((f) => [f, { type: 'string' as const }])),
        'session-timeout': { type: 'string' },
        'auth-burst-limit': { type: 'string' },
        'api-burst-limit': { type: 'string' },
        'page-link-ttl': { type: 'string' },
        'max-upload': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(usage);
    return;
  }
  const port = Number(args.port ?? process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a whole number from 0 to 65535\n${usage}`);
    process.exit(2);
  }
  const connections = { ...DEFAULT_CONNECTION_LIMITS };
  for (const [key, flag] of Object.entries(limitFlags) as [keyof ConnectionLimits, string][]) {
    const given = (args as Record<string, unknown>)[flag];
    if (typeof given === 'string') connections[key] = /^\d+$/.test(given) ? Number(given) : NaN;
  }
  const limitProblems = connectionLimitProblems(connections).map((p) => p.replace(/^\w+/, (k) => (k in limitFlags ? `--${limitFlags[k as keyof ConnectionLimits]}` : k)));
  if (limitProblems.length) {
    console.error(`${limitProblems.join('; ')}\n${usage}`);
    process.exit(2);
  }
  if (args.clock !== undefined && (!/^\d{4}-\d{2}-\d{2}T/.test(args.clock) || Number.isNaN(Date.parse(args.clock)))) {
    console.error(`--clock must be an ISO-8601 time such as 2026-03-01T08:00:00Z\n${usage}`);
    process.exit(2);
  }
  const unknownPreset = (args.fault ?? []).find((f) => !isPreset(f));
  if (unknownPreset !== undefined) {
    console.error(`--fault ${unknownPreset}: not a preset (${PRESETS.join(', ')})\n${usage}`);
    process.exit(2);
  }
  let settings: Partial<Settings>;
  try {
    settings = settingsFromFlags(args);
  } catch (e) {
    console.error(`${(e as Error).message}\n${usage}`);
    process.exit(2);
  }
  let sim;
  try {
    sim = createSimulator({
      fixtures: args.fixtures,
      port,
      host: args.host,
      publicUrl: args['public-url'],
      validateResponses: args['validate-responses'],
      settings: { ...settings, ...(args['no-throttle'] ? { throttling: false } : {}) },
      tls: args.tls || args['tls-dir'] ? { dir: args['tls-dir'] } : undefined,
      trustProxy: args['trust-proxy'],
      stateFile: args['state-file'],
      start: { clock: args.clock, frozen: args['frozen-clock'], faults: (args.fault ?? []).map((preset) => ({ preset })) },
      controlToken: args['control-token'],
      scenario: args.scenario,
      connections,
      ...(args['no-query-warm-up'] ? { queryWarmUp: false as const } : {}),
      ...(args['no-journal'] ? { journal: false } : {}),
    });
  } catch (e) {
    const known = e instanceof FixtureError || e instanceof ScenarioError || e instanceof ControlError || e instanceof SnapshotError;
    console.error(known ? e.message : `dms-sim could not start: ${(e as Error).message}`);
    process.exit(1);
  }
  const simulator = sim;
  simulator.listen().then(
    ({ url }) => {
      const base = simulator.publicUrl ?? url;
      const set = simulator.world.fixtures;
      const from = set.precompiled ? 'checked at build time: default-world.json beside the server' : 'parsed and checked at start';
      const lines = [`dms-sim listening on ${url}${base !== url ? ` (public address ${base})` : ''}`, `Fixtures: ${shownPath(set.dir)} (${from})`, '', 'Tenants:'];
      for (const t of simulator.world.tenants.all()) {
        lines.push(`  ${t.id}  ${t.dns.padEnd(28)} ${t.status.padEnd(8)} ${base}/tenants/${t.dns}/api`);
      }
      const pw = simulator.world.fixtures.data.users.filter((u) => u.password).slice(0, 4);
      const over = Object.keys(settings).length ? shownSettings(simulator.world) : undefined;
      if (over) lines.push('', `Settings: ${over}`);
      const large = warmUpStores(simulator.world);
      if (args['no-query-warm-up']) lines.push('', 'Query warm-up: off (the first FIND on a large store builds its indexes)');
      else if (large.length > 0) lines.push('', `Query warm-up: indexing ${large.map(({ store }) => `${store.tenant.dns} (${store.size()} documents)`).join(', ')} in the background`);
      if (args['no-journal']) lines.push('', 'Request journal: off (--no-journal: /_sim/journal and verify answer 409)');
      const faults = simulator.control.faults();
      if (faults.length > 0) lines.push('', `Faults from the start (${base}/_sim/faults lists them, DELETE clears them):`, ...faults.map((r) => `  ${ruleSummary(r)}`));
      lines.push('', 'Default credentials (see README for every persona):');
      for (const u of pw) lines.push(`  ${u.username} / ${u.password}`);
      if (simulator.tls) lines.push('', trustAdvice(simulator.tls, `${base}/api/`));
      const host = args.host ?? '127.0.0.1';
      lines.push('', args['control-token'] !== undefined || isLoopback(host)
        ? `Control plane: ${base}/_sim/ (${args['control-token'] !== undefined ? 'with the header X-Sim-Control-Token' : 'loopback only'})${args['state-file'] ? `; state file ${args['state-file']}` : ''}`
        : 'Control plane: off (listening beyond loopback: give --control-token to turn it on)');
      lines.push('', `Try: curl ${simulator.tls ? `--cacert ${simulator.tls.certPath} ` : ''}${base}/api/`);
      console.log(lines.join('\n'));
    },
    (e: Error) => {
      console.error(`dms-sim could not listen: ${e.message}`);
      process.exit(1);
    },
  );
  const stop = () => {
    simulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** A whole number ≥ min from a flag. */
function whole(flag: string, v: string, min: number): number {
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < min) throw new Error(`--${flag} must be a whole number from ${min}: ${v}`);
  return n;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
/** `90s`, `30m`, `72h`, `3d`, `500ms` → milliseconds. */
function parseDuration(flag: string, v: string): number {
  const m = /^(\d+)(ms|s|m|h|d)$/.exec(v.trim());
  if (!m || Number(m[1]) === 0) throw new Error(`--${flag} must be a positive duration such as 90s, 30m, 72h or 3d: ${v}`);
  return Number(m[1]) * UNIT_MS[m[2]];
}

/** The service settings flags (issue 20) as overrides of the fixture settings. */
function settingsFromFlags(args: Record<string, unknown>): Partial<Settings> {
  const s: Partial<Settings> = {};
  const str = (k: string) => args[k] as string | undefined;
  if (str('session-timeout') !== undefined) s.sessionTimeoutMinutes = whole('session-timeout', str('session-timeout')!, 1);
  if (str('auth-burst-limit') !== undefined) s.authBurstLimit = whole('auth-burst-limit', str('auth-burst-limit')!, 1);
  if (str('api-burst-limit') !== undefined) s.apiBurstLimit = whole('api-burst-limit', str('api-burst-limit')!, 1);
  if (str('page-link-ttl') !== undefined) s.pageLinkTtlMs = parseDuration('page-link-ttl', str('page-link-ttl')!);
  if (str('max-upload') !== undefined) s.uploadMaxBytes = whole('max-upload', str('max-upload')!, 1);
  return s;
}

/** The settings in effect, for the start banner when a flag set one. */
function shownSettings(world: { settings: Settings; tenants: { all(): { sessionTimeoutMinutes: number }[] } }): string {
  const st = world.settings;
  const timeouts = [...new Set(world.tenants.all().map((t) => t.sessionTimeoutMinutes))].join('/');
  return `session timeout ${timeouts} min, auth burst ${st.authBurstLimit}/min, API burst ${st.apiBurstLimit}/5 min, page links ${st.pageLinkTtlMs / 1000} s, uploads up to ${st.uploadMaxBytes} bytes`;
}

void dispatch(process.argv.slice(2), serve);
