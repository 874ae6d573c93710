/**
 * What MDL may not take from under the things that use a component (documents of a Doctype,
 * records of an Object…): the registry asks its use checks (`ComponentRegistry.addUseCheck`) before
 * a DROP or RENAME, and before an ALTER or RECREATE that would change a used component's shape
 * (`refuseChangedUses`), and refuses with STILL_REFERENCED naming the users.
 */
import { ConfigErrorCode, ConfigurationError } from './errors';
import { componentKey, referencedName, type ComponentRecord } from './model';
import { BASE_DOCTYPE, MAX_DOCTYPE_DEPTH, childDoctypes } from './rules';
import type { ComponentRegistry } from './registry';

/**
 * Uses of a component outside the registry (e.g. documents of a Doctype): descriptions of its users,
 * empty when none. DROP and RENAME are refused while any is reported, and so are the changes
 * `refuseChangedUses` names. `registry` is the one being changed (a script's draft: what the
 * component is called there, which fields use a picklist there).
 */
export type UseCheck = (type: string, name: string, registry: ComponentRegistry) => readonly string[];

/**
 * (chosen) Attributes whose change would leave the documents or records using a component out of
 * step with it (they keep their values): refused while it is in use, like a drop or a rename. A
 * subcomponent is keyed by its owner's type and its own (`Object.Field`).
 */
const STRUCTURAL: Readonly<Record<string, readonly string[]>> = {
  Docfield: ['type', 'multi_value', 'picklist', 'object', 'shared', 'defined_in'],
  Doctype: ['parent'],
  /** An Object's Field, kept under its name: its records' values keep their shape. */
  'Object.Field': ['type', 'multi_value', 'picklist', 'object'],
};
/** (chosen) How many uses a refusal names; the rest are counted. */
const USES_SHOWN = 5;
/** Natural order (document 9 before document 10); one collator: making one per comparison took seconds for 100,000 uses. */
const NATURAL = new Intl.Collator('en', { numeric: true });
/** An attribute's value as the STRUCTURAL comparison reads it: an on/off attribute's `false` is its absence (its default). */
const structural = (v: unknown): string | undefined => (v === undefined || v === false ? undefined : JSON.stringify(v));

/** Refused (STILL_REFERENCED) while any check reports a use of `type` under any of `names`: the first USES_SHOWN uses named, in natural order. */
export function refuseUsed(
  checks: readonly UseCheck[], registry: ComponentRegistry, what: string, type: string, names: string | readonly string[],
  shown = componentKey(type, typeof names === 'string' ? names : names[0]), component = shown,
): void {
  const uses = (typeof names === 'string' ? [names] : names).flatMap((name) => checks.flatMap((check) => check(type, name, registry)));
  if (uses.length === 0) return;
  const more = uses.length > USES_SHOWN ? ` and ${uses.length - USES_SHOWN} more` : '';
  throw new ConfigurationError(ConfigErrorCode.STILL_REFERENCED, `Cannot ${what} ${shown}: it is used by ${firstInOrder(uses, USES_SHOWN).join(', ')}${more}`, { component });
}

/**
 * The first `n` of `uses` in natural order (document 9 before document 10, whichever check or type
 * they came from), in one pass: sorting all of a 100,000-document world's uses to name five took
 * ~0.3 s of the event loop, this ~20 ms.
 */
export function firstInOrder(uses: readonly string[], n: number): string[] {
  const first: string[] = [];
  for (const u of uses) {
    if (first.length === n && NATURAL.compare(u, first[n - 1]) >= 0) continue;
    let at = first.length;
    while (at > 0 && NATURAL.compare(u, first[at - 1]) < 0) at--;
    first.splice(at, 0, u);
    if (first.length > n) first.pop();
  }
  return first;
}

/**
 * A record replaced (ALTER, RECREATE) must not change from under what uses it (documents and
 * records keep their values): no subcomponent they use (a lifecycle state, a picklist entry, an
 * Object's Field) dropped or renamed, no STRUCTURAL attribute of it or of a kept subcomponent
 * changed, and no shared field they hold values of taken out of a Doctype's `fields`. Checks with
 * the name `component.subcomponent` (`Doctype.field` for the last).
 */
export function refuseChangedUses(checks: readonly UseCheck[], registry: ComponentRegistry, before: ComponentRecord, after: ComponentRecord): void {
  const key = componentKey(after.type, after.name);
  // Each refusal is told as one of the component changed (`shown`: the part of it, by default the whole).
  const refuse = (what: string, type: string, names: string | readonly string[], shown = key) => refuseUsed(checks, registry, what, type, names, shown, key);
  const changed = (STRUCTURAL[after.type] ?? []).filter((a) => structural(before.attributes[a]) !== structural(after.attributes[a]));
  if (changed.length > 0) {
    // A Doctype's documents include those of the types below it (their labels and fields follow its parent).
    const names = after.type === 'Doctype' ? [after.name, ...descendantsOf(registry, after.name)] : [after.name];
    refuse(`change ${changed.join(', ')} of`, after.type, names);
  }
  if (after.type === 'Doctype') refuseRemovedFields(registry, before, after, refuse);
  for (const [subtype, entries] of Object.entries(before.subcomponents)) {
    const kept = new Map((after.subcomponents[subtype] ?? []).map((e) => [e.name, e]));
    for (const e of entries) {
      const now = kept.get(e.name);
      const shown = `${subtype} [${e.name}] of ${key}`;
      if (!now) refuse('drop or rename', subtype, `${after.name}.${e.name}`, shown);
      else {
        // Kept by name, or dropped and added again in one statement: its shape must stay while it is used.
        const reshaped = (STRUCTURAL[`${after.type}.${subtype}`] ?? []).filter((a) => structural(e.attributes[a]) !== structural(now.attributes[a]));
        if (reshaped.length > 0) refuse(`change ${reshaped.join(', ')} of`, subtype, `${after.name}.${e.name}`, shown);
      }
    }
  }
}

/**
 * A shared field taken out of a Doctype's `fields` no longer applies to its documents, nor to those
 * of the types below it, unless a type above still lists it (then it still applies to them all); a
 * type below that lists it keeps it for itself and the types below it. Refused while any document
 * it no longer applies to holds a value of it.
 */
function refuseRemovedFields(
  registry: ComponentRegistry, before: ComponentRecord, after: ComponentRecord,
  refuse: (what: string, type: string, names: readonly string[]) => void,
): void {
  const listed = (r: ComponentRecord | undefined) => {
    const fields = r?.attributes.fields;
    return new Set((Array.isArray(fields) ? fields : []).map((f) => referencedName(String(f))));
  };
  const kept = listed(after);
  const above = ancestorsOf(registry, after.name).map((t) => listed(registry.get('Doctype', t)));
  for (const field of listed(before)) {
    if (kept.has(field) || above.some((fields) => fields.has(field))) continue;
    const types = [after.name, ...descendantsOf(registry, after.name, (t) => listed(registry.get('Doctype', t)).has(field))];
    refuse(`remove field ${field} from`, 'Doctypefield', types.map((t) => `${t}.${field}`));
  }
}

/**
 * The Doctypes above one (its parent, the parent's parent …), at most MAX_DOCTYPE_DEPTH of them
 * through any loop, and base_document__v above them all, as its documents' fields come
 * (documents/metadata.ts: a type without a parent is under base_document__v too).
 */
function ancestorsOf(registry: ComponentRegistry, doctype: string): string[] {
  const out: string[] = [];
  for (let p = registry.get('Doctype', doctype)?.attributes.parent; p !== undefined && out.length < MAX_DOCTYPE_DEPTH; ) {
    const name = referencedName(String(p));
    if (name === doctype || out.includes(name)) break;
    out.push(name);
    p = registry.get('Doctype', name)?.attributes.parent;
  }
  if (doctype !== BASE_DOCTYPE && !out.includes(BASE_DOCTYPE)) out.push(BASE_DOCTYPE);
  return out;
}

/** The Doctypes right below one: those naming it as parent, and for base_document__v also those without a parent. */
function childrenOf(registry: ComponentRegistry, doctype: string): ComponentRecord[] {
  const named = childDoctypes(doctype, registry);
  if (doctype !== BASE_DOCTYPE) return named;
  return [...named, ...registry.list('Doctype').filter((d) => d.attributes.parent === undefined && d.name !== BASE_DOCTYPE)];
}

/**
 * The Doctypes below one (children, their children …), through `parent` (types nest at most
 * MAX_DOCTYPE_DEPTH deep); with `skip`, a type it names is left out with the types below it.
 */
function descendantsOf(registry: ComponentRegistry, doctype: string, skip?: (name: string) => boolean): string[] {
  const out: string[] = [];
  // The type itself counts as seen: a loop of parents (a restored snapshot is not validated) ends there.
  const seen = new Set([doctype]);
  const walk = (name: string) => {
    for (const child of childrenOf(registry, name)) {
      if (seen.has(child.name) || skip?.(child.name)) continue;
      seen.add(child.name);
      out.push(child.name);
      walk(child.name);
    }
  };
  walk(doctype);
  return out;
}
