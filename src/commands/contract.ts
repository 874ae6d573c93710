/** `dms-sim contract`: the contract suite against any target; the exit code is the result (0 = passed). */
import { parseArgs } from 'node:util';
import { AREAS, unknownAreas } from '../../contract-tests/lib/context';
import { readEnv } from '../../contract-tests/target';
import { contractEnv, runContract } from '../contract/run';

export const contractUsage = `Usage: dms-sim contract [--base-url URL] [--auth-url URL] [--username U --password P] [--junit FILE] [--allow-writes] [--area A]...

  --base-url URL     the tenant's {base_url} (default: none, the suite starts a dms-sim of its own)
  --auth-url URL     the login server (default: the origin of --base-url)
  --username U       the user the checks run as (default: alice@acme.example on a dms-sim it starts)
  --password P       that user's password (default: Passw0rd! on a dms-sim it starts)
  --junit FILE       also write a JUnit XML report of every check (default: none)
  --allow-writes     run the mutating checks too (default: off against --base-url, on for a dms-sim it starts)
  --area A           only this area, repeatable (default: all: session, discovery, domains, metadata,
                     documents, files, query, configuration, errors)
  -h, --help         this text
More settings through CONTRACT_* environment variables (contract-tests/README.md).`;

export async function contract(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        'base-url': { type: 'string' },
        'auth-url': { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        junit: { type: 'string' },
        'allow-writes': { type: 'boolean' },
        area: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n${contractUsage}`);
    return 2;
  }
  if (args.help) {
    console.log(contractUsage);
    return 0;
  }
  if ((args.username === undefined) !== (args.password === undefined)) {
    console.error(`dms-sim contract: give --username and --password together\n${contractUsage}`);
    return 2;
  }
  const opts = {
    baseUrl: args['base-url'],
    authUrl: args['auth-url'],
    username: args.username,
    password: args.password,
    junit: args.junit,
    allowWrites: args['allow-writes'] ? true : undefined,
    areas: args.area,
  };
  // The caller's CONTRACT_* variables (a second user, an administrator …) reach the suite; a flag wins over its variable.
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('CONTRACT_') && e[1] !== undefined));
  // What the suite will read, checked here first: its own refusals come after vitest's banner, as a stack trace.
  const target = readEnv(contractEnv({ ...opts, env }));
  const unknown = unknownAreas(target.areas ?? []);
  if (unknown.length > 0) {
    console.error(`dms-sim contract: unknown area ${unknown.map((a) => `"${a}"`).join(', ')} (one of ${AREAS.join(', ')})\n${contractUsage}`);
    return 2;
  }
  const silent = target.baseUrl ? await noAnswer(target.baseUrl, target.timeoutMs) : undefined;
  if (silent) {
    console.error(`dms-sim contract: ${silent}`);
    return 1;
  }
  const result = await runContract({ ...opts, env, stdio: 'inherit' });
  const { passed, failed, skipped } = result.summary;
  console.log(`dms-sim contract: ${passed} passed, ${failed} failed, ${skipped} skipped${args.junit ? `; JUnit report in ${args.junit}` : ''}`);
  return result.ok ? 0 : result.exitCode || 1;
}

/** Why `{base}/api/` (the suite's first call, built as its client builds it) gives no answer at all, if it does not. */
async function noAnswer(base: string, timeoutMs: number): Promise<string | undefined> {
  const url = `${base}/api/`;
  // A timer of our own, not AbortSignal.timeout: that one does not keep the process alive, and a
  // fetch whose connection was closed on it may wait on nothing else (the process then ended, exit 0).
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  try {
    await fetch(url, { redirect: 'manual', signal: stop.signal });
    return undefined;
  } catch (e) {
    const cause = (e as Error & { cause?: Error & { code?: string } }).cause;
    return `no answer from ${url} (${cause?.code ?? cause?.message ?? (e as Error).message})`;
  } finally {
    clearTimeout(timer);
  }
}
