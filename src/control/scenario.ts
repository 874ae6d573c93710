/**
 * Scenarios: an edge case reproducible from files alone. `scenario.yaml` (in a fixture set, or given
 * with `--scenario DIR|FILE` on top of any set) holds a clock setting and fault rules active from
 * start (and again after a reset):
 *
 *   description: The next call with a session finds it expired.
 *   clock: { set: 2026-03-01T08:00:00Z, frozen: true }   # optional; also `advance: PT1H`
 *   faults:
 *     - preset: expired-session
 *     - { operationId: listDocuments, delayMs: 2000, probability: 0.1 }
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { shownPath } from '../shown-path';
import { yamlModule } from '../lazy';

export const SCENARIO_FILE = 'scenario.yaml';

export interface Scenario {
  /** The file, as shown in messages. */
  file: string;
  description?: string;
  clock?: { set?: string; frozen?: boolean; advance?: string };
  faults: Record<string, unknown>[];
}

export class ScenarioError extends Error {}

/** The scenario of `path` (a scenario.yaml, or a folder holding one); undefined for a folder without one when `optional`. */
export function loadScenario(path: string, optional = false): Scenario | undefined {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, SCENARIO_FILE) : path;
  const shown = shownPath(file);
  if (!existsSync(file)) {
    if (optional) return undefined;
    throw new ScenarioError(`${shown}: no such scenario file`);
  }
  let doc: unknown;
  try {
    doc = yamlModule().parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ScenarioError(`${shown}: ${(e as Error).message.split('\n')[0]}`);
  }
  const d = (doc ?? {}) as Record<string, unknown>;
  if (typeof d !== 'object' || Array.isArray(d)) throw new ScenarioError(`${shown}: a scenario is a mapping (description, clock, faults)`);
  const unknown = Object.keys(d).filter((k) => !['description', 'clock', 'faults'].includes(k));
  if (unknown.length) throw new ScenarioError(`${shown}: unknown key(s) ${unknown.join(', ')} (description, clock, faults)`);
  const clock = d.clock as Scenario['clock'] | undefined;
  if (clock !== undefined && (typeof clock !== 'object' || clock === null || Array.isArray(clock))) throw new ScenarioError(`${shown}: clock: a mapping of set, frozen, advance`);
  if (clock) {
    // YAML reads an unquoted time as a string already; a Date (from other YAML settings) is taken too.
    const set = clock.set as unknown;
    if (set instanceof Date) clock.set = set.toISOString();
    else if (set !== undefined && (typeof set !== 'string' || Number.isNaN(Date.parse(set)))) throw new ScenarioError(`${shown}: clock.set: not an ISO-8601 time`);
    if (clock.frozen !== undefined && typeof clock.frozen !== 'boolean') throw new ScenarioError(`${shown}: clock.frozen: true or false`);
  }
  const faults = d.faults ?? [];
  if (!Array.isArray(faults) || faults.some((f) => !f || typeof f !== 'object' || Array.isArray(f))) throw new ScenarioError(`${shown}: faults: a list of fault rules`);
  return { file: shown, description: typeof d.description === 'string' ? d.description : undefined, clock, faults: faults as Record<string, unknown>[] };
}
