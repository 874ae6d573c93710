/**
 * The JSON of the configuration model as endpoints 9–11 answer it: component type metadata and
 * component records. JSON has no bigint (JSON.stringify throws on it): an integer within ±2^53 becomes
 * a number, a larger one its exact decimal string (chosen; see docs/decisions.md).
 */
import { componentTypeMetadata } from './componentTypes';
import type { AttributeMetadata, ComponentTypeMetadata } from './metadata';
import { parseReference, type ComponentRecord, type Value } from './model';
import type { ComponentRegistry } from './registry';

/** `value` with every bigint made JSON-safe (number within ±2^53, else exact decimal text); bytes are left as they are. */
export function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSafe(v)]));
  }
  return value;
}

/** Endpoint 9's `data`: a type's metadata, bigint bounds (e.g. 2^63-1) as text. */
export function componentTypeJson(type: ComponentTypeMetadata): unknown {
  return jsonSafe(type);
}

/**
 * A record's attributes in catalogue order: every settable attribute, `null` where the record has
 * no value (spec: "a blank or null field means the record has no value for it"); an absent
 * `active` means active and is shown as `true`.
 */
function attributeValues(metas: readonly AttributeMetadata[], values: Readonly<Record<string, Value>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const m of metas) {
    if (m.name === 'name') continue;
    const v = Object.hasOwn(values, m.name) ? values[m.name] : undefined;
    out[m.name] = v === undefined ? (m.name === 'active' ? true : null) : jsonSafe(v);
  }
  return out;
}

/**
 * `used_in` of a picklist (chosen shape): the fields using it, `{object_name, field_name}`, where a
 * document field's object is `documents`; other referrers as `{component, attribute}`.
 */
function usedIn(registry: ComponentRegistry, record: ComponentRecord): Record<string, string>[] {
  return registry.referrersOf(record.type, record.name).map((r): Record<string, string> => {
    const ref = parseReference(r.component)!;
    if (ref.type === 'Docfield' && r.attribute === 'picklist') return { object_name: 'documents', field_name: ref.name };
    const sub = /^Field\.([^.]+)\.picklist$/.exec(r.attribute);
    if (ref.type === 'Object' && sub) return { object_name: ref.name, field_name: sub[1] };
    return { component: r.component, attribute: r.attribute };
  });
}

/**
 * Endpoint 10/11's JSON of a record: name, attributes in catalogue order, sub-component collections
 * (by json_collection_name, `[]` when empty), and `used_in` for a Picklist.
 */
export function recordJson(registry: ComponentRegistry, record: ComponentRecord): Record<string, unknown> {
  const type = componentTypeMetadata(record.type)!;
  const out: Record<string, unknown> = { name: record.name, ...attributeValues(type.attributes, record.attributes) };
  for (const sub of type.sub_components) {
    const entries = Object.hasOwn(record.subcomponents, sub.name) ? record.subcomponents[sub.name] : [];
    out[sub.json_collection_name] = entries.map((e) => ({ name: e.name, ...attributeValues(sub.attributes, e.attributes) }));
  }
  if (type.name === 'Picklist') out.used_in = usedIn(registry, record);
  return out;
}
