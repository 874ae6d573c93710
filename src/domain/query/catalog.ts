/**
 * The catalog one caller queries: `documents` / `ALLVERSIONS documents`, `users`, `groups`,
 * `user__sys`, `group__sys`, and
 * every Object configured in the tenant. Built per request (targets are memoized within it), so
 * configuration changes and new documents show in the next query.
 */
import type { ComponentRegistry } from '../configuration';
import type { GroupDirectory } from '../documents/groups';
import type { DocumentStore } from '../documents/store';
import type { Tenant } from '../tenants';
import type { User } from '../users';
import { documentsTarget } from './documents';
import { groupsTarget, sysGroupsTarget, sysUsersTarget, usersTarget } from './directory';
import { objectTarget, type ObjectRecord } from './objects';
import type { SimCatalog, SimTarget } from './types';

/** What a tenant holds that queries read (each part optional: a world without documents still answers users). */
export interface TenantQueryData {
  documents?: DocumentStore;
  groups?: GroupDirectory;
  registry?: ComponentRegistry;
  /** Records of a configured object (e.g. `product__v`), any order. */
  objectRecords?: (object: string) => readonly ObjectRecord[];
  /** Everyone who could be a member of the tenant. */
  users: readonly User[];
}

export function queryCatalog(data: TenantQueryData, tenant: Tenant, user: User): SimCatalog {
  const memo = new Map<string, SimTarget | undefined>();
  const targetOf = (name: string): SimTarget | undefined => catalog.target(name, false);
  const build = (name: string, allVersions: boolean): SimTarget | undefined => {
    if (name === 'documents') return data.documents ? documentsTarget({ store: data.documents, user, allVersions, targetOf }) : undefined;
    if (allVersions) return undefined;
    if (name === 'users') return usersTarget(data.users, tenant);
    if (name === 'user__sys') return sysUsersTarget(data.users, tenant);
    if (name === 'group__sys') return sysGroupsTarget(data.groups?.ofTenant(tenant.id) ?? []);
    if (name === 'groups') {
      const members = new Set(usersTarget(data.users, tenant).rows() as Iterable<{ id: number }>);
      return groupsTarget(data.groups?.ofTenant(tenant.id) ?? [], new Set([...members].map((m) => m.id)));
    }
    const registry = data.registry ?? data.documents?.metadata.registry;
    return registry ? objectTarget(registry, name, (o) => data.objectRecords?.(o) ?? [], targetOf) : undefined;
  };
  const catalog: SimCatalog = {
    target(name, allVersions) {
      const key = `${allVersions ? '+' : ''}${name}`;
      if (!memo.has(key)) memo.set(key, build(name, allVersions));
      return memo.get(key);
    },
  };
  return catalog;
}
