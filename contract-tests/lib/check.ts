/**
 * Glue between the checks and vitest: `area()` tags a describe block with its area,
 * `check()` runs one check and turns "not implemented by the target", "no data to check" and
 * "writes not allowed" into skips with a reason (never a pass).
 */
import { type TestContext, describe, inject, test } from 'vitest';
import { Client, NoData, NotImplemented } from './client';
import type { Area, ContractContext, UserSession } from './context';

export const contract: ContractContext = inject('contract');

export function area(name: Area, title: string, fn: () => void): void {
  describe(`[${name}] ${title}`, fn);
}

export interface CheckOptions {
  /** Mutating check: runs only with CONTRACT_ALLOW_WRITES (default on for a dms-sim the suite started). */
  writes?: boolean;
  /** Needs a second user (CONTRACT_USERNAME2, or bob on a dms-sim the suite started). */
  secondUser?: boolean;
  timeout?: number;
}

export function check(name: string, fn: (t: TestContext) => Promise<void>, opts: CheckOptions = {}): void {
  test(
    name,
    async (t) => {
      if (opts.writes && !contract.allowWrites) t.skip('mutating check: set CONTRACT_ALLOW_WRITES=true to run it');
      if (opts.secondUser && contract.user2.state !== 'ok') {
        if (contract.user2.state === 'failed') throw new Error(`second user: ${contract.user2.message}`);
        t.skip(`second user: ${contract.user2.message}`);
      }
      try {
        await fn(t);
      } catch (e) {
        if (e instanceof NotImplemented) t.skip(e.message);
        if (e instanceof NoData) t.skip(`no data: ${e.message}`);
        throw e;
      }
    },
    opts.timeout ?? 120_000,
  );
}

function clientFor(u: UserSession): Client {
  if (u.state === 'ok') return new Client({ baseUrl: contract.baseUrl, authUrl: contract.authUrl, version: contract.version, session: u.sessionId, coverageFile: contract.coverageFile, timeoutMs: contract.timeoutMs });
  if (u.state === 'not-implemented') throw new NotImplemented('createSession');
  if (u.state === 'absent') throw new NoData(u.message);
  throw new Error(`no session: ${u.message}`);
}

/** A client with the first user's session (skips the check when login is not implemented). */
export function user1(): Client {
  return clientFor(contract.user1);
}

/** A client with the second user's session. */
export function user2(): Client {
  return clientFor(contract.user2);
}

/** A client with the administrator's session (CONTRACT_ADMIN_USERNAME), else none: NoData. */
export function admin(): Client {
  return clientFor(contract.admin);
}

/** The administrator if there is one, else the first user (who may be an administrator). */
export function adminOrUser1(): Client {
  return contract.admin.state === 'absent' ? user1() : clientFor(contract.admin);
}

/** A client without a session (version list, login, discovery, error checks). */
export function anonymous(): Client {
  return new Client({ baseUrl: contract.baseUrl, authUrl: contract.authUrl, version: contract.version, coverageFile: contract.coverageFile, timeoutMs: contract.timeoutMs });
}

/** Both users see the same tenant (otherwise comparing what they see means nothing). */
export function sameTenant(): boolean {
  const a = contract.user1;
  const b = contract.user2;
  return a.state === 'ok' && b.state === 'ok' && (a.tenantId === undefined || b.tenantId === undefined || a.tenantId === b.tenantId);
}

/** Memoises an async value per test file (checks share discovered data, not order). */
export function once<T>(fn: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= fn());
}
