/**
 * Builds each tenant's configuration registry and document store from a fixture set
 * (keys `configuration`, `groups`, `documents`, `documentLists`; see fixtures/schema/*.json).
 * A document naming an unknown type, lifecycle, state, user or file, or a file path leading out of the
 * fixture folder (`../`, absolute, outward symbolic link), stops start-up naming the fixture file and path.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { FixtureError } from '../../fixtures/load';
import type { FixtureSet } from '../../fixtures/types';
import type { Clock } from '../clock';
import type { ComponentRegistry } from '../configuration';
import type { TenantDirectory } from '../tenants';
import type { UserDirectory } from '../users';
import { documentNumberOf } from './create';
import { type StoredFile, storedFile } from './files';
import { type Group, GroupDirectory } from './groups';
import { DocumentMetadata } from './metadata';
import { type DocumentVersion, type RoleMembers, type StoredDocument, MAX_VERSION_NUMBER, isVersionNumber } from './model';
import type { NamedList } from './named-lists';
import { DocumentStore } from './store';
import { ROLES, type RoleName } from './standard-fields';

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
  const problems: string[] = [];
  const problem = (p: string): void => {
    const key = /^[A-Za-z]+/.exec(p)?.[0] ?? '';
    problems.push(Object.hasOwn(fixtures.sourceOf, key) ? `${fixtures.sourceOf[key]}: ${p}` : p);
  };
  const groups = new GroupDirectory(((data.groups ?? []) as FixtureGroup[]).map((g): Group => ({
    id: g.id, name: g.name, label: g.label, tenantId: tenants.byDnsName(g.tenant)?.id ?? -1, members: g.members,
  })));

  const stores = new Map<number, DocumentStore>();
  for (const tenant of tenants.domains.flatMap((d) => d.tenants)) {
    const registry = configurations.get(tenant.id);
    if (!registry) continue;
    const store = new DocumentStore(tenant, new DocumentMetadata(registry), groups, clock);
    registry.addUseCheck((type, name) => store.usesOf(type, name));
    stores.set(tenant.id, store);
  }

  // A file path must stay inside the fixture folder: no `../` out of it, no absolute path elsewhere, no outward symbolic link.
  // Overlays: a file is looked up in the last layer that has it (each layer is a fixture folder).
  const roots = [...(fixtures.layers ?? [fixtures.dir])].reverse().map((d) => resolve(d));
  const inside = (base: string, path: string) => path.startsWith(base + sep);
  const files = new Map<string, StoredFile>();
  const fileAt = (path: string, where: string): StoredFile | undefined => {
    if (!files.has(path)) {
      const root = roots.find((r) => existsSync(resolve(r, path))) ?? roots[0];
      const full = resolve(root, path);
      if (!inside(root, full)) {
        problem(`${where}: file "${path}" is outside the fixture folder ${fixtures.dir}`);
        return undefined;
      }
      try {
        if (!inside(realpathSync(root), realpathSync(full))) {
          problem(`${where}: file "${path}" links outside the fixture folder ${fixtures.dir}`);
          return undefined;
        }
        files.set(path, storedFile(path.split('/').pop()!, new Uint8Array(readFileSync(full))));
      } catch {
        problem(`${where}: file "${path}" not found in ${fixtures.dir}`);
        return undefined;
      }
    }
    return files.get(path);
  };

  ((data.documents ?? []) as FixtureDocument[]).forEach((d, i) => {
    const where = `documents[${i}]`;
    const tenant = tenants.byDnsName(d.tenant);
    if (!tenant) return problem(`${where}.tenant: unknown tenant "${d.tenant}"`);
    const store = stores.get(tenant.id);
    if (!store) return problem(`${where}.tenant: "${d.tenant}" has no configuration registry`);
    const view = store.view();
    if (!view.doctype(d.type)) problem(`${where}.type: "${d.type}" is not a Doctype of ${d.tenant}`);
    const lifecycle = view.lifecycles.get(d.lifecycle);
    if (!lifecycle) problem(`${where}.lifecycle: "${d.lifecycle}" is not a Doclifecycle of ${d.tenant}`);
    const userOk = (id: number, path: string) => {
      if (!users.get(id)) problem(`${where}.${path}: unknown user ${id}`);
    };
    userOk(d.createdBy, 'createdBy');
    const roles: StoredDocument['roles'] = {};
    for (const [role, m] of Object.entries(d.roles ?? {}) as [RoleName, Partial<RoleMembers>][]) {
      if (!ROLES.includes(role)) {
        problem(`${where}.roles.${role}: unknown role`);
        continue;
      }
      (m.users ?? []).forEach((u, j) => userOk(u, `roles.${role}.users[${j}]`));
      (m.groups ?? []).forEach((g, j) => {
        if (groups.get(g)?.tenantId !== tenant.id) problem(`${where}.roles.${role}.groups[${j}]: unknown group ${g} in ${d.tenant}`);
      });
      roles[role] = { users: m.users ?? [], groups: m.groups ?? [] };
    }
    const created = Date.parse(d.created);
    let fields: Record<string, unknown> = {};
    let file: StoredFile | undefined;
    let viewable: boolean | undefined;
    const versions: DocumentVersion[] = d.versions.map((v, j) => {
      const [major, minor] = v.number.split('.').map(Number);
      if (!isVersionNumber(major) || !isVersionNumber(minor)) problem(`${where}.versions[${j}].number: "${v.number}" is not <major>.<minor> with integers 0…${MAX_VERSION_NUMBER}`);
      if (lifecycle && !lifecycle.states.some((s) => s.name === v.state)) problem(`${where}.versions[${j}].state: "${v.state}" is not a state of ${d.lifecycle}`);
      fields = { ...fields, ...(v.fields ?? {}) };
      if (v.file) {
        file = fileAt(v.file, `${where}.versions[${j}].file`);
        viewable = v.viewable;
      } else if (v.viewable !== undefined) viewable = v.viewable;
      const at = v.created ? Date.parse(v.created) : created;
      const by = v.createdBy ?? d.createdBy;
      userOk(by, `versions[${j}].createdBy`);
      return { major, minor, state: v.state, fields, file, ...(viewable !== undefined ? { viewable } : {}), created: at, createdBy: by, modified: at, modifiedBy: by };
    });
    if (d.lock) {
      const holder = users.get(d.lock.user);
      if (!holder) problem(`${where}.lock.user: unknown user ${d.lock.user}`);
      else if (!holder.memberships.some((m) => m.tenant.id === tenant.id)) problem(`${where}.lock.user: user ${d.lock.user} is not a member of ${d.tenant}`);
    }
    const applicable = new Set(view.fieldsFor(d.type).map((f) => f.name));
    for (const name of Object.keys(fields)) if (view.doctype(d.type) && !applicable.has(name)) problem(`${where}.versions: field "${name}" does not apply to ${d.type}`);
    if (typeof fields.name__v !== 'string') problem(`${where}.versions[0].fields.name__v: every document needs a name`);
    try {
      store.insert({
        id: d.id, doctype: d.type, lifecycle: d.lifecycle, documentNumber: d.number ?? documentNumberOf(d.id), created, createdBy: d.createdBy,
        roles, binder: d.binder ?? false, crosslink: d.crosslink ?? false,
        attachments: (d.attachments ?? []).flatMap((a, j) => {
          const f = fileAt(a.file, `${where}.attachments[${j}].file`);
          return f ? [{ id: a.id, file: f }] : [];
        }),
        versions: versions.sort((a, b) => a.major - b.major || a.minor - b.minor),
        ...(d.lock ? { lock: { by: d.lock.user, at: Date.parse(d.lock.date) } } : {}),
      });
    } catch (e) {
      problem(`${where}.id: ${(e as Error).message}`);
    }
  });

  ((data.documentLists ?? []) as FixtureDocumentList[]).forEach((l, i) => {
    const tenant = tenants.byDnsName(l.tenant);
    if (!tenant) return problem(`documentLists[${i}].tenant: unknown tenant "${l.tenant}"`);
    const store = stores.get(tenant.id)!;
    // `recent` is listed most recent first.
    for (const id of [...(l.recent ?? [])].reverse()) store.addToList(l.user, 'recent', id);
    for (const list of ['favorites', 'cart'] as NamedList[]) for (const id of l[list] ?? []) store.addToList(l.user, list, id);
  });

  if (problems.length) throw new FixtureError(problems);
  return new TenantDocuments(stores, groups);
}
