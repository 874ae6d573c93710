/**
 * `dms-sim fixtures check DIR` and `dms-sim fixtures generate --documents N [--seed S] --out DIR`.
 * check: loads the set as a start would (schema, referential checks, the areas' checks when the
 * world is built) and prints every problem as `FILE:LINE: PATH: MESSAGE`; exit 1 when any.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createWorld } from '../domain/world';
import { manualClock } from '../domain/clock';
import { FixtureError, loadFixtures } from '../fixtures/load';
import { GENERATED_ADMIN, GENERATED_PASSWORD, writeGenerated } from '../fixtures/generate';
import { withLine } from '../fixtures/lines';

export const fixturesUsage = `Usage: dms-sim fixtures check DIR[,OVERLAY...]
       dms-sim fixtures generate --documents N [--seed S] [--users U] --out DIR

  check DIR                validate a fixture set; every problem with file, line and path (exit 1 when any)
  generate
    --documents N          documents to generate (default: 1000)
    --seed S               the seed; the same seed gives the same files (default: 1)
    --users U              users besides the administrator (default: 1 per 500 documents, 8 to 200)
    --out DIR              the folder to write: documents.jsonl and YAML files (required)
  -h, --help               this text`;

export function fixtures(argv: string[]): number {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '-h' || sub === '--help') {
    console.log(fixturesUsage);
    return sub === undefined ? 2 : 0;
  }
  if (sub === 'check') return check(rest);
  if (sub === 'generate') return generate(rest);
  console.error(`dms-sim fixtures: unknown command "${sub}" (check, generate)\n${fixturesUsage}`);
  return 2;
}

function check(argv: string[]): number {
  if (argv.includes('-h') || argv.includes('--help')) {
    console.log(fixturesUsage);
    return 0;
  }
  if (argv.length !== 1) {
    console.error(`dms-sim fixtures check: give one fixture folder\n${fixturesUsage}`);
    return 2;
  }
  const dir = argv[0];
  try {
    const set = loadFixtures(dir, { precompiled: false });
    const world = createWorld(set, manualClock());
    const documents = [...world.documents.stores.values()].reduce((n, s) => n + s.size(), 0);
    const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
    console.log(`${dir}: valid (${count(set.data.domains.flatMap((d) => d.tenants).length, 'tenant')}, ${count(set.data.users.length, 'user')}, ${count(documents, 'document')})`);
    return 0;
  } catch (e) {
    if (!(e instanceof FixtureError)) {
      console.error(`${dir}: ${(e as Error).message}`);
      return 1;
    }
    console.error(`${dir}: ${e.problems.length} problem${e.problems.length === 1 ? '' : 's'}`);
    for (const p of e.problems) console.error(`  ${withLine(p)}`);
    return 1;
  }
}

function generate(argv: string[]): number {
  let args;
  try {
    args = parseArgs({ args: argv, options: { documents: { type: 'string' }, seed: { type: 'string' }, users: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n${fixturesUsage}`);
    return 2;
  }
  if (args.help) {
    console.log(fixturesUsage);
    return 0;
  }
  const documents = Number(args.documents ?? '1000');
  const seed = Number(args.seed ?? '1');
  const users = args.users === undefined ? undefined : Number(args.users);
  if (!args.out || !Number.isInteger(documents) || documents < 0 || !Number.isInteger(seed) || (users !== undefined && !(Number.isInteger(users) && users >= 1))) {
    console.error(`dms-sim fixtures generate: --out DIR and whole numbers for --documents, --seed (and --users ≥ 1)\n${fixturesUsage}`);
    return 2;
  }
  const dir = resolve(args.out);
  const started = performance.now();
  // The bar only on a terminal; elsewhere (a log, a pipe) the one line below says it is done.
  const bar = process.stderr.isTTY ? progressBar(documents, started, (text) => process.stderr.write(text)) : undefined;
  try {
    writeGenerated(dir, { documents, seed, users, onProgress: bar });
  } catch (e) {
    if (bar) process.stderr.write('\n');
    console.error(`dms-sim fixtures generate: ${(e as Error).message}`);
    return 1;
  }
  if (bar) process.stderr.write('\n');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`wrote a fixture set of ${documents} documents (seed ${seed}) to ${dir} in ${seconds} s; log in as ${GENERATED_ADMIN} / ${GENERATED_PASSWORD}`);
  return 0;
}

/**
 * One line of the progress bar: `\r[####......]  42% 420000/1000000 documents, 12 s, ~17 s left`
 * (`\r` redraws it in place; the time left once a whole percent is done).
 */
export function renderProgress(done: number, total: number, elapsedMs: number, width = 30): string {
  const pct = total ? Math.min(100, Math.floor((done * 100) / total)) : 100;
  const full = Math.round((pct / 100) * width);
  const seconds = Math.round(elapsedMs / 1000);
  const left = pct >= 1 && pct < 100 ? `, ~${Math.round((elapsedMs * (total - done)) / done / 1000)} s left` : '';
  return `\r[${'#'.repeat(full)}${'.'.repeat(width - full)}] ${String(pct).padStart(3)}% ${done}/${total} documents, ${seconds} s${left}`;
}

/** The bar on the terminal, redrawn at most once per whole percent. */
function progressBar(total: number, started: number, write: (text: string) => void): (done: number) => void {
  let shown = -1;
  return (done) => {
    const pct = total ? Math.floor((done * 100) / total) : 100;
    if (pct === shown) return;
    shown = pct;
    write(renderProgress(done, total, performance.now() - started));
  };
}
