/** Users, their memberships and credentials. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FixtureUser } from '../../fixtures/types';
import { type Tenant, type TenantDirectory, isActive } from '../tenants';

export type UserStatus = 'active' | 'inactive' | 'locked' | 'password_change_required';

export interface Membership {
  tenant: Tenant;
  since: number;
  admin: boolean;
  active: boolean;
}

export interface User {
  id: number;
  username: string;
  name: string;
  status: UserStatus;
  /** SHA-256 of the password; absent for SSO-only users. */
  passwordHash?: Buffer;
  ssoPasswordHash?: Buffer;
  domainAdmin: Set<string>;
  /** Present for SSO users (empty: policy tied to a SAML profile). */
  authProfiles?: string[];
  delegation?: { organizationId: string; platformUsername: string; platformPasswordHash?: Buffer };
  memberships: Membership[];
  /** Tenant id of the last successful login. */
  lastLoginTenant?: number;
  /** The user's id at the identity provider (`federated_id__v`); absent: null in records. */
  federatedId?: string;
}

const hash = (s: string) => createHash('sha256').update(s, 'utf8').digest();
/** A hash nobody's password has: checked against for unknown users, so timing does not tell. */
const NOBODY = hash('\u0000no user\u0000');

export function passwordMatches(stored: Buffer | undefined, given: string): boolean {
  return timingSafeEqual(stored ?? NOBODY, hash(given)) && stored !== undefined;
}

export class UserDirectory {
  private readonly byId = new Map<number, User>();
  private readonly byName = new Map<string, User>();

  constructor(fixture: FixtureUser[], tenants: TenantDirectory) {
    for (const u of fixture) {
      const user: User = {
        id: u.id, username: u.username, name: u.name, status: u.status ?? 'active',
        passwordHash: u.password !== undefined ? hash(u.password) : undefined,
        ssoPasswordHash: u.ssoPassword !== undefined ? hash(u.ssoPassword) : undefined,
        domainAdmin: new Set(u.domainAdmin ?? []),
        authProfiles: u.authProfiles,
        delegation: u.delegation && {
          organizationId: u.delegation.organizationId,
          platformUsername: u.delegation.platformUsername ?? u.username,
          platformPasswordHash: u.delegation.platformPassword !== undefined ? hash(u.delegation.platformPassword) : undefined,
        },
        memberships: u.memberships.map((m) => ({
          tenant: tenants.byDnsName(m.tenant)!, since: Date.parse(m.since), admin: m.admin ?? false, active: m.active ?? true,
        })),
        lastLoginTenant: u.lastLogin ? tenants.byDnsName(u.lastLogin)?.id : undefined,
        ...(u.federatedId !== undefined ? { federatedId: u.federatedId } : {}),
      };
      this.byId.set(user.id, user);
      this.byName.set(user.username.toLowerCase(), user);
    }
  }

  get(id: number): User | undefined {
    return this.byId.get(id);
  }

  /** User names are matched case-insensitively, as e-mail addresses are. */
  byUsername(name: string): User | undefined {
    return this.byName.get(name.trim().toLowerCase());
  }

  all(): User[] {
    return [...this.byId.values()];
  }
}

export function membershipOf(user: User, tenantId: number): Membership | undefined {
  return user.memberships.find((m) => m.tenant.id === tenantId && m.active);
}

/** Tenants the user can access: active memberships of active tenants. */
export function accessibleTenants(user: User): Tenant[] {
  return user.memberships.filter((m) => m.active && isActive(m.tenant)).map((m) => m.tenant);
}

export function isTenantAdmin(user: User, tenant: Tenant): boolean {
  return user.domainAdmin.has(tenant.domain.name) || membershipOf(user, tenant.id)?.admin === true;
}

export function isDomainAdmin(user: User, tenant: Tenant): boolean {
  return user.domainAdmin.has(tenant.domain.name);
}
