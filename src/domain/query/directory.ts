/**
 * Query targets from the directories: `users` (members of the tenant, answered on one page) and
 * `groups` (the tenant's groups, as role assignments use them), and the same people and groups as
 * the objects `user__sys` and `group__sys` with the object field names (gaps.md §12: the real
 * service's clients query these at start-up), paged like any object.
 */
import type { Tenant } from '../tenants';
import type { User } from '../users';
import type { Group } from '../documents/groups';
import { tableTarget, type TableField } from './table';
import type { SimTarget } from './types';

export interface UserRow {
  id: number;
  name__v: string;
  user_name__v: string;
  user_first_name__v: string;
  user_last_name__v: string;
  user_email__v: string;
  status__v: 'active__v' | 'inactive__v';
  active__v: boolean;
  domain_active__v: boolean;
  security_profile__v: 'system_admin__v' | 'document_user__v';
  created_date__v: string;
  domain_admin__v: boolean;
  /** The user's id at the identity provider; null when none (gaps.md §12). */
  federated_id__v: string | null;
}

const s = (name: string, label: string, max = 255): TableField => ({ name, type: 'string', describe: { label, type: 'String', max_length: max } });

export const USER_FIELDS: TableField[] = [
  { name: 'id', type: 'id', describe: { label: 'ID', type: 'id', required: true, unique: true } },
  s('name__v', 'Name', 128),
  { ...s('user_name__v', 'User Name'), describe: { label: 'User Name', type: 'String', max_length: 255, required: true, unique: true } },
  s('user_first_name__v', 'First Name', 100),
  s('user_last_name__v', 'Last Name', 100),
  s('user_email__v', 'Email'),
  { name: 'status__v', type: 'picklist', names: {}, describe: { label: 'Status', type: 'Picklist', picklist: 'default_status__v' } },
  { name: 'active__v', type: 'boolean', describe: { label: 'Active', type: 'Boolean' } },
  { name: 'domain_active__v', type: 'boolean', describe: { label: 'Domain Active', type: 'Boolean' } },
  { name: 'security_profile__v', type: 'picklist', describe: { label: 'Security Profile', type: 'ObjectReference' } },
  { name: 'created_date__v', type: 'datetime', describe: { label: 'Created Date', type: 'DateTime' } },
  { name: 'domain_admin__v', type: 'boolean', describe: { label: 'Domain Admin', type: 'Boolean' } },
  s('federated_id__v', 'Federated ID'),
];

export function userRow(user: User, tenant: Tenant): UserRow | undefined {
  const m = user.memberships.find((x) => x.tenant.id === tenant.id);
  if (!m) return undefined;
  const space = user.name.lastIndexOf(' ');
  const active = m.active && user.status !== 'inactive';
  return {
    id: user.id,
    name__v: user.name,
    user_name__v: user.username,
    user_first_name__v: space < 0 ? user.name : user.name.slice(0, space),
    user_last_name__v: space < 0 ? '' : user.name.slice(space + 1),
    user_email__v: user.username,
    status__v: active ? 'active__v' : 'inactive__v',
    active__v: active,
    domain_active__v: user.status !== 'inactive',
    security_profile__v: m.admin || user.domainAdmin.has(tenant.domain.name) ? 'system_admin__v' : 'document_user__v',
    created_date__v: new Date(m.since).toISOString(),
    domain_admin__v: user.domainAdmin.has(tenant.domain.name),
    federated_id__v: user.federatedId ?? null,
  };
}

export function usersTarget(users: readonly User[], tenant: Tenant): SimTarget {
  const rows = users.map((u) => userRow(u, tenant)).filter((r): r is UserRow => r !== undefined);
  return tableTarget('users', { describe: { name: 'users', label: 'User', label_plural: 'Users' }, fields: USER_FIELDS, rows, onePage: true });
}

export interface GroupRow {
  id: number;
  name__v: string;
  label__v: string;
  active__v: boolean;
  members__v: number[];
}

export const GROUP_FIELDS: TableField[] = [
  { name: 'id', type: 'id', describe: { label: 'ID', type: 'id', required: true, unique: true } },
  { ...s('name__v', 'Name', 128), describe: { label: 'Name', type: 'String', max_length: 128, required: true, unique: true } },
  s('label__v', 'Label', 128),
  { name: 'active__v', type: 'boolean', describe: { label: 'Active', type: 'Boolean' } },
  { name: 'members__v', type: 'reference', multiValue: true, describe: { label: 'Members', type: 'ObjectReference' } },
];

export function groupsTarget(groups: readonly Group[], visibleUsers: ReadonlySet<number>): SimTarget {
  const rows: GroupRow[] = groups.map((g) => ({ id: g.id, name__v: g.name, label__v: g.label, active__v: true, members__v: g.members.filter((u) => visibleUsers.has(u)) }));
  return tableTarget('groups', {
    describe: { name: 'groups', label: 'Group', label_plural: 'Groups' },
    fields: GROUP_FIELDS,
    rows,
  });
}

// ---- user__sys and group__sys ------------------------------------------------------------------

/** A `user__sys` record: a member of the tenant with the object's field names. */
export interface SysUserRow {
  id: number;
  name__v: string;
  username__sys: string;
  email__sys: string;
  first_name__sys: string;
  last_name__sys: string;
  status__v: ['active__v'] | ['inactive__v'];
  federated_id__v: string | null;
  security_profile__sys: string;
  is_domain_admin__sys: boolean;
  created_date__v: string;
}

export const SYS_USER_FIELDS: TableField[] = [
  { name: 'id', type: 'id', describe: { label: 'ID', type: 'id', required: true, unique: true } },
  s('name__v', 'Name', 128),
  { ...s('username__sys', 'User Name'), describe: { label: 'User Name', type: 'String', max_length: 255, required: true, unique: true } },
  s('email__sys', 'Email'),
  s('first_name__sys', 'First Name', 100),
  s('last_name__sys', 'Last Name', 100),
  { name: 'status__v', type: 'picklist', multiValue: true, describe: { label: 'Status', type: 'Picklist', picklist: 'default_status__v' } },
  s('federated_id__v', 'Federated ID', 100),
  { name: 'security_profile__sys', type: 'reference', describe: { label: 'Security Profile', type: 'ObjectReference' } },
  { name: 'is_domain_admin__sys', type: 'boolean', describe: { label: 'Domain Admin', type: 'Boolean' } },
  { name: 'created_date__v', type: 'datetime', describe: { label: 'Created Date', type: 'DateTime' } },
];

/** Object picklists answer arrays of entry names (status__v of an object record is `["active__v"]`). */
export function sysUserRow(user: User, tenant: Tenant): SysUserRow | undefined {
  const r = userRow(user, tenant);
  if (!r) return undefined;
  return {
    id: r.id, name__v: r.name__v, username__sys: r.user_name__v, email__sys: r.user_email__v,
    first_name__sys: r.user_first_name__v, last_name__sys: r.user_last_name__v, status__v: [r.status__v] as SysUserRow['status__v'],
    federated_id__v: r.federated_id__v, security_profile__sys: r.security_profile__v, is_domain_admin__sys: r.domain_admin__v,
    created_date__v: r.created_date__v,
  };
}

export function sysUsersTarget(users: readonly User[], tenant: Tenant): SimTarget {
  const rows = users.map((u) => sysUserRow(u, tenant)).filter((r): r is SysUserRow => r !== undefined);
  return tableTarget('user__sys', { describe: { name: 'user__sys', label: 'User', label_plural: 'Users' }, fields: SYS_USER_FIELDS, rows });
}

export const SYS_GROUP_FIELDS: TableField[] = [
  { name: 'id', type: 'id', describe: { label: 'ID', type: 'id', required: true, unique: true } },
  { ...s('name__v', 'Name', 128), describe: { label: 'Name', type: 'String', max_length: 128, required: true, unique: true } },
  s('label__v', 'Label', 128),
  { name: 'status__v', type: 'picklist', multiValue: true, describe: { label: 'Status', type: 'Picklist', picklist: 'default_status__v' } },
  { name: 'type__sys', type: 'picklist', describe: { label: 'Type', type: 'Picklist', picklist: 'group_type__sys' } },
];

/** `group__sys`: the tenant's groups (user-managed: role assignments name them). */
export function sysGroupsTarget(groups: readonly Group[]): SimTarget {
  const rows = groups.map((g) => ({ id: g.id, name__v: g.name, label__v: g.label, status__v: ['active__v'], type__sys: 'user_managed__sys' }));
  return tableTarget('group__sys', { describe: { name: 'group__sys', label: 'Group', label_plural: 'Groups' }, fields: SYS_GROUP_FIELDS, rows });
}
