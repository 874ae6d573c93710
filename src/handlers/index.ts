/** Every handler, keyed by the OpenAPI operationId it serves. */
import type { Handlers } from './types';
import { versionHandlers } from './versions';

export const handlers: Handlers = {
  ...versionHandlers,
};
