/**
 * Snapshots of a world's state (issue 16), as JSON: sessions, users' last-login tenants, each
 * tenant's documents (versions, files as base64, attachments, check-outs), named lists (Favorites,
 * Cart, Recent Documents), configuration registry (records and bound files: MDL changes) and MDL
 * staging area, and the clock. What a snapshot does not hold starts afresh on restore: throttling
 * windows, the usage log, stored query results behind paging links, OAuth codes and tokens.
 *
 * A snapshot names tenants and users by id: it is restored onto a world of the same fixture set
 * (tenants, users, groups), whose state it replaces. `restoreSnapshot` builds the new state beside
 * the running one and swaps it in only once all of it is built (`Object.assign` onto the same World
 * object, which the app and its handlers hold): a bad snapshot changes nothing.
 */
import { type ComponentRecord, ComponentRegistry } from '../domain/configuration';
import { sha1Hex } from '../domain/configuration/staging';
import type { StoredFile } from '../domain/documents/files';
import { DocumentMetadata } from '../domain/documents/metadata';
import { type DocumentVersion, type StoredDocument, dayOf, momentOf, msOfDay, ownNumber } from '../domain/documents/model';
import type { NamedList } from '../domain/documents/named-lists';
import { TenantDocuments } from '../domain/documents/setup';
import { DocumentStore } from '../domain/documents/store';
import type { Session } from '../domain/sessions';
import { type Settings, type World, createWorld, guardUses } from '../domain/world';

export const SNAPSHOT_FORMAT = 'dms-sim-snapshot/1';

type Json = unknown;

export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  /** The fixture folder the world was loaded from (for the reader; not checked). */
  fixtures: string;
  clock: { now: string; frozen: boolean };
  sessions: { id: string; user: number; tenant: number; created: number; lastActive: number; via: Session['via'] }[];
  lastLogin: Record<string, number>;
  /** Every file once: documents, attachments, bound and staged files refer to them by index. */
  files: { filename: string; format: string; md5: string; pages: number; base64: string }[];
  tenants: Record<string, TenantSnapshot>;
}

interface TenantSnapshot {
  documents: Json[];
  lists: { user: number; favorites: number[]; recent: number[]; cart: number[] }[];
  configuration?: { records: Json[]; bound: { type: string; name: string; attribute: string; name__v: string; original_name__v: string; format__v: string; file: number }[] };
  staged: { name: string; format: string; file: number }[];
}

/** Bigints (configuration values beyond 2^53) as `{"$bigint": "<decimal>"}`. */
const toJson = (value: unknown): Json => JSON.parse(JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? { $bigint: v.toString() } : v)));
const fromJson = <T>(value: Json): T =>
  JSON.parse(JSON.stringify(value), (_, v) => (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1 && typeof v.$bigint === 'string' ? BigInt(v.$bigint) : v)) as T;

const LISTS: NamedList[] = ['favorites', 'recent', 'cart'];

export function takeSnapshot(world: World): Snapshot {
  const files: Snapshot['files'] = [];
  const index = new Map<Uint8Array, number>();
  const fileRef = (f: { bytes: Uint8Array; filename: string; format: string; md5?: string; pages?: number }): number => {
    let i = index.get(f.bytes);
    if (i === undefined) {
      index.set(f.bytes, (i = files.length));
      files.push({ filename: f.filename, format: f.format, md5: f.md5 ?? '', pages: f.pages ?? 1, base64: Buffer.from(f.bytes).toString('base64') });
    }
    return i;
  };
  const tenants: Record<string, TenantSnapshot> = {};
  for (const tenant of world.tenants.all()) {
    const store = world.documents.stores.get(tenant.id);
    const registry = world.configuration.get(tenant.id);
    const t: TenantSnapshot = { documents: [], lists: [], staged: [] };
    if (store) {
      // Dates as milliseconds since 1970, as snapshots have always had them (not the model's day and millisecond).
      t.documents = store.all().map(({ createdDay, createdMs, ...d }) => toJson({
        ...d,
        created: momentOf(createdDay, createdMs),
        attachments: d.attachments.map((a) => ({ id: a.id, file: fileRef(a.file) })),
        versions: d.versions.map(({ createdDay, createdMs, modifiedDay, modifiedMs, ...v }) => ({
          ...v, created: momentOf(createdDay, createdMs), modified: momentOf(modifiedDay, modifiedMs), file: v.file ? fileRef(v.file) : undefined,
        })),
      }));
      for (const user of world.users.all()) {
        const lists = Object.fromEntries(LISTS.map((l) => [l, store.namedList(user, l)])) as Record<NamedList, number[]>;
        if (LISTS.some((l) => lists[l].length > 0)) t.lists.push({ user: user.id, ...lists });
      }
    }
    if (registry) {
      t.configuration = {
        records: registry.all().map(toJson),
        bound: registry.all().flatMap((r) => registry.files(r.type, r.name).map((f) => ({
          type: r.type, name: r.name, attribute: f.attribute, name__v: f.name__v, original_name__v: f.original_name__v, format__v: f.format__v,
          file: fileRef({ bytes: f.bytes, filename: f.original_name__v, format: f.format__v }),
        }))),
      };
    }
    t.staged = world.mdlStaging.of(tenant.id).list().map((f) => ({
      name: f.original_name__v ?? f.name__v, format: f.format__v, file: fileRef({ bytes: f.bytes, filename: f.original_name__v ?? f.name__v, format: f.format__v }),
    }));
    tenants[String(tenant.id)] = t;
  }
  return {
    format: SNAPSHOT_FORMAT,
    fixtures: world.fixtures.dir,
    clock: { now: new Date(world.clock.now()).toISOString(), frozen: world.clock.frozen },
    sessions: world.sessions.live().map((s) => ({ id: s.id, user: s.user.id, tenant: s.tenant.id, created: s.created, lastActive: s.lastActive, via: s.via })),
    lastLogin: Object.fromEntries(world.users.all().filter((u) => u.lastLoginTenant !== undefined).map((u) => [String(u.id), u.lastLoginTenant!])),
    files,
    tenants,
  };
}

/** A snapshot that cannot be restored onto this world: answered 400 with its message. */
export class SnapshotError extends Error {}

/** Replaces the world's state with the snapshot's (see the file comment); throws SnapshotError. */
export function restoreSnapshot(world: World, input: unknown, settings: Partial<Settings>): void {
  const snap = input as Snapshot;
  if (!snap || typeof snap !== 'object' || snap.format !== SNAPSHOT_FORMAT) throw new SnapshotError(`not a dms-sim snapshot (format "${SNAPSHOT_FORMAT}")`);
  const now = Date.parse(snap.clock?.now);
  if (Number.isNaN(now)) throw new SnapshotError('clock.now is not an ISO-8601 time');
  let fresh: World;
  try {
    fresh = rebuild(world, snap, settings);
  } catch (e) {
    throw e instanceof SnapshotError ? e : new SnapshotError(`the snapshot does not fit this world: ${(e as Error).message}`);
  }
  world.clock.set(now);
  if (snap.clock.frozen) world.clock.freeze();
  else world.clock.unfreeze();
  Object.assign(world, fresh);
}

function rebuild(world: World, snap: Snapshot, settings: Partial<Settings>): World {
  const fresh = createWorld(world.fixtures, world.clock, settings);
  const files = snap.files.map((f): StoredFile => {
    const bytes = new Uint8Array(Buffer.from(f.base64, 'base64'));
    return { filename: f.filename, format: f.format, bytes, size: bytes.byteLength, md5: f.md5, pages: f.pages };
  });
  const file = (i: number): StoredFile => {
    if (!files[i]) throw new SnapshotError(`file ${i} is not in the snapshot's files`);
    return files[i];
  };
  const tenantOf = (id: number | string) => {
    const t = fresh.tenants.get(Number(id));
    if (!t) throw new SnapshotError(`tenant ${id} is not a tenant of the loaded fixture set`);
    return t;
  };
  const userOf = (id: number) => {
    const u = fresh.users.get(id);
    if (!u) throw new SnapshotError(`user ${id} is not a user of the loaded fixture set`);
    return u;
  };
  const stores = new Map<number, DocumentStore>();
  for (const [id, t] of Object.entries(snap.tenants ?? {})) {
    const tenant = tenantOf(id);
    if (t.configuration) {
      const registry = ComponentRegistry.unchecked(t.configuration.records.map((r) => fromJson<ComponentRecord>(r)));
      for (const b of t.configuration.bound) {
        const f = file(b.file);
        registry.bindFile(b.type, b.name, b.attribute, { name__v: b.name__v, original_name__v: b.original_name__v, format__v: b.format__v, size__v: f.size, sha1_checksum__v: sha1Hex(f.bytes), bytes: f.bytes });
      }
      fresh.configuration.set(tenant.id, registry);
      const store = new DocumentStore(tenant, new DocumentMetadata(registry), fresh.documents.groups, fresh.clock);
      guardUses(registry, tenant.id, store, fresh.queries.records);
      stores.set(tenant.id, store);
      for (const d of t.documents) {
        type Dated<T, K extends string> = Omit<T, `${K}Day` | `${K}Ms`> & Record<K, number>;
        type VersionJson = Dated<Dated<Omit<DocumentVersion, 'file'>, 'created'>, 'modified'> & { file?: number };
        const { created, ...doc } = fromJson<Dated<Omit<StoredDocument, 'attachments' | 'versions'>, 'created'> & { attachments: { id: number; file: number }[]; versions: VersionJson[] }>(d);
        store.insert({
          ...doc,
          documentNumber: ownNumber(doc.id, doc.documentNumber), // older snapshots hold every number
          createdDay: dayOf(created), createdMs: msOfDay(created),
          attachments: doc.attachments.map((a) => ({ id: a.id, file: file(a.file) })),
          versions: doc.versions.map(({ created, modified, ...v }) => ({
            ...v, createdDay: dayOf(created), createdMs: msOfDay(created), modifiedDay: dayOf(modified), modifiedMs: msOfDay(modified),
            file: v.file === undefined || v.file === null ? undefined : file(v.file),
          })),
        } as StoredDocument);
      }
      for (const l of t.lists) {
        for (const docId of [...l.recent].reverse()) store.addToList(l.user, 'recent', docId);
        for (const list of ['favorites', 'cart'] as const) for (const docId of l[list]) store.addToList(l.user, list, docId);
      }
    }
    for (const s of t.staged) fresh.mdlStaging.of(tenant.id).stage(s.name, file(s.file).bytes, s.format);
  }
  fresh.documents = new TenantDocuments(stores, fresh.documents.groups);
  for (const s of snap.sessions ?? []) {
    fresh.sessions.adopt({ id: s.id, user: userOf(s.user), tenant: tenantOf(s.tenant), created: s.created, lastActive: s.lastActive, via: s.via });
  }
  for (const [id, tenant] of Object.entries(snap.lastLogin ?? {})) userOf(Number(id)).lastLoginTenant = tenant;
  return fresh;
}
