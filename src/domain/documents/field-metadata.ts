/**
 * One document field's metadata (spec table, camelCase members, absent when their condition does
 * not hold) from its standard definition or Docfield record; picklist entries for Picklist fields.
 */
import { BASE_DOCTYPE, referencedName, type ComponentRegistry, type Value } from '../configuration';
import { type JsonInteger, jsonInteger } from '../json-integer';
import type { FieldMetadata, Level } from './metadata-types';
import { num, str } from './metadata-values';
import type { StandardField } from './standard-fields';

const STRING_LIKE = new Set(['String', 'LongText', 'RichText', 'Link', 'id']);
/** Types whose metadata carries minValue/maxValue (when defined). */
const NUMERIC = new Set(['Number', 'id']);

/** A bound as answers carry it: a bigint beyond ±2^53 stays exact (JsonInteger). */
const bound = (v: Value | undefined): number | JsonInteger | undefined => (typeof v === 'bigint' ? jsonInteger(v) : num(v));
const REFERENCE = new Set(['ObjectReference', 'Users']);

/** Active entries of a picklist, in order: `{name, label}` (label is the entry's value). */
export function picklistEntries(registry: ComponentRegistry, name: string): { name: string; label: string }[] {
  const p = registry.get('Picklist', name);
  return (p?.subcomponents.Picklistentry ?? [])
    .filter((e) => e.attributes.active !== false)
    .map((e) => ({ name: e.name, label: str(e.attributes.value) ?? e.name, order: num(e.attributes.order) ?? 0 }))
    .sort((x, y) => x.order - y.order)
    .map(({ name: n, label }) => ({ name: n, label }));
}

export interface FieldContext {
  registry: ComponentRegistry;
  /** The level of a Doctype (undefined when unknown). */
  levelOf(doctype: string): Level | undefined;
}

export function fieldMetadata(ctx: FieldContext, def: StandardField, shared: boolean, definedIn: string | undefined, usedIn: { key: string; type: Level }[]): FieldMetadata {
  const a = def.attributes;
  const type = str(a.type) ?? 'String';
  const noCopy = a.no_copy === true;
  const m: FieldMetadata = {
    name: def.name,
    scope: str(a.scope) ?? 'DocumentVersion',
    type,
    required: a.required === true,
    repeating: a.multi_value === true,
    systemAttribute: a.system_attribute === true || def.name.endsWith('__v'),
    editable: a.editable !== false,
    setOnCreateOnly: a.set_on_create_only === true,
    disabled: a.active === false,
    hidden: a.hidden === true,
    // A hidden field is not queryable (the query layer refuses it): the metadata says so too.
    queryable: a.queryable !== false && a.hidden !== true,
    facetable: a.facetable === true,
    noCopy,
    label: str(a.label) ?? def.name,
    definedInType: definedIn ? (ctx.levelOf(definedIn) ?? 'type') : 'type',
    definedIn: definedIn ?? BASE_DOCTYPE,
  };
  if (STRING_LIKE.has(type)) m.maxLength = num(a.max_length) ?? (type === 'String' ? 255 : type === 'id' ? 20 : 32000);
  if (NUMERIC.has(type)) {
    if (a.min_value !== undefined) m.minValue = bound(a.min_value);
    if (a.max_value !== undefined) m.maxValue = bound(a.max_value);
  }
  // Spec: `shared` is present on all fields except noCopy ones; `usedIn` only when shared.
  if (!noCopy) m.shared = shared;
  if (shared) m.usedIn = usedIn;
  if (str(a.section)) m.section = str(a.section);
  if (num(a.section_position) !== undefined) m.sectionPosition = num(a.section_position);
  if (str(a.help_content)) m.helpContent = str(a.help_content);
  if (REFERENCE.has(type)) {
    m.objectType = referencedName(str(a.object) ?? 'user__sys');
    m.relationshipType = str(a.relationship_type) ?? 'reference';
    m.relationshipName = str(a.relationship_name) ?? `document_${def.name.replace(/__[a-z]+$/, '')}__vr`;
  }
  if (type === 'Picklist' && str(a.picklist)) {
    const name = referencedName(str(a.picklist)!);
    m.picklist = name;
    m.entries = picklistEntries(ctx.registry, name);
  }
  return m;
}
