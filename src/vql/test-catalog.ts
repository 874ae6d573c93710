/** A small in-memory catalog for the evaluator tests (not part of the public API). */
import type { StateKind } from './ast';
import type { FieldInfo, QueryCatalog, QueryTarget, Row } from './catalog';

export type Doc = {
  id: number;
  name__v: string;
  status__v: string;
  type__v: string;
  size__v: number | null;
  created__v: string;
  due__c: string | null;
  binder__v: boolean;
  language__v: string[];
  product__v: string[];
  owner__v: number;
  secret__c: string;
  content: string;
  versions: Array<{ major: number; minor: number; name__v: string }>;
};

export const DOCS: Doc[] = [
  { id: 1, name__v: 'Alpha Brochure', status__v: 'Approved', type__v: 'Promotional', size__v: 1200, created__v: '2024-01-05T10:00:00.000Z', due__c: '2024-03-01', binder__v: false, language__v: ['English', 'French'], product__v: ['00P1'], owner__v: 10, secret__c: 's1', content: 'Insulin dosage guide', versions: [{ major: 0, minor: 1, name__v: 'Alpha draft' }, { major: 1, minor: 0, name__v: 'Alpha Brochure' }] },
  { id: 2, name__v: 'beta leaflet', status__v: 'Draft', type__v: 'Promotional', size__v: 300, created__v: '2024-02-10T08:30:00.000Z', due__c: null, binder__v: false, language__v: ['German'], product__v: ['00P2'], owner__v: 11, secret__c: 's2', content: 'Diabetes overview', versions: [{ major: 0, minor: 1, name__v: 'beta leaflet' }] },
  { id: 3, name__v: "Gamma's Binder", status__v: 'Obsolete', type__v: 'Reference', size__v: null, created__v: '2023-12-31T23:59:59.000Z', due__c: '2024-01-15', binder__v: true, language__v: [], product__v: ['00P1', '00P2'], owner__v: 10, secret__c: 's3', content: '', versions: [{ major: 1, minor: 0, name__v: "Gamma's Binder" }] },
  { id: 4, name__v: 'Delta Study', status__v: 'Superseded', type__v: 'Reference', size__v: 5000, created__v: '2024-02-10T08:30:00.000Z', due__c: '2024-02-29', binder__v: false, language__v: ['English'], product__v: [], owner__v: 12, secret__c: 's4', content: 'Clinical insulin study', versions: [{ major: 2, minor: 0, name__v: 'Delta Study' }] },
  { id: 5, name__v: 'alpha notes', status__v: 'Approved', type__v: 'Memo', size__v: 42, created__v: '2024-03-01T00:00:00.000Z', due__c: '2024-03-01', binder__v: false, language__v: ['english'], product__v: ['00P3'], owner__v: 11, secret__c: 's5', content: 'Meeting notes', versions: [{ major: 1, minor: 0, name__v: 'alpha notes' }] },
];

export const PRODUCTS = [
  { id: '00P1', name__v: 'Cholecap', code__c: 7 },
  { id: '00P2', name__v: 'Nyaxa', code__c: 3 },
  { id: '00P3', name__v: 'Wonderdrug', code__c: 12 },
];

export const USERS = [
  { id: 10, user_name__v: 'ann@example.com', active__v: true },
  { id: 11, user_name__v: 'bob@example.com', active__v: false },
  { id: 12, user_name__v: 'cy@example.com', active__v: true },
];

const STATE_KINDS: Record<string, StateKind> = { Approved: 'steady', Obsolete: 'obsolete', Superseded: 'superseded' };

const DOC_FIELDS: FieldInfo[] = [
  { name: 'id', type: 'id' },
  { name: 'name__v', type: 'string' },
  { name: 'status__v', type: 'picklist', names: { Approved: 'approved__c', Draft: 'draft__c', Obsolete: 'obsolete__c', Superseded: 'superseded__c' } },
  { name: 'type__v', type: 'picklist', names: { Promotional: 'promotional__c', Reference: 'reference__c', Memo: 'memo__c' } },
  { name: 'size__v', type: 'number', searchable: false },
  { name: 'created__v', type: 'datetime' },
  { name: 'due__c', type: 'date' },
  { name: 'binder__v', type: 'boolean' },
  { name: 'language__v', type: 'string', multiValue: true },
  { name: 'product__v', type: 'reference', multiValue: true },
  { name: 'owner__v', type: 'reference' },
  { name: 'secret__c', type: 'string', queryable: false },
];

export function table(name: string, fields: FieldInfo[], rows: Row[], extra: Partial<QueryTarget> = {}): QueryTarget {
  const index = new Map<unknown, Row>(rows.map((r) => [(r as { id: unknown }).id, r]));
  return { name, fields, rows: () => rows, byId: (id) => index.get(id), ...extra };
}

export function makeCatalog(docs: Doc[] = DOCS): QueryCatalog & { byIdCalls: number; scans: number } {
  const products = table('product__v', [{ name: 'id', type: 'id' }, { name: 'name__v', type: 'string' }, { name: 'code__c', type: 'number' }], PRODUCTS);
  const users = table('users', [{ name: 'id', type: 'id' }, { name: 'user_name__v', type: 'string' }, { name: 'active__v', type: 'boolean' }], USERS);
  const productById = new Map(PRODUCTS.map((p) => [p.id, p]));
  const userById = new Map(USERS.map((u) => [u.id, u]));
  const related = (row: Row, rel: string): Row | Row[] | undefined => {
    const d = row as Doc;
    if (rel === 'document_product__vr') return d.product__v.map((id) => productById.get(id)!).filter(Boolean);
    if (rel === 'owner__vr') return userById.get(d.owner__v);
    return undefined;
  };
  const common = {
    fields: DOC_FIELDS,
    relationships: [{ name: 'document_product__vr', target: 'product__v' }, { name: 'owner__vr', target: 'users' }],
    content: (row: Row) => (row as Doc).content,
    related,
    stateKind: (row: Row) => STATE_KINDS[(row as Doc).status__v],
  };
  const byId = new Map(docs.map((d) => [d.id, d]));
  const catalog = {
    byIdCalls: 0,
    scans: 0,
    target(name: string, allVersions: boolean): QueryTarget | undefined {
      if (name === 'documents' && !allVersions) {
        return {
          name, ...common,
          rows: () => { catalog.scans++; return docs; },
          byId: (id) => { catalog.byIdCalls++; return byId.get(id as number); },
        };
      }
      if (name === 'documents' && allVersions) {
        const versions = docs.flatMap((d) => d.versions.map((v) => ({ ...d, ...v, doc: d })));
        return {
          name, ...common,
          fields: [...DOC_FIELDS, { name: 'major', type: 'number' }, { name: 'minor', type: 'number' }],
          rows: () => versions,
          versionOf: (row) => ({ document: (row as { doc: Doc }).doc, place: (row as { doc: Doc }).doc.versions.findIndex((v) => v.major === (row as { major: number }).major && v.minor === (row as { minor: number }).minor) }),
        };
      }
      if (allVersions) return undefined;
      if (name === 'product__v') return products;
      if (name === 'users') return users;
      return undefined;
    },
  };
  return catalog;
}
