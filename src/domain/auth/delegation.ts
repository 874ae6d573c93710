/**
 * Delegated requests (Authentication rule 8): the CRM platform's session token instead of a
 * session id, with the platform address and provider in headers or query parameters. The
 * platform address must be trusted by the tenant (fixtures); the simulator never calls an
 * address the fixtures did not list, and answers the built-in stand-in's check in-process.
 */
import { apiError } from '../errors';
import type { Tenant } from '../tenants';
import { type User, membershipOf } from '../users';
import type { World } from '../world';
import { fetchAllowedJson, outboundCalls } from './outbound';
import { type PlatformIdentity, PLATFORM_PATH } from './platform';

export interface Delegation {
  token?: string;
  extUrl?: string;
  extNs?: string;
}

export interface AddressBook {
  auth(path: string): string;
}

/** The delegated credentials of a request, if it is one (query parameters win over headers). */
export function delegationOf(query: Record<string, unknown>, headers: Record<string, string>): Delegation | undefined {
  if (query.auth !== undefined || query.ext_url !== undefined) {
    return { token: query.auth as string | undefined, extUrl: query.ext_url as string | undefined, extNs: query.ext_ns as string | undefined };
  }
  if (headers['x-auth-host'] !== undefined || headers['x-auth-provider'] !== undefined) {
    return { token: headers.authorization?.replace(/^Bearer\s+/i, '').trim(), extUrl: headers['x-auth-host'], extNs: headers['x-auth-provider'] };
  }
  return undefined;
}

const trimSlash = (s: string) => s.replace(/\/+$/, '');

/** The trusted-platform entry of `tenant` for `extUrl`, if the tenant trusts it. */
function trusted(tenant: Tenant, extUrl: string, book: AddressBook) {
  const wanted = trimSlash(extUrl);
  return tenant.trustedPlatforms.find((p) => trimSlash(p.url === 'builtin' ? book.auth(PLATFORM_PATH) : p.url) === wanted);
}

/** Outbound token check (only ever to an allowed host); `calls` lets tests see that none went out. */
export const outbound = {
  get calls() {
    return outboundCalls.count;
  },
  identify(extUrl: string, token: string, allowedHosts: readonly string[]): Promise<PlatformIdentity | undefined> {
    return fetchAllowedJson(`${trimSlash(extUrl)}/services/oauth2/userinfo`, { headers: { Authorization: `Bearer ${token}` } }, allowedHosts) as Promise<PlatformIdentity | undefined>;
  },
};

export async function authenticateDelegated(world: World, d: Delegation, hinted: Tenant | undefined, book: AddressBook): Promise<{ user: User; tenant: Tenant }> {
  if (!d.token) throw apiError('parameterRequired', 'auth');
  if (!d.extUrl) throw apiError('parameterRequired', 'ext_url');
  if (!d.extNs) throw apiError('parameterRequired', 'ext_ns');
  if (d.extNs !== 'sfdc') throw apiError('invalidValue', d.extNs, 'ext_ns');
  const candidates = hinted ? [hinted] : world.tenants.all();
  const tenantsTrusting = candidates.filter((t) => trusted(t, d.extUrl!, book));
  // Untrusted address: refused before any call goes out.
  if (tenantsTrusting.length === 0) throw apiError('invalidSession');
  const builtin = trimSlash(d.extUrl) === trimSlash(book.auth(PLATFORM_PATH));
  let identity: PlatformIdentity | undefined;
  if (builtin) identity = world.platform.identify(d.token);
  else identity = await outbound.identify(d.extUrl, d.token, world.fixtures.data.service.allowedHosts ?? []);
  if (!identity) throw apiError('invalidSession');
  // The platform names its own user; the dms-sim user is the one enabled for delegation under
  // that platform user name (by default the same name) in that organization.
  const platformName = identity.preferred_username.trim().toLowerCase();
  const user = world.users.all().find(
    (u) => u.delegation?.platformUsername.toLowerCase() === platformName && u.delegation.organizationId === identity!.organization_id,
  );
  if (!user || user.status !== 'active') throw apiError('invalidSession');
  const tenant = tenantsTrusting.find(
    (t) => t.status === 'Active' && trusted(t, d.extUrl!, book)!.organizationId === identity!.organization_id && membershipOf(user, t.id),
  );
  if (!tenant) throw apiError('invalidSession');
  return { user, tenant };
}
