#!/usr/bin/env node
/**
 * `npm run build` (and `npm start`, which builds first): the server as one ES module,
 * dist/cli.mjs, bundled by esbuild from src/cli.ts (packages stay in node_modules), and the default
 * fixture set parsed and checked once, dist/default-world.json (src/fixtures/precompiled.ts).
 * Running the bundle with plain `node` skips tsx's per-module transforms at start.
 *
 * A build is skipped when nothing it reads changed since the last one (src/, fixtures/, spec/,
 * the package files, tsconfig.json and this script: names, sizes and modification times); `--force`
 * builds anyway. Each output is written to a temporary name and renamed, so a server never loads
 * half a file. A default fixture set that does not load does not stop the build (a start on
 * another set must still work): the built server then reports it when it starts on it.
 * `--out DIR` (inside the project) builds elsewhere than dist/ (the build's own test does).
 * `--lib` (npm run build, prepare) also builds the package's library (issue 20): dist/lib/index.mjs
 * (`dms-sim`) and dist/lib/contract.mjs (`dms-sim/contract`), bundled the same way, and their type
 * definitions under dist/lib/types/ (tsc -p tsconfig.build.json); skipped when up to date.
 *
 *   node scripts/build.mjs [--force] [--quiet] [--out DIR] [--lib]
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist');
export const SERVER_BUNDLE = join(DIST, 'cli.mjs');
/** What a build reads: every file the bundles take in (checked by test/build.test.ts), the default set, the package files. */
export const INPUTS = ['src', 'contract-tests/lib', 'contract-tests/target.ts', 'fixtures', 'spec', 'package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build.mjs'];

/**
 * Bundles one entry into one ES module for Node 20, its packages left to node_modules. The bench
 * builds its bare-Hono ceiling with this too, so that both servers start the same way.
 */
export async function bundle(entry, outfile, define = {}) {
  mkdirSync(dirname(outfile), { recursive: true });
  const tmp = `${outfile}.${process.pid}.tmp.mjs`;
  try {
    await build({
      entryPoints: [join(ROOT, entry)],
      outfile: tmp,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      define,
      legalComments: 'none',
      logLevel: 'warning',
    });
    renameSync(tmp, outfile);
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** Names, sizes and modification times of every input file, hashed. */
function inputsDigest() {
  const h = createHash('sha256');
  const visit = (path) => {
    let st;
    try {
      st = statSync(path);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
    } else {
      h.update(`${path.slice(ROOT.length)}\0${st.size}\0${st.mtimeMs}\n`);
    }
  };
  for (const p of INPUTS) visit(join(ROOT, p));
  return h.digest('hex');
}

export async function buildServer({ force = false, quiet = false, outDir = DIST } = {}) {
  const server = join(outDir, 'cli.mjs');
  const stamp = join(outDir, '.inputs');
  const stored = join(outDir, 'default-world.json');
  const shown = relative(ROOT, outDir) || '.';
  const digest = inputsDigest();
  const upToDate = existsSync(server) && existsSync(stamp) && readFileSync(stamp, 'utf8') === digest;
  if (upToDate && !force) {
    if (!quiet) console.log(`${shown}/ is up to date`);
    return { built: false };
  }
  const started = performance.now();
  rmSync(stamp, { force: true });
  rmSync(stored, { force: true });
  await bundle('src/cli.ts', server, { __DMS_SIM_BUILD__: 'true' });

  // The default set, loaded the full way by the same code, bundled for this one step.
  const precompiler = join(outDir, `precompile.${process.pid}.mjs`);
  let world;
  try {
    await bundle('src/fixtures/precompile.ts', precompiler);
    const { precompileDefaultSet } = await import(`${pathToFileURL(precompiler).href}?t=${Date.now()}`);
    world = precompileDefaultSet(stored);
  } catch (e) {
    console.error(`dms-sim build: the default fixture set is not stored (a start on it parses it and reports why): ${e.message.split('\n')[0]}`);
    world = { written: false };
  } finally {
    rmSync(precompiler, { force: true });
  }

  writeFileSync(stamp, digest);
  if (!quiet) {
    const ms = Math.round(performance.now() - started);
    console.log(`built ${shown}/cli.mjs${world.written ? ` and ${shown}/default-world.json` : ' (the default set is parsed at each start)'} in ${ms} ms`);
  }
  return { built: true };
}

/**
 * The declarations name their modules without extensions (the sources are written for a bundler):
 * `./x` becomes `./x.js` or `./x/index.js`, so that TypeScript projects resolving as Node does
 * (`moduleResolution: node16/nodenext`) see the types too.
 */
function addDeclarationExtensions(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      addDeclarationExtensions(path);
      continue;
    }
    if (!name.endsWith('.d.ts')) continue;
    const text = readFileSync(path, 'utf8');
    const fixed = text.replace(/((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]*)\2/g, (m, lead, q, spec) => {
      if (/\.(js|mjs|json)$/.test(spec)) return m;
      const base = resolve(dirname(path), spec);
      if (existsSync(`${base}.d.ts`)) return `${lead}${q}${spec}.js${q}`;
      if (existsSync(join(base, 'index.d.ts'))) return `${lead}${q}${spec}/index.js${q}`;
      return m;
    });
    if (fixed !== text) writeFileSync(path, fixed);
  }
}

/**
 * dist/cli.mjs, ready to run: an installed package (under node_modules) runs the build its `prepare`
 * made, a checkout's is built first when an input changed (quietly). For the tests and the contract
 * suite's own simulator; bin/dms-sim.mjs decides the same way but builds in a child process, so
 * that the process it keeps alive beside the server holds nothing of the build.
 */
export async function builtServer() {
  const installed = ROOT.split(/[\\/]/).includes('node_modules') && existsSync(SERVER_BUNDLE);
  if (!installed) await buildServer({ quiet: true });
  return SERVER_BUNDLE;
}

/** The library entries of package.json `exports` and their declarations. */
export async function buildLibrary({ force = false, quiet = false, outDir = DIST } = {}) {
  const lib = join(outDir, 'lib');
  const stamp = join(lib, '.inputs');
  const digest = inputsDigest();
  if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) {
    if (!quiet) console.log(`${relative(ROOT, lib)}/ is up to date`);
    return { built: false };
  }
  const started = performance.now();
  rmSync(stamp, { force: true });
  await bundle('src/index.ts', join(lib, 'index.mjs'));
  await bundle('src/contract/index.ts', join(lib, 'contract.mjs'));
  const { spawnSync } = await import('node:child_process');
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const types = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', join(lib, 'types')], { cwd: ROOT, encoding: 'utf8' });
  if (types.status !== 0) throw new Error(`type definitions: ${types.stdout}${types.stderr}`);
  addDeclarationExtensions(join(lib, 'types'));
  writeFileSync(stamp, digest);
  if (!quiet) console.log(`built ${relative(ROOT, lib)}/index.mjs, contract.mjs and types/ in ${Math.round(performance.now() - started)} ms`);
  return { built: true };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const out = args.indexOf('--out');
  const outDir = out >= 0 && args[out + 1] ? resolve(args[out + 1]) : DIST;
  if (!outDir.startsWith(ROOT + sep)) {
    console.error('dms-sim build: --out must be a folder inside the project (the server finds fixtures/ and spec/ above it)');
    process.exit(2);
  }
  const opts = { force: args.includes('--force'), quiet: args.includes('--quiet'), outDir };
  buildServer(opts).then(() => (args.includes('--lib') ? buildLibrary(opts) : undefined)).catch((e) => {
    console.error(`dms-sim build failed: ${e.message}`);
    process.exit(1);
  });
}
