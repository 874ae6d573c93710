/**
 * The API versions of a world (fixture `service.versions`) and the two answers made of them alone:
 * endpoint 4's version list and the index of one version's resources. Each depends only on the
 * request's API base, so it is built once per base and kept through the one cache door
 * (domain/cache; clients reach a simulator by a handful of addresses, and a client choosing Host
 * headers at will makes only the least recently used go). A kept answer is frozen: the same
 * object for the same base while kept, so that what the HTTP layer builds from it (its bytes) is
 * built once.
 */
import { BoundedCache, deepFreeze, jsonSize, NO_STAMP } from '../cache';

/** Resources listed by `GET /api/{version}`, by name: paths under the version's base (each answers a GET when followed). */
const RESOURCES: readonly (readonly [string, string])[] = Object.entries({
  documents: 'objects/documents',
  document_properties: 'metadata/objects/documents/properties',
  document_types: 'metadata/objects/documents/types',
  domain: 'objects/domain',
  domains: 'objects/domains',
});

/** (chosen) Distinct bases kept per answer kind; beyond it (or beyond the bytes) the least recently used is forgotten. */
export const VERSION_BASES_KEPT = 64;
/** (chosen) The estimated bytes (about their JSON) of the answers kept per kind. */
export const VERSION_ANSWER_BYTES = 256 * 1024;

/** Name → absolute address: the values of a version list or a version index. */
export type AddressValues = Readonly<Record<string, string>>;

const bounded = () => new BoundedCache<string, AddressValues>({ entries: VERSION_BASES_KEPT, bytes: VERSION_ANSWER_BYTES, sizeOf: jsonSize });

export class ApiVersions {
  private readonly lists = bounded();
  private readonly indexes = bounded();

  constructor(readonly versions: readonly string[]) {}

  includes(version: string): boolean {
    return this.versions.includes(version);
  }

  /** Endpoint 4: each version → its address under `apiBase` (`…/api`). */
  list(apiBase: string): AddressValues {
    return this.lists.answer(apiBase, NO_STAMP, () => deepFreeze(Object.fromEntries(this.versions.map((v) => [v, `${apiBase}/${v}`]))));
  }

  /** `GET /api/{version}`: each resource → its address under `versionBase` (`…/api/{version}`). */
  index(versionBase: string): AddressValues {
    return this.indexes.answer(versionBase, NO_STAMP, () => deepFreeze(Object.fromEntries(RESOURCES.map(([k, p]) => [k, `${versionBase}/${p}`]))));
  }
}
