/**
 * The fixture key `configuration`: per tenant DNS name, the tenant's component records as
 * createRegistry() takes them (fixtures/schema/configuration.json). A File attribute names a file
 * under `<fixture folder>/files/mdl/`, which is bound to the component at start-up (endpoint 14
 * lists it). A tenant the key does not name starts with an empty registry.
 *
 * A fixture check reports a bad configuration (unknown DNS, a record the model refuses, a missing
 * file, a file path leading out of files/mdl/) with the file and path, before the simulator starts.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { addFixtureCheck } from '../../fixtures/checks';
import { FixtureError } from '../../fixtures/load';
import type { FixtureSet } from '../../fixtures/types';
import { componentTypeMetadata } from './componentTypes';
import { isConfigurationError } from './errors';
import { createRegistry } from './load';
import type { ComponentRegistry } from './registry';
import { stagedFile } from './staging';

/** Folder (inside the fixture folder) of the files bound to fixture components. */
export const FIXTURE_FILES_DIR = join('files', 'mdl');

type ConfigurationFixture = Record<string, unknown[]>;

const fixtureOf = (data: Record<string, unknown>): ConfigurationFixture => (data.configuration ?? {}) as ConfigurationFixture;

/** 'Type.name attribute' → file name, for every File attribute of the registry's records. */
function fileReferences(registry: ComponentRegistry): { type: string; name: string; attribute: string; file: string }[] {
  return registry.all().flatMap((r) =>
    (componentTypeMetadata(r.type)?.attributes ?? [])
      .filter((a) => a.type === 'File' && typeof r.attributes[a.name] === 'string')
      .map((a) => ({ type: r.type, name: r.name, attribute: a.name, file: r.attributes[a.name] as string })),
  );
}

const isInside = (root: string, path: string): boolean => path.startsWith(root + sep);

/** The absolute path of a fixture component's file, or undefined when `file` leads out of `<dir>/files/mdl/` (`../`, absolute). */
export function fixtureFilePath(dir: string, file: string): string | undefined {
  const root = resolve(dir, FIXTURE_FILES_DIR);
  const path = resolve(root, file);
  return isInside(root, path) ? path : undefined;
}

/** Builds one tenant's registry from its fixture records and binds the files they name. */
export function registryFromFixture(records: readonly unknown[], dirOrLayers: string | readonly string[]): ComponentRegistry {
  const registry = createRegistry(records);
  // Overlays: a file is taken from the last layer that has it.
  const layers = typeof dirOrLayers === 'string' ? [dirOrLayers] : [...dirOrLayers].reverse();
  for (const ref of fileReferences(registry)) {
    const dir = layers.find((d) => { const p = fixtureFilePath(d, ref.file); return p !== undefined && existsSync(p); }) ?? layers[0];
    const path = fixtureFilePath(dir, ref.file);
    const named = `${ref.type}.${ref.name} attribute [${ref.attribute}] names file [${ref.file}]`;
    if (path === undefined) throw new Error(`${named}, which is outside ${FIXTURE_FILES_DIR}/`);
    if (!existsSync(path)) throw new Error(`${named}, which is not in ${FIXTURE_FILES_DIR}/`);
    if (!isInside(realpathSync(join(dir, FIXTURE_FILES_DIR)), realpathSync(path))) throw new Error(`${named}, which links outside ${FIXTURE_FILES_DIR}/`);
    const file = stagedFile(ref.file, new Uint8Array(readFileSync(path)));
    registry.bindFile(ref.type, ref.name, ref.attribute, { ...file, name__v: ref.file });
  }
  return registry;
}

/** The registry of every tenant: fixture records for the DNS names the key lists, empty otherwise. */
export function registriesFromFixtures(fixtures: FixtureSet, tenants: readonly { id: number; dns: string }[]): Map<number, ComponentRegistry> {
  const byDns = new Map(Object.entries(fixtureOf(fixtures.data)).map(([dns, records]) => [dns.toLowerCase(), { dns, records }]));
  const source = fixtures.sourceOf.configuration ?? fixtures.dir;
  return new Map(
    tenants.map((t) => {
      const entry = byDns.get(t.dns.toLowerCase());
      try {
        return [t.id, registryFromFixture(entry?.records ?? [], fixtures.layers ?? fixtures.dir)];
      } catch (e) {
        throw new FixtureError([`${source}: configuration.${entry?.dns ?? t.dns}: ${(e as Error).message}`]);
      }
    }),
  );
}

addFixtureCheck((data, report) => {
  const config = fixtureOf(data);
  const known = new Set(data.domains.flatMap((d) => d.tenants.map((t) => t.dns.toLowerCase())));
  for (const [dns, records] of Object.entries(config)) {
    if (!known.has(dns.toLowerCase())) report(['configuration', dns], `no tenant has the DNS name ${JSON.stringify(dns)}`);
    if (!Array.isArray(records)) continue;
    try {
      createRegistry(records);
    } catch (e) {
      if (!isConfigurationError(e)) throw e;
      const n = /^Record #(\d+)/.exec(e.message)?.[1];
      report(n ? ['configuration', dns, Number(n) - 1] : ['configuration', dns], e.message);
    }
  }
});
