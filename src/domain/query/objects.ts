/**
 * Query targets for the objects configured in the tenant (`Object` components: `product__v`,
 * custom `__c` objects), their fields read from the configuration on each query, their records
 * from whatever holds them (fixtures). Object references become relationships `<field>r`
 * (`parent__c` → `parent__cr`), or the field's `relationship_name`.
 */
import { referencedName, type ComponentRecord, type ComponentRegistry, type Value } from '../configuration';
import type { FieldInfo, FieldType, RelationshipInfo, Row } from '../../vql';
import { tableTarget, type TableField } from './table';
import type { SimTarget } from './types';

export type ObjectRecord = Record<string, unknown> & { id: number | string };

const FIELD_TYPES: Record<string, FieldType> = {
  ID: 'id', String: 'string', LongText: 'string', RichText: 'string', Link: 'string', Number: 'number', Currency: 'number',
  Boolean: 'boolean', Date: 'date', DateTime: 'datetime', Picklist: 'picklist', Object: 'reference',
};

const str = (v: Value | undefined) => (typeof v === 'string' ? v : undefined);
const num = (v: Value | undefined) => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined);

/** `parent__c` → `parent__cr` (the service's naming of an outbound object relationship). */
export const relationshipNameOf = (field: string, given?: string) => given ?? `${field}r`;

export interface ObjectFieldDef extends TableField {
  object?: string;
  relationship?: string;
}

export function objectFields(obj: ComponentRecord): ObjectFieldDef[] {
  const out: ObjectFieldDef[] = [];
  const seen = new Set<string>();
  for (const f of obj.subcomponents.Field ?? []) {
    const a = f.attributes;
    const kind = str(a.type) ?? 'String';
    const type = FIELD_TYPES[kind] ?? 'string';
    const field: ObjectFieldDef = {
      name: f.name, type, multiValue: a.multi_value === true,
      describe: {
        label: str(a.label) ?? f.name, type: kind === 'Object' ? 'ObjectReference' : kind,
        ...(num(a.max_length) !== undefined ? { max_length: num(a.max_length) } : {}),
        ...(num(a.max_value) !== undefined ? { max_value: num(a.max_value) } : {}),
        ...(num(a.min_value) !== undefined ? { min_value: num(a.min_value) } : {}),
        ...(num(a.scale) !== undefined ? { scale: num(a.scale) } : {}),
        required: a.required === true, unique: a.unique === true, status: [a.active === false ? 'inactive__v' : 'active__v'],
        ...(str(a.picklist) ? { picklist: referencedName(str(a.picklist)!) } : {}),
      },
    };
    if (kind === 'Object' && str(a.object)) {
      field.object = referencedName(str(a.object)!);
      field.relationship = relationshipNameOf(f.name, str(a.relationship_name));
    }
    out.push(field);
    seen.add(f.name);
  }
  const std: ObjectFieldDef[] = [
    { name: 'id', type: 'id', describe: { label: 'ID', type: 'id', required: true, unique: true, status: ['active__v'] } },
    { name: 'name__v', type: 'string', describe: { label: 'Name', type: 'String', max_length: 128, required: true, status: ['active__v'] } },
    { name: 'created_date__v', type: 'datetime', describe: { label: 'Created Date', type: 'DateTime', status: ['active__v'] } },
    { name: 'modified_date__v', type: 'datetime', describe: { label: 'Last Modified Date', type: 'DateTime', status: ['active__v'] } },
  ];
  return [...std.filter((f) => !seen.has(f.name)), ...out];
}

/** Targets of every active Object of the registry; records from `recordsOf(name)`. */
export function objectTarget(
  registry: ComponentRegistry,
  name: string,
  recordsOf: (object: string) => readonly ObjectRecord[],
  targetOf: (name: string) => SimTarget | undefined,
): SimTarget | undefined {
  const obj = registry.get('Object', name);
  if (!obj || obj.attributes.active === false) return undefined;
  const fields = objectFields(obj);
  const relationships: RelationshipInfo[] = fields.filter((f) => f.object && f.relationship).map((f) => ({ name: f.relationship!, target: f.object! }));
  const relField = new Map(fields.filter((f) => f.relationship).map((f) => [f.relationship!, f]));
  const label = str(obj.attributes.label) ?? name;
  return tableTarget(name, {
    describe: { name, label, label_plural: str(obj.attributes.label_plural) ?? label },
    fields: fields as FieldInfo[] as TableField[],
    rows: recordsOf(name),
    relationships,
    related(row, rel) {
      const f = relField.get(rel);
      const target = f && targetOf(f.object!);
      if (!f || !target?.byId) return undefined;
      const v = row[f.name];
      const ids = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
      const found = ids.map((id) => target.byId!(id as number | string)).filter((r): r is Row => r !== undefined && !Array.isArray(r));
      return f.multiValue ? found : found[0];
    },
  });
}
