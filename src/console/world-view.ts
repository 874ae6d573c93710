/**
 * The web console's read-only view of the loaded world (issue 17): domains, tenants and their
 * addresses, users with their memberships, roles and groups, each persona's password hint, and
 * the component types the Configuration page lists. Served at `GET /_sim/console/api/world`
 * (serve.ts) behind the control plane's guard: the console calls it and nothing else outside the
 * service API and the control plane's `/_sim/` API.
 *
 * (chosen) The password hint is the fixture's password itself: the personas' passwords are
 * public fixture data (the README and the start-up banner print them), and "sign in as" needs it
 * to call endpoint 1 from the browser exactly as a client would.
 */
import { componentTypeNames } from '../domain/configuration/componentTypes';
import type { World } from '../domain/world';
import type { FixtureUser } from '../fixtures/types';

export interface TenantView {
  id: number;
  dns: string;
  name: string;
  status: string;
  application: string | null;
  family: string;
  domain: string;
  sessionTimeoutMinutes: number;
  /** By path prefix (always works) and by Host (needs the DNS name to resolve to the simulator). */
  addresses: { path: string; host: string };
}

export interface UserView {
  id: number;
  username: string;
  name: string;
  status: string;
  /** How the persona signs in: endpoint 1 with a password, SSO (OAuth 2.0 / OIDC), or a SAML-only policy. */
  signIn: 'password' | 'oauth' | 'saml';
  /** The password for endpoint 1 (or at the built-in authorization server for `oauth`), when the fixtures give one. */
  password: string | null;
  hint: string;
  domainAdmin: string[];
  memberships: { tenant: string; since: string; role: 'Tenant administrator' | 'User'; active: boolean; groups: string[] }[];
  lastLogin: string | null;
}

export interface WorldView {
  fixtures: string;
  versions: string[];
  latestVersion: string;
  domains: { name: string; type: string; tenants: TenantView[] }[];
  users: UserView[];
  componentTypes: string[];
}

interface FixtureGroup {
  id: number;
  tenant: string;
  name: string;
  label?: string;
  members?: number[];
}

function signInOf(u: FixtureUser): Pick<UserView, 'signIn' | 'password' | 'hint'> {
  if (u.password !== undefined) {
    const after: Record<string, string> = {
      inactive: ' (the account is inactive: INACTIVE_USER)',
      locked: ' (the account is locked: USER_LOCKED_OUT)',
      password_change_required: ' (PASSWORD_CHANGE_REQUIRED after it)',
    };
    return { signIn: 'password', password: u.password, hint: `${u.password}${after[u.status ?? 'active'] ?? ''}` };
  }
  if (u.authProfiles && u.authProfiles.length > 0) {
    return {
      signIn: 'oauth', password: u.ssoPassword ?? null,
      hint: `SSO (${u.authProfiles.join(', ')}): /oauth2/authorize with login_hint${u.ssoPassword ? `, or grant_type=password with ${u.ssoPassword}` : ''}`,
    };
  }
  return { signIn: 'saml', password: null, hint: 'SAML policy: no password sign-in' };
}

/** The view of `world`; `origin` is the base of the addresses (the console's own origin). */
export function worldView(world: World, origin: string): WorldView {
  const data = world.fixtures.data;
  const groups = (Array.isArray(data.groups) ? data.groups : []) as FixtureGroup[];
  const port = new URL(origin).port;
  const domains = data.domains.map((d) => ({
    name: d.name,
    type: d.type,
    tenants: d.tenants.map((t): TenantView => {
      const live = world.tenants.byDnsName(t.dns);
      return {
        id: t.id, dns: t.dns, name: t.name, status: t.status, application: t.application ?? null, family: t.family.label, domain: d.name,
        sessionTimeoutMinutes: live?.sessionTimeoutMinutes ?? t.sessionTimeoutMinutes ?? 0,
        addresses: { path: `${origin}/tenants/${t.dns}/api`, host: `http://${t.dns}${port ? `:${port}` : ''}/api` },
      };
    }),
  }));
  const users = data.users.map((u): UserView => ({
    id: u.id, username: u.username, name: u.name, status: u.status ?? 'active', ...signInOf(u),
    domainAdmin: u.domainAdmin ?? [],
    memberships: u.memberships.map((m) => ({
      tenant: m.tenant, since: m.since, role: m.admin ? 'Tenant administrator' : 'User', active: m.active !== false,
      groups: groups.filter((g) => g.tenant === m.tenant && g.members?.includes(u.id)).map((g) => g.label ?? g.name),
    })),
    lastLogin: u.lastLogin ?? null,
  }));
  const versions = [...world.versions];
  return { fixtures: world.fixtures.dir, versions, latestVersion: versions[versions.length - 1] ?? '', domains, users, componentTypes: componentTypeNames() };
}
