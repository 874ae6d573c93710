/**
 * Endpoint 2: a session from an OAuth 2.0 / OIDC token (Authentication rule 7). The token is
 * validated by the profile's authorization server through introspection (with client_id when
 * given): in-process for the built-in server, over HTTP only for a host the fixtures allow.
 */
import { authError } from '../errors';
import type { Session } from '../sessions';
import type { World } from '../world';
import type { Introspection } from './authorization-server';
import { type AuthAddressBook, asMetadata } from './discovery';
import { fetchAllowedJson } from './outbound';
import { selectTenant } from './tenant-selection';

export interface OAuthLoginRequest {
  profileId: string;
  token: string;
  clientId?: string;
  dns?: string;
  addresses: AuthAddressBook;
}

export async function oauthLogin(world: World, req: OAuthLoginRequest): Promise<Session> {
  const profile = (world.fixtures.data.authProfiles ?? []).find((p) => p.id === req.profileId);
  if (!profile) throw authError('unknownProfile', req.profileId);
  let info: Introspection;
  if (profile.provider === 'builtin') info = await world.authServer.introspect(req.token, req.clientId);
  else {
    const endpoint = asMetadata(profile, req.addresses).introspection_endpoint as string;
    const answer = await fetchAllowedJson(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: req.token, ...(req.clientId ? { client_id: req.clientId } : {}) }),
    }, world.fixtures.data.service.allowedHosts ?? []);
    info = (answer as Introspection | undefined) ?? { active: false };
  }
  const user = info.active && info.username ? world.users.byUsername(info.username) : undefined;
  if (!user || !user.authProfiles?.includes(profile.id)) throw authError('invalidToken', profile.id);
  if (user.status !== 'active') throw authError('inactiveUser');
  const tenant = selectTenant(user, req.dns, (d) => world.tenants.byDnsName(d));
  if (!tenant) throw authError('noActiveTenant', user.username);
  const session = world.sessions.create(user, tenant, 'oauth');
  user.lastLoginTenant = tenant.id;
  return session;
}
