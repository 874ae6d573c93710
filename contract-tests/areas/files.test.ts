/** Endpoints 25–27 (and the rendition / attachment addresses): files, their headers and checksums, thumbnails. */
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { type Answer, ContractViolation, NoData, binary, success } from '../lib/client';
import { area, check, contract, once, user1 } from '../lib/check';
import { type Doc, isCreatedByContract, requireDocs, spread, walkDocuments } from '../lib/data';

const MAX_VERSIONS = 5;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const hasFile = (d: Doc) => typeof d.format__v === 'string' || (typeof d.size__v === 'number' && d.size__v > 0);

/** Documents that carry a file (format or a non-zero size), spread over the list. */
const withFiles = once(async () => {
  const docs = requireDocs((await walkDocuments(user1(), { max: contract.maxDocs })).docs);
  const files = docs.filter(hasFile);
  if (files.length === 0) throw new NoData('no visible document carries a file');
  return spread(files, contract.sample);
});

function filenameOf(a: Answer): string {
  const cd = a.headers.get('content-disposition') ?? '';
  const m = /filename\*?=(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(cd);
  if (!m) throw new ContractViolation(`${a.url}: Content-Disposition ${JSON.stringify(cd)} has no filename`);
  const name = (m[1] ?? m[2]).trim();
  if (!name) throw new ContractViolation(`${a.url}: Content-Disposition has an empty filename`);
  return name;
}

/** Size and md5 of the bytes agree with the metadata, where the metadata has them. */
function matchesMetadata(where: string, a: Answer, d: Doc): void {
  if (typeof d.size__v === 'number') expect(a.bytes.length, `${where}: bytes against size__v`).toBe(d.size__v);
  if (typeof d.md5checksum__v === 'string' && d.md5checksum__v) {
    expect(createHash('md5').update(a.bytes).digest('hex'), `${where}: md5 against md5checksum__v`).toBe(d.md5checksum__v.toLowerCase());
  }
  const length = a.headers.get('content-length');
  if (length !== null) expect(Number(length), `${where}: Content-Length`).toBe(a.bytes.length);
}

area('files', 'files, versions\' files, thumbnails (25–27), renditions', () => {
  check('latest file (25): octet-stream, a filename, size and md5 as the metadata says', async () => {
    const c = user1();
    for (const d of await withFiles()) {
      const a = binary(await c.get(c.v(`/objects/documents/${d.id}/file`), { expectOp: 'downloadDocumentFile' }), `file of document ${d.id}`);
      filenameOf(a);
      matchesMetadata(`file of document ${d.id}`, a, d);
    }
  });

  check('each version\'s file (26): the latest one equals the latest file; size and md5 as that version\'s metadata says', async () => {
    const c = user1();
    for (const d of await withFiles()) {
      const latest = binary(await c.get(c.v(`/objects/documents/${d.id}/file`), { expectOp: 'downloadDocumentFile' }));
      const vs = success(await c.get(c.v(`/objects/documents/${d.id}/versions`), { expectOp: 'listDocumentVersions' })).json.versions as { number: string; value: string }[];
      for (const v of vs.slice(-MAX_VERSIONS)) {
        const meta = success(await c.get(v.value, { expectOp: 'getDocumentVersion' })).json.document as Doc;
        const [major, minor] = v.number.split('.');
        const a = await c.get(c.v(`/objects/documents/${d.id}/versions/${major}/${minor}/file`), { expectOp: 'downloadDocumentVersionFile' });
        const hasFile = typeof meta.format__v === 'string' || (typeof meta.size__v === 'number' && meta.size__v > 0);
        if (!hasFile) continue; // a version without a file answers a FAILURE (validated above)
        binary(a, `file of document ${d.id} version ${v.number}`);
        filenameOf(a);
        matchesMetadata(`file of document ${d.id} version ${v.number}`, a, meta);
        if (v.number === `${d.major_version_number__v}.${d.minor_version_number__v}`) {
          expect(a.bytes.equals(latest.bytes), `document ${d.id}: the latest version's file is the latest file`).toBe(true);
        }
      }
    }
  });

  check('thumbnail (27) of the latest version is a PNG', async () => {
    const c = user1();
    for (const d of await withFiles()) {
      const a = binary(await c.get(c.v(`/objects/documents/${d.id}/versions/${d.major_version_number__v}/${d.minor_version_number__v}/thumbnail`), { expectOp: 'downloadDocumentVersionThumbnail' }), `thumbnail of document ${d.id}`);
      expect(a.contentType).toBe('image/png');
      expect(a.bytes.subarray(0, 8).equals(PNG), `thumbnail of document ${d.id}: PNG signature`).toBe(true);
    }
  });

  check('rendition addresses of the document answer (22) work when followed', async () => {
    const c = user1();
    let followed = 0;
    for (const d of await withFiles()) {
      const j = success(await c.get(c.v(`/objects/documents/${d.id}`), { expectOp: 'getDocument' })).json;
      for (const [type, address] of Object.entries(j.renditions as Record<string, string>)) {
        const a = binary(await c.get(address, { expectOp: 'downloadDocumentRendition' }), `rendition ${type} of document ${d.id}`);
        expect(a.bytes.length, `rendition ${type} of document ${d.id}`).toBeGreaterThan(0);
        followed++;
      }
      for (const att of j.attachments as { id: number; url: string }[]) {
        binary(await c.get(att.url, { expectOp: 'downloadDocumentAttachment' }), `attachment ${att.id} of document ${d.id}`);
        followed++;
      }
    }
    if (followed === 0) throw new NoData('the sampled documents have no rendition and no attachment');
  });

  check('check-out with lockDocument=true: the file, locked__v true, then undone', async () => {
    const c = user1();
    const candidates = (await withFiles()).filter((d) => d.locked__v !== true);
    if (!candidates[0]) throw new NoData('every sampled document is checked out');
    // Preferably one already in the caller's "My Documents" (owned or checked out): checking it out
    // moves no document in that list while the documents area may be walking it page by page.
    const mine = await c.get(c.v('/objects/documents'), { query: { named_filter: 'My Documents', limit: 200 }, expectOp: 'listDocuments' });
    const own = mine.json?.responseStatus === 'SUCCESS' ? (mine.json.documents as { document: Doc }[]).map((e) => e.document) : [];
    const d = own.find((x) => hasFile(x) && x.locked__v !== true && !isCreatedByContract(x)) ?? candidates[0];
    try {
      const a = binary(await c.get(c.v(`/objects/documents/${d.id}/file`), { query: { lockDocument: true }, expectOp: 'downloadDocumentFile' }));
      matchesMetadata(`checked-out file of document ${d.id}`, a, d);
      const j = success(await c.get(c.v(`/objects/documents/${d.id}`), { expectOp: 'getDocument' })).json;
      expect(j.document.locked__v, `document ${d.id} is checked out`).toBe(true);
    } finally {
      await c.call('DELETE', c.v(`/objects/documents/${d.id}/lock`), { expectOp: 'unlockDocument', allowNotImplemented: true }).catch(() => undefined);
    }
  }, { writes: true });
});
