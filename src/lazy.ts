/**
 * A package loaded when first used instead of at start: the YAML parser (only when a fixture set
 * is parsed), ajv (only when a validator is compiled), jose (the authorization server's keys),
 * pngjs (thumbnails) and fast-xml-parser (XML answers) together took ~60 ms of every start, and
 * faker (only `fixtures generate`) ~150–240 ms more.
 * Loading is synchronous (`require`, which also loads the ES-module-only jose on Node ≥ 20.19).
 */
import { createRequire } from 'node:module';

/** Node's `require`, resolving packages as this module does (also the fixture validators' ajv runtime helpers). */
export const requirePackage = createRequire(import.meta.url);

export function lazy<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requirePackage(id) as T);
}

export const yamlModule = lazy<typeof import('yaml')>('yaml');
export const ajvModule = lazy<typeof import('ajv')>('ajv');
export const ajv2020Module = lazy<typeof import('ajv/dist/2020.js')>('ajv/dist/2020.js');
export const ajvFormats = lazy<typeof import('ajv-formats')>('ajv-formats');
export const joseModule = lazy<typeof import('jose')>('jose');
export const pngModule = lazy<typeof import('pngjs')>('pngjs');
export const xmlModule = lazy<typeof import('fast-xml-parser')>('fast-xml-parser');
export const fakerModule = lazy<typeof import('@faker-js/faker')>('@faker-js/faker');
