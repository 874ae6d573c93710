/**
 * Endpoint 10's `data`: the JSON of every record of a type, built in one pass (each picklist's
 * `used_in` from the registry's index of references, not a scan: issue 18, 7,754 picklists took
 * 34 s) and kept per registry while its revision is unchanged. The real service does not page this
 * list, so neither does dms-sim: its cost is one pass per configuration change and type.
 *
 * The kept lists are bounded by construction: at most one per simulated component type and registry
 * (a WeakMap entry dies with its registry), all dropped when the revision moves. Kept lists are
 * frozen throughout: they are handed out again as they are.
 */
import { deepFreeze } from '../cache';
import { componentTypeNames } from './componentTypes';
import { recordJson } from './records-json';
import type { ComponentRegistry } from './registry';

interface Kept {
  revision: number;
  byType: Map<string, readonly unknown[]>;
}

const kept = new WeakMap<ComponentRegistry, Kept>();

/** The JSON of the records of `type` (a simulated type's canonical name), in definition order. */
export function recordsJson(registry: ComponentRegistry, type: string): readonly unknown[] {
  let entry = kept.get(registry);
  if (!entry || entry.revision !== registry.revision) kept.set(registry, (entry = { revision: registry.revision, byType: new Map() }));
  let list = entry.byType.get(type);
  if (!list) {
    list = deepFreeze(registry.list(type).map((r) => recordJson(registry, r)));
    // Only simulated types are kept (a caller passing anything else gets a fresh list each time).
    if (componentTypeNames().includes(type)) entry.byType.set(type, list);
  }
  return list;
}
