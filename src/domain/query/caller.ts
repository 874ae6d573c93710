/**
 * Who runs a query, and over what: the tenant's documents, groups, configuration, object records
 * and users, as one simulator's world holds them (the query handler and in-process callers alike).
 */
import type { Tenant } from '../tenants';
import type { User } from '../users';
import type { World } from '../world';
import type { TenantQueryData } from './catalog';

export interface Caller {
  data: TenantQueryData;
  tenant: Tenant;
  user: User;
}

/** The caller `user` in `tenant` of `world`. */
export function callerIn(world: Pick<World, 'documents' | 'configuration' | 'queries' | 'users'>, tenant: Tenant, user: User): Caller {
  return {
    tenant,
    user,
    data: {
      documents: world.documents.stores.get(tenant.id),
      groups: world.documents.groups,
      registry: world.configuration.get(tenant.id),
      objectRecords: (object) => world.queries.records?.of(tenant.id, object) ?? [],
      users: world.users.all(),
    },
  };
}
