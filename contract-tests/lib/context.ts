/**
 * What globalSetup hands to the test files (`inject('contract')`): the resolved target, the
 * API version in use, and the sessions it opened. Shared by global-setup.ts and the checks.
 */

export type Area = 'session' | 'discovery' | 'domains' | 'metadata' | 'documents' | 'files' | 'query' | 'configuration' | 'errors';
export const AREAS: Area[] = ['session', 'discovery', 'domains', 'metadata', 'documents', 'files', 'query', 'configuration', 'errors'];

/** The names among `areas` that are not areas of the suite. */
export const unknownAreas = (areas: readonly string[]): string[] => areas.filter((a) => !(AREAS as string[]).includes(a));

export interface Credentials {
  username: string;
  password: string;
}

export type UserSession =
  | { state: 'ok'; sessionId: string; userId?: number; tenantId?: number; username?: string }
  | { state: 'not-implemented'; message: string }
  | { state: 'failed'; message: string }
  | { state: 'absent'; message: string };

export interface ContractContext {
  /** `{base_url}` every check uses (no trailing slash). */
  baseUrl: string;
  /** `{auth_url}` (discovery). */
  authUrl: string;
  /** API version label of the run. */
  version: string;
  /** The suite started this dms-sim process itself. */
  spawned: boolean;
  allowWrites: boolean;
  /** Unique per run: names of everything the mutating checks create carry it. */
  runId: string;
  credentials?: Credentials;
  credentials2?: Credentials;
  user1: UserSession;
  user2: UserSession;
  /** A tenant and domain administrator (MDL, staging, the domain endpoint). */
  admin: UserSession;
  /** Endpoint 2 (OAuth session): a token to exchange, or an SSO user for the password grant. */
  oauth?: { token?: string; profile?: string; username?: string; password?: string; clientId?: string };
  coverageFile: string;
  maxDocs: number;
  sample: number;
  timeoutMs: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    contract: ContractContext;
  }
}

/** Documents the mutating checks create are named with this prefix; read checks ignore them. */
export const CREATED_PREFIX = 'contract-test ';

/** The document a run's create check makes (and deletes) while other areas' checks read. */
export const placeholderName = (runId: string) => `${CREATED_PREFIX}${runId} placeholder`;
