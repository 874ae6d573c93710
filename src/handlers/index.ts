/** Every handler, keyed by the OpenAPI operationId it serves. */
import type { Handlers } from '../http/context';
import { authServerHandlers } from './authserver';
import { configurationHandlers } from './configuration';
import { documentHandlers } from './documents';
import { domainHandlers } from './domains';
import { metadataHandlers } from './metadata';
import { queryHandlers } from './query';
import { sessionHandlers } from './session';
import { userHandlers } from './users';
import { versionHandlers } from './versions';

export const handlers: Handlers = {
  ...versionHandlers,
  ...sessionHandlers,
  ...domainHandlers,
  ...userHandlers,
  ...authServerHandlers,
  ...configurationHandlers,
  ...queryHandlers,
  ...metadataHandlers,
  ...documentHandlers,
};
