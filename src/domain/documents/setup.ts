/**
 * Builds each tenant's configuration registry and document store from a fixture set
 * (keys `configuration`, `groups`, `documents`, `documentLists`; see fixtures/schema/*.json).
 * A document naming an unknown type, lifecycle, state, user or file, or a file path leading out of the
 * fixture folder (`../`, absolute, outward symbolic link), stops start-up naming the fixture file and path.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { fixtureDocuments } from '../../fixtures/documents-source';
import { Interner } from '../../fixtures/intern';
import { FixtureError } from '../../fixtures/load';
import type { FixtureSet } from '../../fixtures/types';
import type { Clock } from '../clock';
import type { ComponentRegistry } from '../configuration';
import type { TenantDirectory } from '../tenants';
import type { UserDirectory } from '../users';
import { type StoredFile, storedFile } from './files';
import { type Group, GroupDirectory } from './groups';
import { DocumentMetadata, type MetadataView } from './metadata';
import { type Attachment, type DocumentVersion, type RoleMembers, type StoredDocument, MAX_VERSION_NUMBER, byVersionNumber, dayOf, isVersionNumber, msOfDay, ownNumber } from './model';
import type { NamedList } from './named-lists';
import { DocumentStore } from './store';
import { ROLES, type RoleName } from './standard-fields';

/** (chosen) Problems listed at most; the rest are counted. */
const MAX_PROBLEMS = 1000;
/** The fields of a version before any is set (never changed: a version with fields gets a new object). */
const EMPTY_FIELDS: Record<string, unknown> = Object.freeze({});
/** No members (never changed: frozen, shared). */
const NONE: readonly number[] = Object.freeze([]);
/** The attachments of a document without any (never changed in place: frozen, shared). */
const NO_ATTACHMENTS = Object.freeze([]) as unknown as Attachment[];

export interface FixtureDocumentVersion {
  number: string;
  state: string;
  file?: string;
  /** The file has a viewable rendition (default: by its format); goes with the file to later versions. */
  viewable?: boolean;
  created?: string;
  createdBy?: number;
  fields?: Record<string, unknown>;
}

export interface FixtureDocument {
  id: number;
  tenant: string;
  type: string;
  lifecycle: string;
  number?: string;
  created: string;
  createdBy: number;
  roles: Partial<Record<RoleName, Partial<RoleMembers>>>;
  binder?: boolean;
  crosslink?: boolean;
  attachments?: { id: number; file: string }[];
  versions: FixtureDocumentVersion[];
  /** Seeded checked out (issue 20): by this user (id), since this time. */
  lock?: { user: number; date: string };
}

export interface FixtureDocumentList {
  tenant: string;
  user: number;
  favorites?: number[];
  recent?: number[];
  cart?: number[];
}

export interface FixtureGroup {
  id: number;
  name: string;
  label: string;
  tenant: string;
  members: number[];
}

/** Every tenant's document store (with its metadata view of the tenant's registry). */
export class TenantDocuments {
  /**
   * Aborted once these stores are no longer the world's (a reset or a restored snapshot replaced
   * them): work on them in the background (the list search's indexes, query/list-search.ts) stops.
   */
  readonly background = new AbortController();

  constructor(
    readonly stores: Map<number, DocumentStore>,
    readonly groups: GroupDirectory,
  ) {}

  store(tenantId: number): DocumentStore {
    return this.stores.get(tenantId)!;
  }
}

/** `configurations`: the world's one registry per tenant id (world.configuration). */
export function loadDocuments(fixtures: FixtureSet, tenants: TenantDirectory, users: UserDirectory, clock: Clock, configurations: Map<number, ComponentRegistry>): TenantDocuments {
  const data = fixtures.data as Record<string, unknown>;
  // Each problem names the fixture file its top-level key came from, then the path (as the loader's own checks do).
  // A document's problems start with its place (`FILE: documents[i]`, `FILE:LINE: documents[i]`); a
  // streamed set with a mistake on every line would list a million: the first MAX_PROBLEMS are kept.
  const problems: string[] = [];
  let more = 0;
  const report = (p: string): void => {
    if (problems.length < MAX_PROBLEMS) problems.push(p);
    else more++;
  };
  const problem = (p: string): void => {
    const key = /^[A-Za-z]+/.exec(p)?.[0] ?? '';
    report(Object.hasOwn(fixtures.sourceOf, key) ? `${fixtures.sourceOf[key]}: ${p}` : p);
  };
  const groups = new GroupDirectory(((data.groups ?? []) as FixtureGroup[]).map((g): Group => ({
    id: g.id, name: g.name, label: g.label, tenantId: tenants.byDnsName(g.tenant)?.id ?? -1, members: g.members,
  })));

  const stores = new Map<number, DocumentStore>();
  for (const tenant of tenants.domains.flatMap((d) => d.tenants)) {
    const registry = configurations.get(tenant.id);
    if (!registry) continue;
    // The registry's use checks are registered by the world (world.ts `guardUses`), with those of the object records.
    stores.set(tenant.id, new DocumentStore(tenant, new DocumentMetadata(registry), groups, clock));
  }

  // A file path must stay inside the fixture folder: no `../` out of it, no absolute path elsewhere, no outward symbolic link.
  // Overlays: a file is looked up in the last layer that has it (each layer is a fixture folder).
  const roots = [...(fixtures.layers ?? [fixtures.dir])].reverse().map((d) => resolve(d));
  const inside = (base: string, path: string) => path.startsWith(base + sep);
  const files = new Map<string, StoredFile>();
  const fileAt = (path: string, where: () => string): StoredFile | undefined => {
    if (!files.has(path)) {
      const root = roots.find((r) => existsSync(resolve(r, path))) ?? roots[0];
      const full = resolve(root, path);
      if (!inside(root, full)) {
        report(`${where()}: file "${path}" is outside the fixture folder ${fixtures.dir}`);
        return undefined;
      }
      try {
        if (!inside(realpathSync(root), realpathSync(full))) {
          report(`${where()}: file "${path}" links outside the fixture folder ${fixtures.dir}`);
          return undefined;
        }
        files.set(path, storedFile(path.split('/').pop()!, new Uint8Array(readFileSync(full))));
      } catch {
        report(`${where()}: file "${path}" not found in ${fixtures.dir}`);
        return undefined;
      }
    }
    return files.get(path);
  };

  // Once per Doctype and lifecycle of a tenant (keyed by the view's own objects): the fields that
  // apply to the Doctype, the names of the lifecycle's states.
  const applicable = new Map<object, Set<string>>();
  const fieldsOf = (view: MetadataView, doctype: string, key: object) => {
    let names = applicable.get(key);
    if (!names) applicable.set(key, (names = new Set(view.fieldsFor(doctype).map((f) => f.name))));
    return names;
  };
  const stateNames = new Map<object, Set<string>>();
  const statesOf = (lifecycle: { states: { name: string }[] }) => {
    let names = stateNames.get(lifecycle);
    if (!names) stateNames.set(lifecycle, (names = new Set(lifecycle.states.map((s) => s.name))));
    return names;
  };
  const intern = new Interner();
  const known = (id: number) => users.get(id) !== undefined;
  for (const item of fixtureDocuments(fixtures, report)) {
    const d = item.doc as FixtureDocument;
    const tenant = tenants.byDnsName(d.tenant);
    if (!tenant) {
      report(`${item.at}.tenant: unknown tenant "${d.tenant}"`);
      continue;
    }
    const store = stores.get(tenant.id);
    if (!store) {
      report(`${item.at}.tenant: "${d.tenant}" has no configuration registry`);
      continue;
    }
    const view = store.view();
    const doctype = view.doctype(d.type);
    if (!doctype) report(`${item.at}.type: "${d.type}" is not a Doctype of ${d.tenant}`);
    const lifecycle = view.lifecycles.get(d.lifecycle);
    if (!lifecycle) report(`${item.at}.lifecycle: "${d.lifecycle}" is not a Doclifecycle of ${d.tenant}`);
    // Users and roles checked in plain loops (no closure, no list of entries a document: a 100k-document world is built here).
    if (!known(d.createdBy)) report(`${item.at}.createdBy: unknown user ${d.createdBy}`);
    const roles: StoredDocument['roles'] = {};
    const given = d.roles ?? {};
    for (const role in given) {
      if (!ROLES.includes(role as RoleName)) {
        report(`${item.at}.roles.${role}: unknown role`);
        continue;
      }
      const m = given[role as RoleName]!;
      const us = m.users ?? NONE;
      for (let j = 0; j < us.length; j++) if (!known(us[j])) report(`${item.at}.roles.${role}.users[${j}]: unknown user ${us[j]}`);
      const gs = m.groups ?? NONE;
      for (let j = 0; j < gs.length; j++) if (groups.get(gs[j])?.tenantId !== tenant.id) report(`${item.at}.roles.${role}.groups[${j}]: unknown group ${gs[j]} in ${d.tenant}`);
      roles[role as RoleName] = intern.members(m.users, m.groups);
    }
    const created = Date.parse(d.created);
    // A version shares the fields (and the values) of the version before it unless it changes some.
    let fields: Record<string, unknown> = EMPTY_FIELDS;
    let file: StoredFile | undefined;
    let viewable: boolean | undefined;
    const states = lifecycle && statesOf(lifecycle);
    const versions: DocumentVersion[] = d.versions.map((v, j) => {
      const dot = v.number.indexOf('.'); // the schema says <digits>.<digits>
      const major = Number(v.number.slice(0, dot));
      const minor = Number(v.number.slice(dot + 1));
      if (!isVersionNumber(major) || !isVersionNumber(minor)) report(`${item.at}.versions[${j}].number: "${v.number}" is not <major>.<minor> with integers 0…${MAX_VERSION_NUMBER}`);
      if (states && !states.has(v.state)) report(`${item.at}.versions[${j}].state: "${v.state}" is not a state of ${d.lifecycle}`);
      if (v.fields && hasKeys(v.fields)) fields = fields === EMPTY_FIELDS ? intern.fields(v.fields) : { ...fields, ...intern.fields(v.fields) };
      if (v.file) {
        file = fileAt(v.file, () => `${item.at}.versions[${j}].file`);
        viewable = v.viewable;
      } else if (v.viewable !== undefined) viewable = v.viewable;
      const at_ = v.created ? Date.parse(v.created) : created;
      const day = dayOf(at_);
      const ms = msOfDay(at_);
      const by = v.createdBy ?? d.createdBy;
      if (!known(by)) report(`${item.at}.versions[${j}].createdBy: unknown user ${by}`);
      const state = intern.string(v.state);
      return viewable === undefined
        ? { major, minor, state, fields, file, createdDay: day, createdMs: ms, createdBy: by, modifiedDay: day, modifiedMs: ms, modifiedBy: by }
        : { major, minor, state, fields, file, viewable, createdDay: day, createdMs: ms, createdBy: by, modifiedDay: day, modifiedMs: ms, modifiedBy: by };
    });
    if (d.lock) {
      const holder = users.get(d.lock.user);
      if (!holder) report(`${item.at}.lock.user: unknown user ${d.lock.user}`);
      else if (!holder.memberships.some((m) => m.tenant.id === tenant.id)) report(`${item.at}.lock.user: user ${d.lock.user} is not a member of ${d.tenant}`);
    }
    if (doctype) {
      const names = fieldsOf(view, d.type, doctype);
      for (const name in fields) if (!names.has(name)) report(`${item.at}.versions: field "${name}" does not apply to ${d.type}`);
    }
    if (typeof fields.name__v !== 'string') report(`${item.at}.versions[0].fields.name__v: every document needs a name`);
    try {
      store.insert({
        id: d.id, doctype: intern.string(d.type), lifecycle: intern.string(d.lifecycle), documentNumber: ownNumber(d.id, d.number), createdDay: dayOf(created), createdMs: msOfDay(created), createdBy: d.createdBy,
        roles, binder: d.binder ?? false, crosslink: d.crosslink ?? false,
        attachments: d.attachments?.length ? d.attachments.flatMap((a, j) => {
          const f = fileAt(a.file, () => `${item.at}.attachments[${j}].file`);
          return f ? [{ id: a.id, file: f }] : [];
        }) : NO_ATTACHMENTS,
        versions: inOrder(versions) ? versions : versions.sort(byVersionNumber),
        ...(d.lock ? { lock: { by: d.lock.user, at: Date.parse(d.lock.date) } } : {}),
      });
    } catch (e) {
      report(`${item.at}.id: ${(e as Error).message}`);
    }
  }

  ((data.documentLists ?? []) as FixtureDocumentList[]).forEach((l, i) => {
    const tenant = tenants.byDnsName(l.tenant);
    if (!tenant) return problem(`documentLists[${i}].tenant: unknown tenant "${l.tenant}"`);
    const store = stores.get(tenant.id)!;
    // `recent` is listed most recent first.
    for (const id of [...(l.recent ?? [])].reverse()) store.addToList(l.user, 'recent', id);
    for (const list of ['favorites', 'cart'] as NamedList[]) for (const id of l[list] ?? []) store.addToList(l.user, list, id);
  });

  if (more) problems.push(`… and ${more} more problem${more === 1 ? '' : 's'}`);
  if (problems.length) throw new FixtureError(problems);
  return new TenantDocuments(stores, groups);
}

/** The object has a key of its own (without making the list of them). */
function hasKeys(o: object): boolean {
  for (const _ in o) return true;
  return false;
}

/** The versions are in order already (they mostly are: a sort of even one version allocates). */
function inOrder(versions: DocumentVersion[]): boolean {
  for (let i = 1; i < versions.length; i++) if (byVersionNumber(versions[i - 1], versions[i]) > 0) return false;
  return true;
}
