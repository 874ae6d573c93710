import { fileURLToPath } from 'node:url';

/** The committed OpenAPI document. */
export const specPath = fileURLToPath(new URL('../../spec/openapi.yaml', import.meta.url));
