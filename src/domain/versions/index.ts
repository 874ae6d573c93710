/**
 * The API versions of a world (fixture `service.versions`) and the answer made of them alone:
 * the version list (endpoint 4, and `GET /api/{version}`, which answers the same list: gaps.md §12).
 * It depends only on the request's API base, so it is built once per base and kept through the one cache door
 * (domain/cache; clients reach a simulator by a handful of addresses, and a client choosing Host
 * headers at will makes only the least recently used go). A kept answer is frozen: the same
 * object for the same base while kept, so that what the HTTP layer builds from it (its bytes) is
 * built once.
 */
import { BoundedCache, deepFreeze, jsonSize, NO_STAMP } from '../cache';
import { withKeptSlot } from '../kept-slot';

/** (chosen) Distinct bases kept; beyond it (or beyond the bytes) the least recently used is forgotten. */
export const VERSION_BASES_KEPT = 64;
/** (chosen) The estimated bytes (about their JSON) of the lists kept. */
export const VERSION_ANSWER_BYTES = 256 * 1024;

/** Version label → absolute address: the values of a version list. */
export type AddressValues = Readonly<Record<string, string>>;

const bounded = () => new BoundedCache<string, AddressValues>({ entries: VERSION_BASES_KEPT, bytes: VERSION_ANSWER_BYTES, sizeOf: jsonSize });

export class ApiVersions {
  private readonly lists = bounded();

  constructor(readonly versions: readonly string[]) {}

  includes(version: string): boolean {
    return this.versions.includes(version);
  }

  /** Endpoint 4: each version → its address under `apiBase` (`…/api`). */
  list(apiBase: string): AddressValues {
    return this.lists.answer(apiBase, NO_STAMP, () => deepFreeze(withKeptSlot(Object.fromEntries(this.versions.map((v) => [v, `${apiBase}/${v}`])))));
  }

}
