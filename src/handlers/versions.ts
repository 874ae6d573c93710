/**
 * Endpoint 4 (version list), public or checking a presented session, and `GET /api/{version}`,
 * which checks the session and answers the same list (gaps.md §12). The domain keeps the list per
 * API base (domain/versions); the body and its JSON bytes are built once from it (`reusableBodyOf`).
 */
import { reusableBodyOf } from '../http/respond';
import type { Handlers } from '../http/context';

const success = (values: Readonly<Record<string, string>>) => reusableBodyOf(values, () => ({ responseStatus: 'SUCCESS' as const, values }));

export const versionHandlers: Handlers = {
  listVersions: (ctx) => ({ body: success(ctx.world.apiVersions.list(ctx.addresses.requestApi())) }),
  /** A client checks its session by reading values[version] of this answer: the version list (gaps.md §12). */
  getVersionResources: (ctx) => ({ body: success(ctx.world.apiVersions.list(ctx.addresses.requestApi())) }),
};
