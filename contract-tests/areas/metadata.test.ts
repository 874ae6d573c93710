/** Endpoints 15–20: document fields, types → subtypes → classifications (addresses followed), lock metadata. */
import { expect } from 'vitest';
import { ContractViolation, NoData, success } from '../lib/client';
import { area, check, once, user1 } from '../lib/check';
import { requireDocs, walkDocuments } from '../lib/data';

/** Bound on metadata addresses followed per check (types + subtypes + classifications). */
const MAX_FOLLOW = 150;

const fieldNames = once(async () => {
  const c = user1();
  const a = success(await c.get(c.v('/metadata/objects/documents/properties'), { expectOp: 'listDocumentFields' }));
  return new Set<string>(a.json.properties.map((p: { name: string }) => p.name));
});

const typeList = once(async () => {
  const c = user1();
  return success(await c.get(c.v('/metadata/objects/documents/types'), { expectOp: 'listDocumentTypes' })).json;
});

function propertiesKnown(where: string, props: { name: string }[] | undefined, known: Set<string>): void {
  for (const p of props ?? []) {
    if (!known.has(p.name)) throw new ContractViolation(`${where}: property ${p.name} is not among the document fields of endpoint 15`);
  }
}

const endsWithName = (address: string, name: string) => decodeURIComponent(new URL(address).pathname.replace(/\/+$/, '')).endsWith(`/${name}`);

area('metadata', 'document metadata (endpoints 15–20)', () => {
  check('document fields (15): names unique, the fields every document record shows are there', async () => {
    const c = user1();
    const a = success(await c.get(c.v('/metadata/objects/documents/properties'), { expectOp: 'listDocumentFields' }));
    const names: string[] = a.json.properties.map((p: { name: string }) => p.name);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size, 'no field twice').toBe(names.length);
    for (const f of ['id', 'name__v', 'type__v', 'lifecycle__v', 'status__v', 'major_version_number__v', 'minor_version_number__v']) {
      expect(names, `field ${f}`).toContain(f);
    }
    for (const p of a.json.properties) {
      if (p.shared === true && p.usedIn !== undefined && !Array.isArray(p.usedIn)) throw new ContractViolation(`field ${p.name}: usedIn is not an array`);
    }
  });

  check('document types (17): entries with name, label and an address ending in the name; lock address', async () => {
    const j = await typeList();
    expect(j.types.length).toBeGreaterThan(0);
    const names = j.types.map((t: { name: string }) => t.name);
    expect(new Set(names).size, 'no type twice').toBe(names.length);
    for (const t of j.types) expect(endsWithName(t.value, t.name), `address of type ${t.name}: ${t.value}`).toBe(true);
  });

  check('GET metadata/objects/documents answers the same type list as endpoint 17', async () => {
    const c = user1();
    const alias = success(await c.get(c.v('/metadata/objects/documents'), { expectOp: 'listDocumentTypesAlias' })).json;
    const j = await typeList();
    expect(alias.types.map((t: { name: string }) => t.name)).toEqual(j.types.map((t: { name: string }) => t.name));
  });

  check('the lock address of endpoint 17 works when followed', async () => {
    const c = user1();
    const j = await typeList();
    success(await c.get(j.lock, { expectOp: 'getDocumentLockMetadata' }));
  });

  check('every type address (18), subtype address (19) and classification address (20) works; properties are known fields', async () => {
    const c = user1();
    const known = await fieldNames();
    const j = await typeList();
    let followed = 0;
    const follow = async (address: string, op: string, name: string) => {
      if (followed++ >= MAX_FOLLOW) return undefined;
      const a = success(await c.get(address, { expectOp: op }));
      expect(a.json.name, `${op} at ${address}: name`).toBe(name);
      return a.json;
    };
    for (const t of j.types) {
      const type = await follow(t.value, 'getDocumentType', t.name);
      if (!type) break;
      if (!type.subtypes?.length && !type.properties) throw new ContractViolation(`type ${t.name}: no subtypes and no properties`);
      propertiesKnown(`type ${t.name}`, type.properties, known);
      for (const s of type.subtypes ?? []) {
        expect(endsWithName(s.value, s.name), `address of subtype ${s.name}`).toBe(true);
        const sub = await follow(s.value, 'getDocumentSubtype', s.name);
        if (!sub) break;
        propertiesKnown(`subtype ${t.name}/${s.name}`, sub.properties, known);
        for (const k of sub.classifications ?? []) {
          expect(endsWithName(k.value, k.name), `address of classification ${k.name}`).toBe(true);
          const cl = await follow(k.value, 'getDocumentClassification', k.name);
          if (!cl) break;
          propertiesKnown(`classification ${t.name}/${s.name}/${k.name}`, cl.properties, known);
        }
      }
    }
  });

  check('real clients read properties and renditions at every level: a type with subtypes, its subtypes and classifications (gaps.md §12)', async () => {
    const c = user1();
    const j = await typeList();
    const withSubtypes = [];
    for (const t of j.types.slice(0, 20)) {
      const type = success(await c.get(t.value, { expectOp: 'getDocumentType' })).json;
      if (type.subtypes?.length) withSubtypes.push(type);
    }
    if (withSubtypes.length === 0) throw new NoData('no type with subtypes among the first 20 types');
    const names = (v: unknown, where: string) => {
      expect(Array.isArray(v), `${where}: an array`).toBe(true);
      for (const x of v as unknown[]) expect(typeof x, `${where}: names`).toBe('string');
    };
    for (const type of withSubtypes.slice(0, 3)) {
      expect(Array.isArray(type.properties), `type ${type.name} (with subtypes): properties`).toBe(true);
      names(type.renditions, `type ${type.name}: renditions`);
      const sub = success(await c.get(type.subtypes[0].value, { expectOp: 'getDocumentSubtype' })).json;
      names(sub.renditions, `subtype ${sub.name}: renditions`);
      const k = sub.classifications?.[0];
      if (k) names(success(await c.get(k.value, { expectOp: 'getDocumentClassification' })).json.renditions, `classification ${k.name}: renditions`);
    }
  });

  check('document fields (15): the id field is bounded 0 … 9223372036854775807, a JSON number written exactly', async () => {
    const c = user1();
    const a = success(await c.get(c.v('/metadata/objects/documents/properties'), { expectOp: 'listDocumentFields' }));
    const id = a.json.properties.find((p: { name: string }) => p.name === 'id');
    expect(id?.minValue, 'id minValue').toBe(0);
    const text = a.text();
    const at = text.indexOf('"name":"id"');
    const own = text.slice(text.lastIndexOf('{', at), text.indexOf('}', at));
    expect(/"maxValue":\s*(\d+)/.exec(own)?.[1], 'id maxValue, as written').toBe('9223372036854775807');
  });

  check('every type\'s relationshipTypes addresses are absolute', async () => {
    const c = user1();
    const j = await typeList();
    for (const t of j.types.slice(0, 20)) {
      const type = success(await c.get(t.value, { expectOp: 'getDocumentType' })).json;
      for (const r of type.relationshipTypes ?? []) expect(r.value, `type ${t.name}: relationship ${r.label}`).toMatch(/^https?:\/\//);
      for (const l of type.availableLifecycles ?? []) expect(typeof l.name, `type ${t.name}: lifecycle name`).toBe('string');
    }
  });

  check('fields common to documents (16): a subset of all fields', async () => {
    const c = user1();
    const docs = requireDocs((await walkDocuments(c, { max: 20, limit: 20 })).docs);
    const ids = docs.slice(0, 3).map((d) => d.id).join(',');
    const a = success(await c.post(c.v('/metadata/objects/documents/properties/find_common'), { form: { docIds: ids }, expectOp: 'findCommonDocumentFields' }));
    const known = await fieldNames();
    for (const p of a.json.properties) expect(known.has(p.name), `common field ${p.name} is a document field`).toBe(true);
  });
});
