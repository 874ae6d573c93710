/**
 * Endpoints 21–24 and 28: the document list and its paging, retrieving documents and their
 * versions (every address followed), what a second user may and may not see, and creation.
 */
import { expect } from 'vitest';
import { ContractViolation, NoData, failure, success } from '../lib/client';
import { area, check, contract, once, sameTenant, user1, user2 } from '../lib/check';
import { placeholderName } from '../lib/context';
import { type Doc, idsOf, isCreatedByContract, requireDocs, spread, walkDocuments } from '../lib/data';

const listed = once(() => walkDocuments(user1(), { max: contract.maxDocs }));
const sample = once(async () => spread(requireDocs((await listed()).docs), contract.sample));
const MAX_VERSIONS = 10;
/** Documents retrieved per visibility check (all of them up to this many). */
const MAX_VISIBILITY = 100;

function sameFields(where: string, a: Doc, b: Doc, fields: string[]): void {
  for (const f of fields) {
    if (JSON.stringify(a[f]) !== JSON.stringify(b[f])) throw new ContractViolation(`${where}: ${f} is ${JSON.stringify(b[f])}, the list says ${JSON.stringify(a[f])}`);
  }
}
const SHARED_FIELDS = ['id', 'name__v', 'type__v', 'lifecycle__v', 'status__v', 'major_version_number__v', 'minor_version_number__v'];

area('documents', 'the document list (21), retrieval (22–24), visibility, creation (28)', () => {
  check('list: one page with the defaults: size == documents.length <= limit, start 0, version_id, sorted by id', async () => {
    const c = user1();
    const j = success(await c.get(c.v('/objects/documents'), { expectOp: 'listDocuments' })).json;
    expect(j.size, 'size').toBe(j.documents.length);
    expect(j.documents.length, 'at most limit').toBeLessThanOrEqual(j.limit);
    expect(j.start, 'start defaults to 0').toBe(0);
    expect(j.limit, 'limit defaults to 200').toBe(200);
    const ids = j.documents.map((e: { document: Doc }) => e.document.id);
    expect(ids, 'default sort id ASC').toEqual([...ids].sort((x: number, y: number) => x - y));
    for (const { document: d } of j.documents as { document: Doc }[]) {
      expect(d.version_id, `document ${d.id}: version_id`).toBe(`${d.id}_${d.major_version_number__v}_${d.minor_version_number__v}`);
    }
  });

  check('list: walking with start/limit gives the same documents as one large page, no duplicates, consistent totals', async () => {
    const c = user1();
    const full = await listed();
    const n = Math.min(full.docs.length, 60);
    if (n < 2) throw new NoData('fewer than two documents visible: nothing to page through');
    const limit = Math.max(1, Math.ceil(n / 4));
    const whole = full.complete && full.docs.length <= 60;
    // Walking the whole list, one page further than its length, to see where it ends.
    const small = await walkDocuments(c, { limit, max: whole ? full.docs.length + limit : n });
    const expected = idsOf(full.docs.slice(0, small.docs.length));
    expect(idsOf(small.docs), `pages of ${limit} against one page of 200`).toEqual(expected);
    if (whole) {
      expect(small.complete, 'the small-page walk reaches the end').toBe(true);
      expect(idsOf(small.docs).length, 'the same number of documents either way').toBe(idsOf(full.docs).length);
    }
  });

  check('list: a start beyond the end answers an empty page', async () => {
    const c = user1();
    const full = await listed();
    if (!full.complete) throw new NoData(`more than CONTRACT_MAX_DOCS (${contract.maxDocs}) documents: the end of the list is not known`);
    const start = full.docs.length + 1000;
    const j = success(await c.get(c.v('/objects/documents'), { query: { start, limit: 10 }, expectOp: 'listDocuments' })).json;
    expect(j.size).toBe(0);
    expect(j.documents).toEqual([]);
    expect(j.start).toBe(start);
  });

  check('list: sort=id DESC reverses the order', async () => {
    const c = user1();
    const j = success(await c.get(c.v('/objects/documents'), { query: { sort: 'id DESC', limit: 50 }, expectOp: 'listDocuments' })).json;
    const ids = j.documents.map((e: { document: Doc }) => e.document.id);
    if (ids.length < 2) throw new NoData('fewer than two documents visible');
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
  });

  check('list: versionscope=all holds every latest version, no version twice', async () => {
    const c = user1();
    const latest = requireDocs((await listed()).docs);
    const all = await walkDocuments(c, { max: contract.maxDocs, query: { versionscope: 'all' } });
    const keys = new Set(all.docs.map((d) => `${d.id}_${d.major_version_number__v}_${d.minor_version_number__v}`));
    const covered = all.complete ? latest : latest.filter((d) => d.id <= Math.max(...all.docs.map((x) => x.id)) - 1);
    for (const d of covered) {
      const key = `${d.id}_${d.major_version_number__v}_${d.minor_version_number__v}`;
      if (!keys.has(key) && !isCreatedByContract(d)) throw new ContractViolation(`versionscope=all lacks the latest version ${key} of document ${d.id}`);
    }
  });

  check('list: named_filter "My Documents" is a part of the full list', async () => {
    const c = user1();
    const full = await listed();
    if (!full.complete) throw new NoData(`more than CONTRACT_MAX_DOCS (${contract.maxDocs}) documents`);
    const mine = await walkDocuments(c, { max: contract.maxDocs, query: { named_filter: 'My Documents' } });
    const all = new Set(full.docs.map((d) => d.id));
    for (const d of mine.docs) if (!all.has(d.id) && !isCreatedByContract(d)) throw new ContractViolation(`"My Documents" holds document ${d.id}, which the full list does not`);
  });

  check('retrieve (22): each sampled document agrees with its list entry; versions numbered <major>.<minor>, the current among them', async () => {
    const c = user1();
    for (const d of await sample()) {
      const j = success(await c.get(c.v(`/objects/documents/${d.id}`), { expectOp: 'getDocument' })).json;
      sameFields(`document ${d.id}`, d, j.document, SHARED_FIELDS);
      const numbers: string[] = j.versions.map((v: { number: string }) => v.number);
      expect(new Set(numbers).size, `document ${d.id}: no version twice`).toBe(numbers.length);
      expect(numbers, `document ${d.id}: the current version is listed`).toContain(`${d.major_version_number__v}.${d.minor_version_number__v}`);
      for (const r of Object.values(j.renditions as Record<string, string>)) expect(r).toMatch(/^https?:\/\//);
    }
  });

  check('standard fields (gaps.md §13): every sampled record carries them, arrays, booleans and roles typed as clients read them', async () => {
    const c = user1();
    const arrays = ['language__v', 'country__v', 'product__v', 'allow_pdf_download__v'];
    const booleans = ['binder__v', 'crosslink__v', 'allow_download_embedded_viewer__v', 'restrict_fragments_by_product__v'];
    const roles = ['owner__v', 'coordinator__v', 'approver__v', 'reviewer__v', 'viewer__v', 'editor__v', 'consumer__v', 'distribution_contacts__v'];
    for (const d of await sample()) {
      const doc = success(await c.get(c.v(`/objects/documents/${d.id}`), { expectOp: 'getDocument' })).json.document;
      for (const f of arrays) expect(Array.isArray(doc[f]), `document ${d.id}: ${f} is an array`).toBe(true);
      for (const f of booleans) expect(typeof doc[f], `document ${d.id}: ${f} is a boolean`).toBe('boolean');
      for (const f of roles) {
        expect(Array.isArray(doc[f]?.users) && Array.isArray(doc[f]?.groups), `document ${d.id}: ${f} is {users, groups}`).toBe(true);
      }
      expect(typeof doc.suppress_rendition__v, `document ${d.id}: suppress_rendition__v is a string`).toBe('string');
      for (const f of ['pages__v', 'annotations_all__v', 'annotations_unresolved__v']) expect(Number.isInteger(doc[f]), `document ${d.id}: ${f} is an integer`).toBe(true);
    }
  });

  check('versions (23): the same versions as the document answer (22)', async () => {
    const c = user1();
    for (const d of await sample()) {
      const doc = success(await c.get(c.v(`/objects/documents/${d.id}`), { expectOp: 'getDocument' })).json;
      const vs = success(await c.get(c.v(`/objects/documents/${d.id}/versions`), { expectOp: 'listDocumentVersions' })).json;
      expect(vs.versions.map((v: { number: string }) => v.number), `document ${d.id}`).toEqual(doc.versions.map((v: { number: string }) => v.number));
    }
  });

  check('every version address (24) works: that version, one versions entry, renditions an object of addresses', async () => {
    const c = user1();
    for (const d of await sample()) {
      const vs = success(await c.get(c.v(`/objects/documents/${d.id}/versions`), { expectOp: 'listDocumentVersions' })).json;
      for (const v of (vs.versions as { number: string; value: string }[]).slice(-MAX_VERSIONS)) {
        const [major, minor] = v.number.split('.').map(Number);
        const j = success(await c.get(v.value, { expectOp: 'getDocumentVersion' })).json;
        const where = `document ${d.id} version ${v.number}`;
        expect(j.document.id, `${where}: id`).toBe(d.id);
        expect([j.document.major_version_number__v, j.document.minor_version_number__v], `${where}: version numbers`).toEqual([major, minor]);
        expect(j.versions.map((x: { number: string }) => x.number), `${where}: versions`).toEqual([v.number]);
        // gaps.md §12: renditions of 24 is an object (name → address), as in 22 and 23, not the spec's array.
        expect(Array.isArray(j.renditions), `${where}: renditions is an object`).toBe(false);
        for (const r of Object.values(j.renditions as Record<string, string>)) expect(r, `${where}: rendition address`).toMatch(/^https?:\/\//);
        if (v.number === `${d.major_version_number__v}.${d.minor_version_number__v}`) sameFields(where, d, j.document, SHARED_FIELDS);
      }
    }
  });

  check('second user: every document in their list is retrievable by them', async () => {
    if (!sameTenant()) throw new NoData('the two users\' sessions are for different tenants');
    const c = user2();
    const theirs = requireDocs((await walkDocuments(c, { max: contract.maxDocs })).docs, 'the second user sees no document');
    // Every one (bounded): a single document leaked into the list must not hide among unsampled ones.
    for (const d of spread(theirs, MAX_VISIBILITY)) {
      const j = success(await c.get(c.v(`/objects/documents/${d.id}`), { expectOp: 'getDocument' }), `the second user retrieving document ${d.id} from their own list`).json;
      sameFields(`document ${d.id} (second user)`, d, j.document, SHARED_FIELDS);
    }
  }, { secondUser: true });

  check('second user: documents only the first user sees stay out of their list and answer FAILURE on retrieve', async () => {
    if (!sameTenant()) throw new NoData('the two users\' sessions are for different tenants');
    const first = await listed();
    const second = await walkDocuments(user2(), { max: contract.maxDocs });
    if (!first.complete || !second.complete) throw new NoData(`more than CONTRACT_MAX_DOCS (${contract.maxDocs}) documents`);
    const theirs = new Set(second.docs.map((d) => d.id));
    const onlyFirst = requireDocs(first.docs).filter((d) => !theirs.has(d.id));
    if (onlyFirst.length === 0) throw new NoData('the second user sees every document the first one sees');
    const c = user2();
    for (const d of spread(onlyFirst, MAX_VISIBILITY)) {
      failure(await c.get(c.v(`/objects/documents/${d.id}`), { expectOp: 'getDocument' }), undefined, `the second user retrieving document ${d.id}, which is not in their list`);
      failure(await c.get(c.v(`/objects/documents/${d.id}/versions`), { expectOp: 'listDocumentVersions' }), undefined, `the second user listing versions of document ${d.id}`);
    }
  }, { secondUser: true });

  check('create (28): a placeholder document of a type that needs no other field; it is listed and retrievable', async () => {
    const c = user1();
    const types = success(await c.get(c.v('/metadata/objects/documents/types'), { expectOp: 'listDocumentTypes' })).json.types;
    // A type (or its first subtype) whose required fields the suite can fill in, with a lifecycle.
    let chosen: { type: string; subtype?: string; lifecycle: string } | undefined;
    const builtIn = new Set(['name__v', 'type__v', 'subtype__v', 'classification__v', 'lifecycle__v', 'id', 'status__v', 'major_version_number__v', 'minor_version_number__v', 'version_id']);
    const fillable = (props: { name: string; required: boolean; editable?: boolean }[] | undefined) => (props ?? []).every((p) => !p.required || builtIn.has(p.name) || p.editable === false);
    for (const t of types.slice(0, 20)) {
      const tj = success(await c.get(t.value, { expectOp: 'getDocumentType' })).json;
      const life = tj.availableLifecycles?.[0]?.label ?? tj.availableLifecycles?.[0]?.name;
      if (!life) continue;
      if (!tj.subtypes?.length) {
        if (fillable(tj.properties)) chosen = { type: tj.label ?? t.label, lifecycle: life };
      } else {
        const sj = success(await c.get(tj.subtypes[0].value, { expectOp: 'getDocumentSubtype' })).json;
        if (!sj.classifications?.length && fillable(sj.properties)) chosen = { type: tj.label ?? t.label, subtype: sj.label, lifecycle: sj.availableLifecycles?.[0]?.label ?? life };
      }
      if (chosen) break;
    }
    if (!chosen) throw new NoData('no document type whose required fields the suite can fill in');
    const name = placeholderName(contract.runId);
    const form: Record<string, string> = { name__v: name, type__v: chosen.type, lifecycle__v: chosen.lifecycle };
    if (chosen.subtype) form.subtype__v = chosen.subtype;
    const fd = new FormData();
    for (const [k, v] of Object.entries(form)) fd.set(k, v);
    let id: number | undefined;
    try {
      const a = success(await c.post(c.v('/objects/documents'), { multipart: fd, expectOp: 'createDocument' }));
      id = a.json.id;
      expect(Number.isInteger(id), 'id is a JSON integer').toBe(true);
      const j = success(await c.get(c.v(`/objects/documents/${id}`), { expectOp: 'getDocument' })).json;
      expect(j.document.name__v).toBe(name);
      const list = await walkDocuments(c, { max: contract.maxDocs, query: { sort: 'id DESC' }, limit: 50 });
      expect(list.docs.map((d) => d.id), 'the new document is listed').toContain(id);
    } finally {
      // The 28 endpoints hold no delete: best effort with the real service's DELETE (not in the document).
      if (id !== undefined) await fetch(c.v(`/objects/documents/${id}`), { method: 'DELETE', headers: { Authorization: c.session! } }).catch(() => undefined);
    }
  }, { writes: true });
});
