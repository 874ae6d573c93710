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
  created: number;
  createdBy: number;
  modified: number;
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
  documentNumber: string;
  created: number;
  createdBy: number;
  roles: Partial<Record<RoleName, RoleMembers>>;
  binder: boolean;
  crosslink: boolean;
  attachments: Attachment[];
  /** Ascending by (major, minor); the last is the latest. */
  versions: DocumentVersion[];
  lock?: Lock;
}

/** (chosen, docs/decisions.md) Major and minor version numbers are integers 0…MAX_VERSION_NUMBER. */
export const MAX_VERSION_NUMBER = 999_999;
export const isVersionNumber = (n: number): boolean => Number.isInteger(n) && n >= 0 && n <= MAX_VERSION_NUMBER;

export const versionNumber = (v: { major: number; minor: number }) => `${v.major}.${v.minor}`;
export const latestVersion = (d: StoredDocument) => d.versions[d.versions.length - 1];
