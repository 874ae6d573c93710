/** References between components: every Component-typed attribute value is a reference 'Type.name'. */
import { componentTypeMetadata, subcomponentMetadata } from './componentTypes';
import type { AttributeMetadata } from './metadata';
import type { ComponentRecord, SubcomponentRecord, Value } from './model';

export interface Reference {
  /** The referring attribute: 'picklist', or 'Field.product__c.object' inside a subcomponent. */
  readonly attribute: string;
  /** 'Type.name' referred to. */
  readonly target: string;
}

type Attrs = Readonly<Record<string, Value>>;

function isReference(metas: readonly AttributeMetadata[], name: string): boolean {
  return metas.find((m) => m.name === name)?.type === 'Component';
}

function eachReference(metas: readonly AttributeMetadata[], attrs: Attrs, prefix: string, out: Reference[]): void {
  for (const [name, value] of Object.entries(attrs)) {
    if (!isReference(metas, name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) out.push({ attribute: prefix + name, target: String(v) });
  }
}

/** Every reference a record holds. */
export function referencesOf(record: ComponentRecord): Reference[] {
  const type = componentTypeMetadata(record.type);
  const out: Reference[] = [];
  if (!type) return out;
  eachReference(type.attributes, record.attributes, '', out);
  for (const [subtype, entries] of Object.entries(record.subcomponents)) {
    const sub = subcomponentMetadata(type, subtype);
    if (!sub) continue;
    for (const entry of entries) eachReference(sub.attributes, entry.attributes, `${subtype}.${entry.name}.`, out);
  }
  return out;
}

function rewrite(metas: readonly AttributeMetadata[], attrs: Attrs, from: string, to: string): Attrs | undefined {
  let changed = false;
  const next: Record<string, Value> = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (isReference(metas, name)) {
      const swapped = Array.isArray(value) ? value.map((v) => (v === from ? to : v)) : value === from ? to : value;
      changed ||= Array.isArray(value) ? value.includes(from) : value === from;
      next[name] = swapped;
    } else {
      next[name] = value;
    }
  }
  return changed ? next : undefined;
}

/** The record with every reference to `from` ('Type.old') replaced by `to` ('Type.new'); undefined when it held none. */
export function rewriteReferences(record: ComponentRecord, from: string, to: string): ComponentRecord | undefined {
  const type = componentTypeMetadata(record.type);
  if (!type) return undefined;
  let changed = false;
  const attributes = rewrite(type.attributes, record.attributes, from, to);
  changed ||= attributes !== undefined;
  const subcomponents: Record<string, readonly SubcomponentRecord[]> = {};
  for (const [subtype, entries] of Object.entries(record.subcomponents)) {
    const sub = subcomponentMetadata(type, subtype);
    subcomponents[subtype] = entries.map((entry) => {
      const next = sub ? rewrite(sub.attributes, entry.attributes, from, to) : undefined;
      changed ||= next !== undefined;
      return next ? { name: entry.name, attributes: next } : entry;
    });
  }
  return changed ? { ...record, attributes: attributes ?? record.attributes, subcomponents } : undefined;
}
