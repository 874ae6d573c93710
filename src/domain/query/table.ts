/**
 * A SimTarget over a plain list of records (users, groups, object records): fields with their
 * query types and describe metadata, rows in ascending id order, an id index for `id = n`.
 */
import type { FieldInfo, RelationshipInfo, Row } from '../../vql';
import type { DescribeField, DescribeObject, SimTarget } from './types';

export interface TableField extends FieldInfo {
  /** queryDescribe members besides name (type defaults to the query type). */
  describe?: Omit<DescribeField, 'name'>;
}

export interface TableSpec<R extends { id: number | string }> {
  describe: DescribeObject;
  fields: readonly TableField[];
  rows: readonly R[];
  relationships?: readonly RelationshipInfo[];
  related?: (row: R, relationship: string) => Row | readonly Row[] | undefined;
  onePage?: boolean;
}

const compareIds = (a: number | string, b: number | string) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;

/** The describe type of a query field type (chosen names, following the spec's examples). */
export const DESCRIBE_TYPE: Record<FieldInfo['type'], string> = {
  id: 'id', string: 'String', number: 'Number', boolean: 'Boolean', date: 'Date', datetime: 'DateTime', picklist: 'Picklist', reference: 'ObjectReference',
};

export function tableTarget<R extends { id: number | string }>(name: string, spec: TableSpec<R>): SimTarget {
  const rows = [...spec.rows].sort((a, b) => compareIds(a.id, b.id));
  const index = new Map<number | string, R>();
  for (const r of rows) {
    index.set(r.id, r);
    if (typeof r.id === 'number') index.set(String(r.id), r);
  }
  const fieldByName = new Map(spec.fields.map((f) => [f.name, f]));
  return {
    name,
    fields: spec.fields,
    relationships: spec.relationships,
    describe: spec.describe,
    onePage: spec.onePage,
    rows: () => rows,
    byId: (id) => index.get(id) ?? (typeof id === 'string' && /^\d+$/.test(id) ? index.get(Number(id)) : undefined),
    related: spec.related ? (row, rel) => spec.related!(row as R, rel) : undefined,
    describeField(field) {
      const f = fieldByName.get(field);
      if (!f || f.queryable === false) return undefined;
      return { name: f.name, type: DESCRIBE_TYPE[f.type], status: ['active__v'], ...f.describe };
    },
  };
}
