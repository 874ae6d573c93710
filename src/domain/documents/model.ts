/** The stored shape of documents: versions `<major>.<minor>`, files, roles, check-out. */
import type { StoredFile } from './files';
import type { RoleName } from './standard-fields';

export interface RoleMembers {
  users: number[];
  groups: number[];
}

export interface DocumentVersion {
  major: number;
  minor: number;
  /** Lifecycle state name (status__v is its label). */
  state: string;
  /** Values of editable fields (name__v, description__v, custom fields...): field name → value. */
  fields: Record<string, unknown>;
  file?: StoredFile;
  /** The file has a viewable rendition (fixtures may say so); absent: decided by its format (renditions.ts). */
  viewable?: boolean;
  /** When it was made: a moment in two small integers (see `momentOf`). */
  createdDay: number;
  createdMs: number;
  createdBy: number;
  modifiedDay: number;
  modifiedMs: number;
  modifiedBy: number;
}

export interface Attachment {
  id: number;
  file: StoredFile;
}

export interface Lock {
  by: number;
  at: number;
}

export interface StoredDocument {
  id: number;
  /** The most specific Doctype: a type, subtype or classification name. */
  doctype: string;
  lifecycle: string;
  /**
   * Only a number other than the one the service assigns (`documentNumberOf(id)`), as fixtures may
   * give; read it with `numberOf`. (issue 19: 100,000 strings fewer to keep and mark in a big world.)
   */
  documentNumber: string | undefined;
  /** When it was made: a moment in two small integers (see `momentOf`). */
  createdDay: number;
  createdMs: number;
  createdBy: number;
  roles: Partial<Record<RoleName, RoleMembers>>;
  binder: boolean;
  crosslink: boolean;
  attachments: Attachment[];
  /** Ascending by (major, minor); the last is the latest. */
  versions: DocumentVersion[];
  lock?: Lock;
}

const DAY_MS = 86_400_000;

/**
 * (issue 19) A moment (milliseconds since 1970) is kept as its day since 1970 and its millisecond
 * in that day, two numbers V8 keeps as small integers in the object itself. A millisecond count does
 * not fit a small integer, so each date field held a boxed number of its own: half a million objects
 * for the garbage collector to mark in a 100,000-document world, a third of everything it marked.
 */
export const dayOf = (ms: number) => small(Math.floor(ms / DAY_MS));
/** The millisecond of its day (0…86,399,999), before 1970 too. */
export const msOfDay = (ms: number) => small(ms - Math.floor(ms / DAY_MS) * DAY_MS);
/**
 * `n` as a small integer when it is a 32-bit one: arithmetic on doubles gives a double even when
 * whole, and a field first given a double keeps every value boxed. Every date of ECMAScript's
 * range (±100,000,000 days) fits; anything else (NaN, a clock moved past that range) stays as it
 * is, so that formatting it fails as it did before rather than showing a wrapped date.
 */
const small = (n: number) => (n === (n | 0) ? n | 0 : n);
/** The moment of a day and a millisecond in it: the inverse of `dayOf` and `msOfDay`. */
export const momentOf = (day: number, ms: number) => day * DAY_MS + ms;

export const createdAt = (o: { createdDay: number; createdMs: number }) => momentOf(o.createdDay, o.createdMs);
export const modifiedAt = (v: { modifiedDay: number; modifiedMs: number }) => momentOf(v.modifiedDay, v.modifiedMs);

/** (chosen) The document number the service assigns. */
export const documentNumberOf = (id: number) => `DOC-${String(id).padStart(6, '0')}`;
/** The number a document keeps of `number` (fixtures', a snapshot's): none when it is the one the service assigns. */
export const ownNumber = (id: number, number: string | undefined) => (number === documentNumberOf(id) ? undefined : number);
/** A document's number: its own, else the one the service assigns. */
export const numberOf = (d: StoredDocument) => d.documentNumber ?? documentNumberOf(d.id);

/** (chosen, docs/decisions.md) Major and minor version numbers are integers 0…MAX_VERSION_NUMBER. */
export const MAX_VERSION_NUMBER = 999_999;
export const isVersionNumber = (n: number): boolean => Number.isInteger(n) && n >= 0 && n <= MAX_VERSION_NUMBER;

export const versionNumber = (v: { major: number; minor: number }) => `${v.major}.${v.minor}`;
/** Versions' order: ascending by (major, minor). */
export const byVersionNumber = (a: { major: number; minor: number }, b: { major: number; minor: number }): number => a.major - b.major || a.minor - b.minor;
export const latestVersion = (d: StoredDocument) => d.versions[d.versions.length - 1];
