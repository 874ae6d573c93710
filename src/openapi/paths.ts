import { join } from 'node:path';
import { projectRoot } from '../root';

/** The committed OpenAPI document, as people read it. */
export const specPath = join(projectRoot, 'spec', 'openapi.yaml');
/** The same document as JSON, generated beside it: what the server loads at start (JSON.parse, ~1 ms). */
export const specJsonPath = join(projectRoot, 'spec', 'openapi.json');
/** The operation types generated from the same document (the handlers' typed seam). */
export const operationTypesPath = join(projectRoot, 'src', 'http', 'operations.ts');
