/**
 * Sessions (gaps.md §3): unguessable ids, bound to one user and one tenant, ending after the
 * tenant's inactivity timeout (from the end of the last request) or 48 hours, whichever is first.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import { type Tenant, isActive } from '../tenants';
import type { User } from '../users';
import { UseOrderMap } from '../use-order-map';

export const MAX_SESSION_LIFETIME_MS = 48 * 3600_000;
/**
 * (chosen) Live sessions one simulator holds; beyond them the least recently used one ends, as if
 * it had expired. With throttling on, the login burst limit never lets a client get near it; with
 * `--no-throttle`, a load test that logs in on every call would otherwise grow memory without end
 * (~230 bytes a session).
 */
export const MAX_SESSIONS = 50_000;
/** 192 bits from the CSPRNG, uppercase hex (gaps.md §3 asks at least 128). */
const ID_BYTES = 24;
/** Ids are cut from a buffer of CSPRNG bytes, each byte used once, refilled when spent (one call per 256 ids, not one per id). */
const POOL_IDS = 256;
let pool = Buffer.alloc(0);
let poolOffset = 0;

export function newSessionId(): string {
  if (poolOffset + ID_BYTES > pool.length) {
    pool = randomBytes(ID_BYTES * POOL_IDS);
    poolOffset = 0;
  }
  const id = pool.toString('hex', poolOffset, poolOffset + ID_BYTES).toUpperCase();
  poolOffset += ID_BYTES;
  return id;
}

export interface Session {
  id: string;
  user: User;
  tenant: Tenant;
  created: number;
  lastActive: number;
  /** How the session was made: password, oauth, delegated. */
  via: 'password' | 'oauth' | 'delegated';
}

export class SessionStore {
  /** Use order: the least recently used end first (use-order-map.ts). */
  private readonly sessions = new UseOrderMap<string, Session>();
  private nextSweep = 0;

  constructor(private readonly clock: Clock, private readonly capacity = MAX_SESSIONS) {}

  create(user: User, tenant: Tenant, via: Session['via']): Session {
    const now = this.clock.now();
    this.sweep(now);
    const session: Session = { id: newSessionId(), user, tenant, created: now, lastActive: now, via };
    this.sessions.set(session.id, session);
    if (this.sessions.size > this.capacity) this.evict();
    return session;
  }

  /** The live session with this id, or undefined (unknown, expired, ended, or its tenant inactive). */
  find(id: string): Session | undefined {
    const s = this.sessions.get(id);
    if (!s) return undefined;
    if (this.expired(s)) {
      this.sessions.delete(id);
      return undefined;
    }
    // Inactive tenants are inaccessible (spec, Errors 3), also through sessions made before.
    if (!isActive(s.tenant)) return undefined;
    return s;
  }

  expired(s: Session): boolean {
    const now = this.clock.now();
    return now - s.lastActive >= s.tenant.sessionTimeoutMinutes * 60_000 || now - s.created >= MAX_SESSION_LIFETIME_MS;
  }

  /** Expired sessions are dropped at most once a minute of simulator time, so memory does not grow with logins. */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    for (const [id, s] of this.sessions) if (this.expired(s)) this.sessions.delete(id);
  }

  /**
   * Ends the least recently used sessions (the map is in use order: touch() makes a session the
   * most recent), a hundredth of the capacity more than needed, in one pass: one by one, each eviction would
   * walk past the holes its predecessors left at the front of the Map.
   */
  private evict(): void {
    let excess = this.sessions.size - this.capacity + Math.ceil(this.capacity / 100);
    for (const id of this.sessions.keys()) {
      if (excess-- <= 0) break;
      this.sessions.delete(id);
    }
  }

  /** How many sessions are held (live or not yet swept). */
  get size(): number {
    return this.sessions.size;
  }

  /** Idle time counts from the end of the last request; the session becomes the most recently used. */
  touch(s: Session): void {
    s.lastActive = this.clock.now();
    if (this.sessions.get(s.id) === s) this.sessions.use(s.id);
  }

  end(id: string): boolean {
    return this.sessions.delete(id);
  }

  /** The live sessions, least recently used first (the control plane lists and snapshots them). */
  live(): Session[] {
    return [...this.sessions.values()].filter((s) => !this.expired(s));
  }

  /** Takes in a session as it was (a snapshot being restored); it becomes the most recently used. */
  adopt(session: Session): void {
    this.sessions.set(session.id, session);
  }

  /** A short prefix, useless for authentication (X-TenantAPI-TruncatedSessionId). */
  static truncated(id: string): string {
    return id.slice(0, 8);
  }
}
