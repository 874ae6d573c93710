/**
 * Endpoint 4 (version list) and the index of one version's resources. The domain keeps each
 * answer's values per API base (domain/versions); the body and its JSON bytes are built once
 * from the kept values (`reusableBodyOf`).
 */
import { reusableBodyOf } from '../http/respond';
import type { Handlers } from './types';

const success = (values: Readonly<Record<string, string>>) => reusableBodyOf(values, () => ({ responseStatus: 'SUCCESS' as const, values }));

export const versionHandlers: Handlers = {
  listVersions: (ctx) => ({ body: success(ctx.world.apiVersions.list(ctx.addresses.requestApi())) }),
  getVersionResources: (ctx) => ({ body: success(ctx.world.apiVersions.index(`${ctx.addresses.requestApi()}/${ctx.version}`)) }),
};
