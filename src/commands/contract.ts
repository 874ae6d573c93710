/** `dms-sim contract`: the contract suite against any target; the exit code is the result (0 = passed). */
import { parseArgs } from 'node:util';
import { AREAS } from '../../contract-tests/lib/context';
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
  const unknownAreas = (args.area ?? []).filter((a) => !(AREAS as string[]).includes(a));
  if (unknownAreas.length > 0) {
    console.error(`dms-sim contract: unknown area ${unknownAreas.map((a) => `"${a}"`).join(', ')} (one of ${AREAS.join(', ')})\n${contractUsage}`);
    return 2;
  }
  if ((args.username === undefined) !== (args.password === undefined)) {
    console.error(`dms-sim contract: give --username and --password together\n${contractUsage}`);
    return 2;
  }
  // A target that does not answer is told at once (vitest would print its table of checks first, the cause below it).
  const silent = args['base-url'] ? await noAnswer(args['base-url']) : undefined;
  if (silent) {
    console.error(`dms-sim contract: ${silent}`);
    return 1;
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
  const flagged = contractEnv(opts);
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('CONTRACT_') && !(e[0] in flagged) && e[1] !== undefined));
  const result = await runContract({ ...opts, env, stdio: 'inherit' });
  const { passed, failed, skipped } = result.summary;
  console.log(`dms-sim contract: ${passed} passed, ${failed} failed, ${skipped} skipped${args.junit ? `; JUnit report in ${args.junit}` : ''}`);
  return result.ok ? 0 : result.exitCode || 1;
}

/** Why `{base}/api/` (the version list, the suite's first call) gives no answer at all, if it does not. */
async function noAnswer(base: string): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL('api/', base.endsWith('/') ? base : `${base}/`);
  } catch {
    return `--base-url ${base} is not a URL`;
  }
  try {
    await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(NO_ANSWER_MS) });
    return undefined;
  } catch (e) {
    const cause = (e as Error & { cause?: Error & { code?: string } }).cause;
    return `no answer from ${url.href} (${cause?.code ?? cause?.message ?? (e as Error).message})`;
  }
}

/** (chosen) How long the target may take to answer its version list before the run is refused. */
const NO_ANSWER_MS = 15_000;
