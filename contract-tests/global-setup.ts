/**
 * globalSetup of the contract suite: picks the target (CONTRACT_BASE_URL, or a dms-sim process
 * it starts and stops), finds the API version to use, opens the sessions the checks share, and
 * hands all of it to the test files. The spawned process is stopped in teardown, and killed
 * when vitest exits in any other way.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { Client, NotImplemented } from './lib/client';
import type { ContractContext, Credentials, UserSession } from './lib/context';
import { DEFAULT_ADMIN, DEFAULT_SSO, DEFAULT_USER, DEFAULT_USER2, type SpawnedSimulator, coverageFile, readEnv, spawnSimulator } from './target';

async function login(client: Client, creds: Credentials): Promise<UserSession & { tenantIds?: { id: number; url: string }[] }> {
  try {
    const a = await client.post(`/api/${client.o.version}/auth`, { session: null, form: { username: creds.username, password: creds.password } });
    const j = a.json;
    if (j?.responseStatus !== 'SUCCESS') return { state: 'failed', message: `login of ${creds.username} answered ${j?.responseStatus}: ${JSON.stringify(j?.errors ?? j)}` };
    return { state: 'ok', sessionId: j.sessionId, userId: j.userId, tenantId: j.tenantId, username: creds.username, tenantIds: j.tenantIds };
  } catch (e) {
    if (e instanceof NotImplemented) return { state: 'not-implemented', message: e.message };
    return { state: 'failed', message: `login of ${creds.username}: ${(e as Error).message}` };
  }
}

const apiBase = (url: string) => url.replace(/\/+$/, '').replace(/\/api$/, '');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const env = readEnv();
  const file = coverageFile();
  writeFileSync(file, '');
  let sim: SpawnedSimulator | undefined;
  if (!env.baseUrl) sim = await spawnSimulator({ fixtures: env.fixtures });
  try {
    const base0 = env.baseUrl ?? sim!.url;
    const authUrl = env.authUrl ?? new URL(base0).origin;
    const client0 = new Client({ baseUrl: base0, authUrl, version: env.version ?? 'v0.0', coverageFile: file, timeoutMs: env.timeoutMs });

    // The version of the run: CONTRACT_VERSION, else the one before the last listed (the last may be a beta).
    let version = env.version;
    if (!version) {
      const a = await client0.get('/api/', { session: null });
      const labels = Object.keys(a.json?.values ?? {}).filter((k) => /^v\d+\.\d+$/.test(k));
      if (a.json?.responseStatus !== 'SUCCESS' || labels.length === 0) {
        throw new Error(`the version list of ${base0}/api/ answered no version (${a.text().slice(0, 300)}); set CONTRACT_VERSION`);
      }
      version = labels.length > 1 ? labels[labels.length - 2] : labels[0];
    }
    let client = new Client({ ...client0.o, version });

    const credentials: Credentials | undefined = env.sessionId
      ? env.username ? { username: env.username, password: env.password ?? '' } : undefined
      : { username: env.username ?? DEFAULT_USER.username, password: env.password ?? (env.username ? '' : DEFAULT_USER.password) };
    // The default personas of fixtures/default, only on a dms-sim started here on those fixtures.
    const personas = !!sim && !env.fixtures;
    const credentials2: Credentials | undefined = env.username2
      ? { username: env.username2, password: env.password2 ?? '' }
      : personas ? DEFAULT_USER2 : undefined;
    const adminCredentials: Credentials | undefined = env.adminUsername
      ? { username: env.adminUsername, password: env.adminPassword ?? '' }
      : personas ? DEFAULT_ADMIN : undefined;

    let baseUrl = base0;
    let user1: Awaited<ReturnType<typeof login>> = env.sessionId
      ? { state: 'ok', sessionId: env.sessionId }
      : await login(client, credentials!);
    let user2: Awaited<ReturnType<typeof login>> = credentials2
      ? await login(client, credentials2)
      : { state: 'absent', message: 'no second user (CONTRACT_USERNAME2)' };

    if (sim && user1.state === 'ok') {
      // A dms-sim started here: address the tenant explicitly (/tenants/<dns>), the second
      // user's if the first user is a member of it too, so that both see the same tenant.
      const first = user1;
      const second = user2;
      const entries = first.tenantIds ?? [];
      const shared = second.state === 'ok' ? entries.find((t) => t.id === second.tenantId) : undefined;
      const own = entries.find((t) => t.id === first.tenantId);
      const pick = shared ?? own;
      if (pick) {
        baseUrl = apiBase(pick.url);
        client = new Client({ ...client.o, baseUrl });
        user1 = await login(client, credentials!);
        if (credentials2) user2 = await login(client, credentials2);
      }
    }
    const admin: Awaited<ReturnType<typeof login>> = adminCredentials
      ? await login(client, adminCredentials)
      : { state: 'absent', message: 'no administrator (CONTRACT_ADMIN_USERNAME)' };
    const strip = (u: typeof user1): UserSession => {
      const { tenantIds: _t, ...rest } = u as typeof user1 & { tenantIds?: unknown };
      return rest as UserSession;
    };
    const ctx: ContractContext = {
      baseUrl,
      authUrl,
      version,
      spawned: !!sim,
      allowWrites: env.allowWrites ?? !!sim,
      runId: `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
      credentials,
      credentials2,
      user1: strip(user1),
      user2: strip(user2),
      admin: strip(admin),
      oauth: env.oauthToken
        ? { token: env.oauthToken, profile: env.oauthProfile }
        : env.ssoUsername
          ? { username: env.ssoUsername, password: env.ssoPassword ?? '', clientId: env.oauthClientId, profile: env.oauthProfile }
          : personas ? { ...DEFAULT_SSO, profile: env.oauthProfile } : undefined,
      coverageFile: file,
      maxDocs: env.maxDocs,
      sample: env.sample,
      timeoutMs: env.timeoutMs,
    };
    const who = (u: UserSession) => (u.state === 'ok' ? `session of ${u.username ?? 'CONTRACT_SESSION_ID'}${u.tenantId !== undefined ? ` (tenant ${u.tenantId})` : ''}` : `${u.state}: ${u.message}`);
    console.log(
      `[contract] target ${baseUrl}${sim ? ` (dms-sim pid ${sim.pid}, started by the suite)` : ''}; auth ${authUrl}; version ${version}; ` +
        `writes ${ctx.allowWrites ? 'ON' : 'off'}\n[contract] user 1: ${who(ctx.user1)}\n[contract] user 2: ${who(ctx.user2)}\n[contract] admin: ${who(ctx.admin)}`,
    );
    project.provide('contract', ctx);
  } catch (e) {
    await sim?.stop();
    throw e;
  }
  return async () => {
    await sim?.stop();
  };
}
