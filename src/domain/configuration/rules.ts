/**
 * Rules of each component type beyond its attribute metadata (the 'conditional' requiredness and
 * relations between records). Called by validateRecord, and again for the records referring to a
 * changed one, so that a change elsewhere cannot leave a record breaking them.
 */
import { ConfigErrorCode, ConfigurationError } from './errors';
import { componentKey, referencedName, type ComponentRecord, type Value } from './model';
import type { RecordLookup } from './validate';

/**
 * base_document__v > type > subtype > classification. A Doctype with no parent, or whose parent is
 * base_document__v, is a type (base_document__v itself is the root of all types).
 */
export const MAX_DOCTYPE_DEPTH = 4;
export const BASE_DOCTYPE = 'base_document__v';

type Attrs = Readonly<Record<string, Value>>;

function fail(component: string, message: string, attribute?: string): never {
  throw new ConfigurationError(ConfigErrorCode.INVALID_CONFIGURATION, `${component}: ${message}`, { component, attribute });
}

/** Field definitions (Docfield, Object Field): type-dependent attributes and bounds. */
function checkFieldShape(a: Attrs, component: string, prefix: string, referenceType: string): void {
  const type = a.type;
  if (type === 'Picklist' && a.picklist === undefined) fail(component, `a ${type} field needs attribute [${prefix}picklist]`, `${prefix}picklist`);
  if (type !== 'Picklist' && a.picklist !== undefined) fail(component, `attribute [${prefix}picklist] applies to Picklist fields only`, `${prefix}picklist`);
  if (type === referenceType && a.object === undefined) fail(component, `a ${type} field needs attribute [${prefix}object]`, `${prefix}object`);
  if (type !== referenceType && a.object !== undefined) fail(component, `attribute [${prefix}object] applies to ${referenceType} fields only`, `${prefix}object`);
  const min = a.min_value;
  const max = a.max_value;
  if ((typeof min === 'number' || typeof min === 'bigint') && (typeof max === 'number' || typeof max === 'bigint') && min > max) {
    fail(component, `[${prefix}min_value] is greater than [${prefix}max_value]`, `${prefix}min_value`);
  }
}

function depthAbove(record: ComponentRecord, lookup: RecordLookup, component: string): number {
  let depth = 1;
  const seen = new Set([record.name]);
  let parent: Value | undefined = record.attributes.parent;
  while (typeof parent === 'string') {
    const name = referencedName(parent);
    if (seen.has(name)) fail(component, `parent chain loops through Doctype.${name}`, 'parent');
    seen.add(name);
    depth++;
    parent = lookup.get('Doctype', name)?.attributes.parent;
  }
  return depth;
}

/** The Doctypes whose `parent` is this one (with an index of references, found without a scan). */
export function childDoctypes(name: string, lookup: RecordLookup): ComponentRecord[] {
  const ref = componentKey('Doctype', name);
  return lookup.referrersOf
    ? lookup.referrersOf('Doctype', name)
        .filter((r) => r.attribute === 'parent' && r.component.startsWith('Doctype.'))
        .map((r) => lookup.get('Doctype', r.component.slice('Doctype.'.length)))
        .filter((d): d is ComponentRecord => d !== undefined && d.attributes.parent === ref && d.name !== name)
    : lookup.list('Doctype').filter((d) => d.attributes.parent === ref && d.name !== name);
}

function depthBelow(record: ComponentRecord, lookup: RecordLookup, guard = 0): number {
  if (guard > MAX_DOCTYPE_DEPTH) return guard;
  return childDoctypes(record.name, lookup).reduce((m, c) => Math.max(m, 1 + depthBelow(c, lookup, guard + 1)), 0);
}

function checkDoctype(record: ComponentRecord, lookup: RecordLookup, component: string): void {
  if (depthAbove(record, lookup, component) + depthBelow(record, lookup) > MAX_DOCTYPE_DEPTH) {
    fail(component, `document types nest at most ${MAX_DOCTYPE_DEPTH} levels (base_document__v > type > subtype > classification)`, 'parent');
  }
  const fields = record.attributes.fields;
  for (const ref of Array.isArray(fields) ? fields : []) {
    const field = lookup.get('Docfield', referencedName(String(ref)));
    if (field && field.attributes.shared !== true) {
      fail(component, `[fields] lists ${String(ref)}, which is not shared; a non-shared field names its Doctype in defined_in`, 'fields');
    }
  }
}

function checkLifecycle(record: ComponentRecord, component: string): void {
  const orders = new Set<string>();
  const kinds = new Set<string>();
  for (const state of record.subcomponents.Doclifecyclestate ?? []) {
    const order = String(state.attributes.order);
    if (orders.has(order)) fail(component, `two states have order ${order}`, `Doclifecyclestate.${state.name}.order`);
    orders.add(order);
    const kind = state.attributes.state_type;
    if (typeof kind === 'string') {
      if (kinds.has(kind)) fail(component, `more than one state has state_type ${kind}`, `Doclifecyclestate.${state.name}.state_type`);
      kinds.add(kind);
    }
  }
}

export function checkTypeRules(record: ComponentRecord, lookup: RecordLookup): void {
  const component = componentKey(record.type, record.name);
  switch (record.type) {
    case 'Docfield':
      checkFieldShape(record.attributes, component, '', 'ObjectReference');
      if (record.attributes.shared === true && record.attributes.defined_in !== undefined) {
        fail(component, 'a shared field has no [defined_in]; list it in the [fields] of each Doctype using it', 'defined_in');
      }
      break;
    case 'Object':
      for (const field of record.subcomponents.Field ?? []) checkFieldShape(field.attributes, component, `Field.${field.name}.`, 'Object');
      break;
    case 'Doctype':
      checkDoctype(record, lookup, component);
      break;
    case 'Doclifecycle':
      checkLifecycle(record, component);
      break;
  }
}
