/**
 * The control plane's view of sessions: never a whole session id. Each live session is shown by a
 * handle (the first 12 hex digits of the SHA-256 of its id: stable, useless for authentication) and
 * the first 8 characters of its id (the service's X-TenantAPI-TruncatedSessionId).
 */
import { createHash } from 'node:crypto';
import { isoMillis } from '../domain/clock';
import { MAX_SESSION_LIFETIME_MS, type Session, SessionStore } from '../domain/sessions';
import type { World } from '../domain/world';

export interface SessionView {
  handle: string;
  idPrefix: string;
  user: string;
  tenant: string;
  created: string;
  lastUsed: string;
  expires: string;
}

export const handleOf = (id: string): string => createHash('sha256').update(id).digest('hex').slice(0, 12);

export function sessionView(s: Session): SessionView {
  const expires = Math.min(s.lastActive + s.tenant.sessionTimeoutMinutes * 60_000, s.created + MAX_SESSION_LIFETIME_MS);
  return {
    handle: handleOf(s.id), idPrefix: SessionStore.truncated(s.id), user: s.user.username, tenant: s.tenant.dns,
    created: isoMillis(s.created), lastUsed: isoMillis(s.lastActive), expires: isoMillis(expires),
  };
}

/** Live sessions, least recently used first. */
export const listSessions = (world: World): SessionView[] => world.sessions.live().map(sessionView);

/** Ends the live session with this handle or id; false when there is none. */
export function endSession(world: World, key: string): boolean {
  const s = world.sessions.live().find((x) => x.id === key || handleOf(x.id) === key);
  return s ? world.sessions.end(s.id) : false;
}

