/**
 * `npm start` / `dms-sim`: runs the simulator on a fixture set.
 * Flags: --port (or PORT; 0 picks a free port), --host, --fixtures DIR, --public-url,
 * --validate-responses, --no-throttle; the connections' bounds: --headers-timeout MS,
 * --request-timeout MS, --keep-alive-timeout MS, --max-connections N (src/http/server.ts).
 */
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { FixtureError } from './fixtures/load';
import { type ConnectionLimits, DEFAULT_CONNECTION_LIMITS, connectionLimitProblems } from './http/server';
import { createSimulator } from './simulator';

const usage = `Usage: dms-sim [--port N] [--host H] [--fixtures DIR] [--public-url URL] [--validate-responses] [--no-throttle]
  [--headers-timeout MS] [--request-timeout MS] [--keep-alive-timeout MS] [--max-connections N]`;

/** The flags of the connections' bounds, by the option they set. */
const limitFlags = { headersTimeoutMs: 'headers-timeout', requestTimeoutMs: 'request-timeout', keepAliveTimeoutMs: 'keep-alive-timeout', maxConnections: 'max-connections' } as const;

function main(): void {
  let args;
  try {
    args = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        fixtures: { type: 'string' },
        'public-url': { type: 'string' },
        'validate-responses': { type: 'boolean' },
        'no-throttle': { type: 'boolean' },
        ...Object.fromEntries(Object.values(limitFlags).map((f) => [f, { type: 'string' as const }])),
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
  let sim;
  try {
    sim = createSimulator({
      fixtures: args.fixtures,
      port,
      host: args.host,
      publicUrl: args['public-url'],
      validateResponses: args['validate-responses'],
      settings: args['no-throttle'] ? { throttling: false } : {},
      connections,
    });
  } catch (e) {
    console.error(e instanceof FixtureError ? e.message : `dms-sim could not start: ${(e as Error).message}`);
    process.exit(1);
  }
  const simulator = sim;
  simulator.listen().then(
    ({ url }) => {
      const base = simulator.publicUrl ?? url;
      const set = simulator.world.fixtures;
      const from = set.precompiled ? 'checked at build time: default-world.json beside the server' : 'parsed and checked at start';
      const lines = [`dms-sim listening on ${url}${base !== url ? ` (public address ${base})` : ''}`, `Fixtures: ${relative(process.cwd(), set.dir) || set.dir} (${from})`, '', 'Tenants:'];
      for (const t of simulator.world.tenants.all()) {
        lines.push(`  ${t.id}  ${t.dns.padEnd(28)} ${t.status.padEnd(8)} ${base}/tenants/${t.dns}/api`);
      }
      const pw = simulator.world.fixtures.data.users.filter((u) => u.password).slice(0, 4);
      lines.push('', 'Default credentials (see README for every persona):');
      for (const u of pw) lines.push(`  ${u.username} / ${u.password}`);
      lines.push('', `Try: curl ${base}/api/`);
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

main();
