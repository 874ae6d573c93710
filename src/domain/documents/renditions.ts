/**
 * Which rendition types a document version has (endpoints 22–24 `renditions`, the rendition
 * download): `viewable_rendition__v` when its file has a viewable rendition (gaps.md §13) — PDF,
 * images and Office documents, or whatever its fixture says (`viewable`) — and the other rendition
 * types configured on its Doctype's chain. A version without a file has none.
 */
import type { MetadataView } from './metadata';
import type { DocumentVersion, StoredDocument } from './model';
import type { StoredFile } from './files';

export const VIEWABLE_RENDITION = 'viewable_rendition__v';

/** Media types the service renders into a viewable rendition (chosen: PDF, images, Office documents). */
export function isViewableFormat(format: string): boolean {
  return format === 'application/pdf'
    || format.startsWith('image/')
    || format === 'application/msword'
    || format === 'application/rtf'
    || format.startsWith('application/vnd.ms-')
    || format.startsWith('application/vnd.openxmlformats-officedocument.');
}

/** True when the version's file has a viewable rendition: the fixture's word, else by its format. */
export function hasViewableRendition(version: { file?: StoredFile; viewable?: boolean }): boolean {
  if (!version.file) return false;
  return version.viewable ?? isViewableFormat(typeof version.file.format === 'string' ? version.file.format : '');
}

/** The rendition types of a version, the viewable rendition first. */
export function renditionTypesOf(view: MetadataView, doc: StoredDocument, version: DocumentVersion): string[] {
  if (!version.file) return [];
  const configured = view.renditionTypes(doc.doctype).filter((t) => t !== VIEWABLE_RENDITION);
  return hasViewableRendition(version) ? [VIEWABLE_RENDITION, ...configured] : configured;
}
