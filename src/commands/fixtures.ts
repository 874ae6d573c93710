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
import { GENERATED_ADMIN, GENERATED_PASSWORD, generateFixtures, writeFixtures } from '../fixtures/generate';
import { withLine } from '../fixtures/lines';

export const fixturesUsage = `Usage: dms-sim fixtures check DIR[,OVERLAY...]
       dms-sim fixtures generate --documents N [--seed S] [--users U] --out DIR

  check DIR                validate a fixture set; every problem with file, line and path (exit 1 when any)
  generate
    --documents N          documents to generate (default: 1000)
    --seed S               the seed; the same seed gives the same files (default: 1)
    --users U              users besides the administrator (default: 1 per 500 documents, 8 to 200)
    --out DIR              the folder to write (required)
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
    createWorld(set, manualClock());
    console.log(`${dir}: valid (${set.data.domains.flatMap((d) => d.tenants).length} tenants, ${set.data.users.length} users, ${((set.data.documents as unknown[]) ?? []).length} documents)`);
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
  const bar = process.stderr.isTTY ? progressBar(documents) : undefined;
  const files = generateFixtures({ documents, seed, users, onProgress: bar });
  if (bar) process.stderr.write('\n');
  writeFixtures(dir, files);
  console.log(`wrote a fixture set of ${documents} documents (seed ${seed}) to ${dir}; log in as ${GENERATED_ADMIN} / ${GENERATED_PASSWORD}`);
  return 0;
}

/** A one-line bar on the terminal, redrawn at most every whole percent. */
function progressBar(total: number): (done: number) => void {
  let shown = -1;
  return (done) => {
    const pct = total ? Math.floor((done * 100) / total) : 100;
    if (pct === shown) return;
    shown = pct;
    const width = 30;
    const full = Math.round((pct / 100) * width);
    process.stderr.write(`\r[${'#'.repeat(full)}${'.'.repeat(width - full)}] ${String(pct).padStart(3)}% ${done}/${total} documents`);
  };
}
