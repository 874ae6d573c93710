/**
 * All of one simulator instance's state, built from a fixture set. Each instance has its own
 * world: nothing is shared between simulators in one process.
 */
import type { FixtureSet } from '../fixtures/types';
import type { Clock } from './clock';
import { AuthorizationServer } from './auth/authorization-server';
import type { ComponentRegistry } from './configuration';
import { registriesFromFixtures } from './configuration/fixture';
import { StagingAreas } from './configuration/staging';
import { PlatformStandIn } from './auth/platform';
import { SessionStore } from './sessions';
import { Throttle } from './throttling';
import { UsageLog } from './usage';
import { TenantDirectory } from './tenants';
import { UserDirectory } from './users';
import { type TenantDocuments, loadDocuments } from './documents/setup';
import type { DocumentStore } from './documents/store';
import { ObjectRecords, PAGE_LINK_TTL_MS, QueryService } from './query';
import { ApiVersions } from './versions';

export interface Settings {
  throttling: boolean;
  authBurstLimit: number;
  apiBurstLimit: number;
  throttleDelayMs: number;
  uploadMaxBytes: number;
  /** How long a query's paging links live after the query or the last page call, ms (gaps.md §6: 72 h). */
  pageLinkTtlMs: number;
  /**
   * Overrides every tenant's session timeout (fixture `sessionTimeoutMinutes`), minutes; unset: each
   * tenant's own. An `apiBurstLimit` given as an override (not by the fixtures) likewise replaces
   * every tenant's own limit.
   */
  sessionTimeoutMinutes?: number;
}

export const defaultSettings: Settings = {
  throttling: true,
  authBurstLimit: 60,
  apiBurstLimit: 2000,
  throttleDelayMs: 500,
  uploadMaxBytes: 100 * 1024 * 1024,
  pageLinkTtlMs: PAGE_LINK_TTL_MS,
};

export interface World {
  fixtures: FixtureSet;
  clock: Clock;
  settings: Settings;
  versions: string[];
  /** The versions' answers (endpoint 4, a version's index), kept per API base. */
  apiVersions: ApiVersions;
  tenants: TenantDirectory;
  users: UserDirectory;
  sessions: SessionStore;
  throttle: Throttle;
  usage: UsageLog;
  platform: PlatformStandIn;
  authServer: AuthorizationServer;
  /** The one configuration model of each tenant, by tenant id (fixture key `configuration`, then MDL). */
  configuration: Map<number, ComponentRegistry>;
  /** The MDL staging area of each tenant (endpoint 13). */
  mdlStaging: StagingAreas;
  /** Per tenant: document metadata views of `configuration` and the document store. */
  documents: TenantDocuments;
  /** Endpoint 7: object records, stored results behind paging links (src/domain/query). */
  queries: QueryService;
}

/**
 * The one wiring of a tenant's configuration to what uses it: MDL may not take from under the
 * documents of its store (`store.usesOf`) or the records of its objects (`records.usesOf`) what
 * they use. At world creation and on a snapshot's restore (each makes a new registry).
 */
export function guardUses(registry: ComponentRegistry, tenantId: number, store: DocumentStore | undefined, records: ObjectRecords | undefined): void {
  if (store) registry.addUseCheck((type, name, changing) => store.usesOf(type, name, changing));
  if (records) registry.addUseCheck((type, name) => records.usesOf(tenantId, type, name));
}

export function createWorld(fixtures: FixtureSet, clock: Clock, overrides: Partial<Settings> = {}): World {
  const tenants = new TenantDirectory(fixtures.data.domains);
  const settings = { ...defaultSettings, ...fixtures.data.service.settings, ...overrides };
  // Overrides (flags) win over the tenants' own values too (issue 20).
  for (const t of tenants.all()) {
    if (overrides.sessionTimeoutMinutes !== undefined) t.sessionTimeoutMinutes = overrides.sessionTimeoutMinutes;
    if (overrides.apiBurstLimit !== undefined) t.apiBurstLimit = overrides.apiBurstLimit;
  }
  const users = new UserDirectory(fixtures.data.users, tenants);
  const configuration = registriesFromFixtures(fixtures, tenants.all());
  const objectRecords = new ObjectRecords(fixtures, tenants);
  const documents = loadDocuments(fixtures, tenants, users, clock, configuration);
  for (const [tenantId, registry] of configuration) guardUses(registry, tenantId, documents.store(tenantId), objectRecords);
  return {
    fixtures,
    clock,
    settings,
    versions: fixtures.data.service.versions,
    apiVersions: new ApiVersions(fixtures.data.service.versions),
    tenants,
    users,
    sessions: new SessionStore(clock),
    throttle: new Throttle(clock, settings),
    usage: new UsageLog(),
    platform: new PlatformStandIn(users, clock),
    authServer: new AuthorizationServer(users, clock, (fixtures.data.service.oauthClients ?? []).map((c) => ({ ...c, redirectUris: c.redirectUris ?? [] }))),
    configuration,
    documents,
    mdlStaging: new StagingAreas(),
    queries: new QueryService(clock, objectRecords, settings.pageLinkTtlMs),
  };
}
