/**
 * Query targets from the directories: `users` (members of the tenant, answered on one page) and
 * `groups` (the tenant's groups, as role assignments use them).
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
