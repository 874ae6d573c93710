/**
 * The built-in stand-in of the external CRM platform (Authentication rule 8): it issues platform
 * session tokens to delegation-enabled users and answers the token check, in-process, so
 * delegated requests work out of the box without any outbound call.
 */
import { randomBytes } from 'node:crypto';
import { BoundedStore } from '../bounded-store';
import type { Clock } from '../clock';
import { type User, type UserDirectory, passwordMatches } from '../users';

/** The path the stand-in is served under (its address is `<public>/crm`). */
export const PLATFORM_PATH = '/crm';
export const PLATFORM_TOKEN_TTL_MS = 2 * 3600_000;
/** Live platform tokens kept (chosen, issue 18): expired ones are dropped, and past the cap the oldest. */
export const MAX_PLATFORM_TOKENS = 10_000;

export interface PlatformIdentity {
  organization_id: string;
  preferred_username: string;
  user_id: string;
}

export class PlatformStandIn {
  /**
   * Issued tokens with the platform's own record of who they belong to, taken at login: the
   * platform does not read dms-sim's users again (disabling a user's delegation in dms-sim does
   * not change what the platform says about its token; dms-sim refuses it instead).
   */
  private readonly tokens: BoundedStore<string, PlatformIdentity>;

  constructor(private readonly users: UserDirectory, private readonly clock: Clock, maxTokens = MAX_PLATFORM_TOKENS) {
    this.tokens = new BoundedStore(clock, maxTokens);
  }

  /** Tokens held (at most the cap; expired ones go as new ones come). */
  get size(): number {
    return this.tokens.size;
  }

  /** A platform token for a delegation-enabled user with the right platform password. */
  login(username: string, password: string): { token: string; expiresIn: number } | undefined {
    const user = this.users.all().find((u) => u.delegation?.platformUsername.toLowerCase() === username.trim().toLowerCase());
    if (!passwordMatches(user?.delegation?.platformPasswordHash, password) || !user) return undefined;
    const d = user.delegation!;
    const token = `${d.organizationId}!${randomBytes(24).toString('base64url')}`;
    const identity = { organization_id: d.organizationId, preferred_username: d.platformUsername, user_id: `005${String(user.id).padStart(15, '0')}` };
    this.tokens.set(token, identity, this.clock.now() + PLATFORM_TOKEN_TTL_MS);
    return { token, expiresIn: PLATFORM_TOKEN_TTL_MS / 1000 };
  }

  /** The token check: who the token belongs to, or undefined. */
  identify(token: string): PlatformIdentity | undefined {
    const identity = this.tokens.get(token);
    return identity && { ...identity };
  }
}
