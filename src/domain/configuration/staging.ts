/**
 * The MDL staging area of a tenant (endpoint 13): uploaded files wait here until a script binds one
 * to a component through a File attribute (`file`, `template`); executeScript takes it out then, so a
 * bound file can no longer be read from staging. Implements the executor's StagingLike.
 *
 * `name__v` (chosen): the uploaded file name reduced to `[A-Za-z0-9._-]`, with the first 8 hex digits
 * of its SHA-1 before the extension (`template_1a2b3c4d.docx`). The same content under the same
 * name gives the same `name__v` (so "the value is unchanged" really means the same file), and new
 * content always gets a new name, so referencing it rebinds the component. Uploading a name that is
 * already staged replaces the staged file (it is the same content).
 */
import { createHash } from 'node:crypto';
import type { StagedFile, StagingLike } from './model';

/** (chosen) Longest `name__v`; and how many files one tenant's staging area holds before the oldest go. */
export const STAGING_LIMITS = { name: 100, files: 500 } as const;

/** Media type by lower-case extension: a Map, so that `x.constructor` or `x.__proto__` finds nothing inherited. */
const BY_EXTENSION: ReadonlyMap<string, string> = new Map(Object.entries({
  pdf: 'application/pdf', txt: 'text/plain', html: 'text/html', htm: 'text/html', xml: 'application/xml',
  json: 'application/json', csv: 'text/csv', md: 'text/markdown', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg',
  gif: 'image/gif', svg: 'image/svg+xml', zip: 'application/zip',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
}));

/** The media type of an upload: the part's declared type unless generic, else by extension. */
export function formatOf(filename: string, declared?: string): string {
  const type = (declared ?? '').split(';')[0].trim().toLowerCase();
  if (type && type !== 'application/octet-stream') return type;
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  return (ext && BY_EXTENSION.get(ext)) || 'application/octet-stream';
}

export const sha1Hex = (bytes: Uint8Array): string => createHash('sha1').update(bytes).digest('hex');

/** `name__v` of an upload (see the file comment). */
export function stagedName(filename: string, sha1: string): string {
  const base = (filename.split(/[\\/]/).pop() ?? '').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '') || 'file';
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot).slice(0, 16) : '';
  const stem = (dot > 0 ? base.slice(0, dot) : base).slice(0, STAGING_LIMITS.name - ext.length - 9);
  return `${stem}_${sha1.slice(0, 8)}${ext}`;
}

/** A staged file built from an upload. */
export function stagedFile(filename: string, bytes: Uint8Array, declaredType?: string): StagedFile {
  const sha1 = sha1Hex(bytes);
  return {
    name__v: stagedName(filename, sha1),
    original_name__v: filename || undefined,
    format__v: formatOf(filename, declaredType),
    size__v: bytes.byteLength,
    sha1_checksum__v: sha1,
    bytes,
  };
}

/** One tenant's staging area. */
export class StagingArea implements StagingLike {
  private readonly files = new Map<string, StagedFile>();

  /** Stages an upload; returns what endpoint 13 reports. The oldest files go beyond STAGING_LIMITS.files. */
  stage(filename: string, bytes: Uint8Array, declaredType?: string): StagedFile {
    const file = stagedFile(filename, bytes, declaredType);
    this.files.delete(file.name__v);
    this.files.set(file.name__v, file);
    while (this.files.size > STAGING_LIMITS.files) this.files.delete(this.files.keys().next().value!);
    return file;
  }

  has(name: string): boolean {
    return this.files.has(name);
  }

  get(name: string): StagedFile | undefined {
    return this.files.get(name);
  }

  /** Takes a file out (the executor, when a script binding it commits). */
  take(name: string): StagedFile | undefined {
    const file = this.files.get(name);
    this.files.delete(name);
    return file;
  }

  list(): StagedFile[] {
    return [...this.files.values()];
  }

  get size(): number {
    return this.files.size;
  }
}

/** The staging areas of every tenant of a world, made on first use. */
export class StagingAreas {
  private readonly areas = new Map<number, StagingArea>();

  of(tenantId: number): StagingArea {
    let area = this.areas.get(tenantId);
    if (!area) this.areas.set(tenantId, (area = new StagingArea()));
    return area;
  }
}
