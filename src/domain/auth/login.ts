/**
 * Endpoint 1: a session from a user name and password. Unknown user and wrong password get the
 * same answer (no user enumeration); the user's state is only revealed after a correct password.
 * Throttled per user name + domain name (gaps.md §4): the caller applies the returned delay.
 */
import { type ApiError, authError } from '../errors';
import type { Session } from '../sessions';
import type { Tenant } from '../tenants';
import { passwordMatches } from '../users';
import type { World } from '../world';
import { type BurstDecision } from '../throttling';
import { selectTenant } from './tenant-selection';

export interface LoginRequest {
  username: string;
  password?: string;
  /** The body's tenantDNS, else the request host's DNS. */
  dns?: string;
}

/**
 * Counts one login attempt; the auth burst is counted per user name and the domain of the
 * addressed tenant (not of the user: that would leak). A refused attempt is returned, not thrown,
 * so that the caller can still report the burst figures in the headers; `refusal` is its error.
 */
function authBurst(world: World, username: string, dns: string | undefined): BurstDecision {
  const domain = (dns && world.tenants.byDnsName(dns)?.domain.name) ?? '*';
  return world.throttle.authCall(username, domain, world.settings.authBurstLimit);
}

/** The FAILURE of an attempt over the auth burst (API_LIMIT_EXCEEDED until the window ends). */
function refusal(decision: BurstDecision): ApiError {
  return authError('authBurstExceeded', Math.ceil(decision.resetInMs / 1000));
}

/**
 * Endpoint 1 as the service runs it: a login without a password consumes no attempt (gaps.md §1);
 * otherwise the attempt is counted against the auth burst (`report` learns the figures, for the
 * response headers, before anything can fail), refused once the burst is spent, delayed from half
 * of it, and then checked.
 */
export async function login(world: World, req: LoginRequest, report: (burst: BurstDecision) => void): Promise<Session> {
  if (!req.password) throw authError('noPassword');
  const burst = authBurst(world, req.username, req.dns);
  report(burst);
  if (burst.refused) throw refusal(burst);
  if (burst.delayMs > 0) await world.clock.sleep(burst.delayMs);
  return passwordLogin(world, req);
}

export function passwordLogin(world: World, req: LoginRequest): Session {
  if (!req.password) throw authError('noPassword');
  const user = world.users.byUsername(req.username);
  if (!passwordMatches(user?.passwordHash, req.password) || !user) throw authError('badCredentials', req.username);
  if (user.status === 'inactive') throw authError('inactiveUser');
  if (user.status === 'locked') throw authError('userLockedOut');
  if (user.status === 'password_change_required') throw authError('passwordChangeRequired');
  const tenant: Tenant | undefined = selectTenant(user, req.dns, (d) => world.tenants.byDnsName(d));
  if (!tenant) throw authError('noActiveTenant', user.username);
  const session = world.sessions.create(user, tenant, 'password');
  user.lastLoginTenant = tenant.id;
  return session;
}

