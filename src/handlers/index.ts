/** Every handler, keyed by the OpenAPI operationId it serves. */
import type { Handlers } from './types';
import { authServerHandlers } from './authserver';
import { domainHandlers } from './domains';
import { queryHandlers } from './query';
import { sessionHandlers } from './session';
import { versionHandlers } from './versions';

export const handlers: Handlers = {
  ...versionHandlers,
  ...sessionHandlers,
  ...domainHandlers,
  ...authServerHandlers,
  ...queryHandlers,
};
