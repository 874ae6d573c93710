/**
 * The tenant configuration model: every configured thing is a component record.
 *
 * Values are plain data: strings (also for Enum, File names and references, which are written
 * 'Type.name'), booleans, numbers (integers beyond 2^53 are bigint, so that
 * 9223372036854775807 stays exact), or arrays of those for multi-value attributes.
 * An attribute with no value is absent from `attributes` (never null, never []);
 * a subcomponent collection with no entry is absent from `subcomponents`.
 */

export type ScalarValue = string | boolean | number | bigint;
export type Value = ScalarValue | readonly ScalarValue[];

export interface SubcomponentRecord {
  readonly name: string;
  readonly attributes: Readonly<Record<string, Value>>;
}

export interface ComponentRecord {
  /** Component type name, e.g. 'Picklist'. */
  readonly type: string;
  /** API name, e.g. 'color__c'. */
  readonly name: string;
  readonly attributes: Readonly<Record<string, Value>>;
  /** Keyed by subcomponent type (e.g. 'Picklistentry'), entries in their defined order. */
  readonly subcomponents: Readonly<Record<string, readonly SubcomponentRecord[]>>;
}

/** A file uploaded to the MDL staging area (endpoint 13), not yet bound to a component. */
export interface StagedFile {
  readonly name__v: string;
  /** The client's file name at upload; defaults to name__v. */
  readonly original_name__v?: string;
  readonly format__v: string;
  readonly size__v: number;
  readonly sha1_checksum__v: string;
  readonly bytes: Uint8Array;
}

/** What the executor needs of the staging area: a referenced file is taken out only when a script commits. */
export interface StagingLike {
  has(name: string): boolean;
  take(name: string): StagedFile | undefined;
}

/** A file bound to a component through one of its File attributes (endpoint 14 lists these). */
export interface BoundFile {
  /** The File attribute that references it, e.g. 'file' or 'template'. */
  readonly attribute: string;
  readonly name__v: string;
  readonly original_name__v: string;
  readonly format__v: string;
  readonly size__v: number;
  readonly sha1_checksum__v: string;
  readonly bytes: Uint8Array;
}

/** 'Type.name', the key of a component and the written form of a reference to it. */
export function componentKey(type: string, name: string): string {
  return `${type}.${name}`;
}

/** Splits a reference 'Type.name'; undefined when the text is not of that form. */
export function parseReference(ref: string): { type: string; name: string } | undefined {
  const m = /^([A-Za-z][A-Za-z0-9_]*)\.([A-Za-z0-9_]+)$/.exec(ref);
  return m ? { type: m[1], name: m[2] } : undefined;
}

/** The component name a reference value points to ('Picklist.color__c' → 'color__c'). */
export function referencedName(ref: string): string {
  return parseReference(ref)?.name ?? ref;
}
