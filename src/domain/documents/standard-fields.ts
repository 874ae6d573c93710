/**
 * The standard (`__v`) document fields every tenant of the real service has, written as Docfield
 * attributes (the registry's own vocabulary). The metadata view merges them with the tenant's
 * Docfield records: a record of the same name replaces the catalogue entry wholesale.
 * Labels, sections and lengths not given by the spec are dms-sim's choices (one table, here).
 */
import type { Value } from '../configuration';

export interface StandardField {
  readonly name: string;
  readonly attributes: Readonly<Record<string, Value>>;
}

const sys = (name: string, label: string, type: string, extra: Record<string, Value> = {}): StandardField => ({
  name,
  attributes: { label, type, system_attribute: true, editable: false, queryable: true, facetable: false, hidden: false, scope: 'DocumentVersion', section: 'General', ...extra },
});
const user = (name: string, label: string, relationship: string): StandardField =>
  sys(name, label, 'ObjectReference', { object: 'user__sys', relationship_type: 'reference', relationship_name: relationship, no_copy: true });
const count = (name: string, label: string): StandardField => sys(name, label, 'Number', { min_value: 0, max_value: 2147483647, scale: 0, section: 'Annotations', no_copy: true });
/** A role field (`{users, groups}` in records): described, not queryable (roles are not query fields). */
const role = (name: string, label: string): StandardField =>
  sys(name, label, 'ObjectReference', { scope: 'Document', section: 'Sharing Settings', multi_value: true, queryable: false, object: 'user__sys', relationship_type: 'reference', relationship_name: `document_${name.replace(/__v$/, '')}__vr`, no_copy: true });

export const STANDARD_FIELDS: readonly StandardField[] = [
  // The id's bounds are the real service's (a signed 64-bit integer); 2^63-1 is a bigint (JsonInteger in answers).
  sys('id', 'ID', 'id', { scope: 'Document', max_length: 20, min_value: 0, max_value: 9223372036854775807n }),
  sys('name__v', 'Name', 'String', { required: true, editable: true, max_length: 100, section_position: 0, help_content: 'The name of the document.' }),
  sys('document_number__v', 'Document Number', 'String', { scope: 'Document', max_length: 255, section_position: 1, no_copy: true }),
  sys('title__v', 'Title', 'String', { editable: true, max_length: 255, section_position: 2 }),
  sys('type__v', 'Type', 'String', { scope: 'Document', required: true, editable: true, max_length: 100, section_position: 3 }),
  sys('subtype__v', 'Subtype', 'String', { scope: 'Document', editable: true, max_length: 100, section_position: 4 }),
  sys('classification__v', 'Classification', 'String', { scope: 'Document', editable: true, max_length: 100, section_position: 5 }),
  sys('lifecycle__v', 'Lifecycle', 'String', { scope: 'Document', required: true, editable: true, max_length: 100, section_position: 6, set_on_create_only: true }),
  sys('status__v', 'Status', 'String', { max_length: 100, section_position: 7, facetable: true }),
  sys('description__v', 'Description', 'String', { editable: true, max_length: 1500, section_position: 8 }),
  sys('external_id__v', 'External ID', 'String', { scope: 'Document', editable: true, max_length: 255, no_copy: true, section_position: 9 }),
  sys('product__v', 'Product', 'ObjectReference', { editable: true, multi_value: true, object: 'product__v', relationship_type: 'reference', relationship_name: 'document_product__vr', section_position: 10 }),
  sys('language__v', 'Language', 'String', { editable: true, multi_value: true, max_length: 100, section_position: 11, facetable: true }),
  sys('country__v', 'Country', 'String', { editable: true, multi_value: true, max_length: 100, section_position: 12, facetable: true }),
  sys('format__v', 'Format', 'String', { max_length: 255, section: 'File Information', no_copy: true, facetable: true }),
  sys('filename__v', 'File Name', 'String', { max_length: 255, section: 'File Information', no_copy: true }),
  sys('size__v', 'Size', 'Number', { min_value: 0, max_value: 4294967296, scale: 0, section: 'File Information', no_copy: true }),
  sys('md5checksum__v', 'MD5 Checksum', 'String', { max_length: 32, section: 'File Information', no_copy: true }),
  sys('pages__v', 'Pages', 'Number', { min_value: 0, max_value: 2147483647, scale: 0, section: 'File Information', no_copy: true }),
  sys('major_version_number__v', 'Major Version', 'Number', { editable: true, set_on_create_only: true, min_value: 0, max_value: 2147483647, scale: 0, section: 'Version', no_copy: true }),
  sys('minor_version_number__v', 'Minor Version', 'Number', { editable: true, set_on_create_only: true, min_value: 0, max_value: 2147483647, scale: 0, section: 'Version', no_copy: true }),
  sys('locked__v', 'Checked Out', 'Boolean', { scope: 'Document', section: 'Version', no_copy: true }),
  sys('binder__v', 'Binder', 'Boolean', { scope: 'Document', section: 'System' }),
  sys('crosslink__v', 'CrossLink', 'Boolean', { scope: 'Document', section: 'System' }),
  sys('suppress_rendition__v', 'Suppress Rendition', 'String', { editable: true, max_length: 5, section: 'File Information' }),
  sys('allow_download_embedded_viewer__v', 'Allow Download in Embedded Viewer', 'Boolean', { editable: true, section: 'Sharing Settings' }),
  sys('allow_pdf_download__v', 'Allow PDF Download', 'String', { editable: true, multi_value: true, max_length: 100, section: 'Sharing Settings' }),
  sys('restrict_fragments_by_product__v', 'Restrict Fragments by Product', 'Boolean', { editable: true, section: 'General' }),
  sys('document_creation_date__v', 'Created Date', 'DateTime', { scope: 'Document', section: 'System', no_copy: true }),
  sys('version_creation_date__v', 'Version Created Date', 'DateTime', { section: 'System', no_copy: true }),
  sys('version_modified_date__v', 'Last Modified Date', 'DateTime', { section: 'System', no_copy: true }),
  user('created_by__v', 'Created By', 'document_createdby__vr'),
  user('version_created_by__v', 'Version Created By', 'document_versioncreatedby__vr'),
  user('last_modified_by__v', 'Last Modified By', 'document_lastmodifiedby__vr'),
  count('annotations_all__v', 'Annotations (All)'),
  count('annotations_links__v', 'Annotations (Links)'),
  count('annotations_anchors__v', 'Annotations (Anchors)'),
  count('annotations_notes__v', 'Annotations (Notes)'),
  count('annotations_lines__v', 'Annotations (Lines)'),
  count('annotations_resolved__v', 'Annotations (Resolved)'),
  count('annotations_unresolved__v', 'Annotations (Unresolved)'),
  role('owner__v', 'Owner'),
  role('coordinator__v', 'Coordinator'),
  role('approver__v', 'Approver'),
  role('reviewer__v', 'Reviewer'),
  role('editor__v', 'Editor'),
  role('viewer__v', 'Viewer'),
  role('consumer__v', 'Consumer'),
  role('distribution_contacts__v', 'Distribution Contacts'),
];

/**
 * Values of the standard fields a version has not set (gaps.md §13: present even when empty; text
 * empty, never null). Spec types: `allow_pdf_download__v` is an array of strings and
 * `suppress_rendition__v` a string. Record fields set by the service (binder, file, versions,
 * dates, annotations, roles) are written by `documentRecord`; these are the editable ones.
 */
export const STANDARD_DEFAULTS: Readonly<Record<string, () => unknown>> = {
  description__v: () => '',
  product__v: () => [],
  language__v: () => [],
  country__v: () => [],
  suppress_rendition__v: () => 'false',
  allow_download_embedded_viewer__v: () => false,
  allow_pdf_download__v: () => [],
  restrict_fragments_by_product__v: () => false,
};

/** The lock (check-out) fields: what the `lock` address of endpoint 17 describes (gaps.md §9). */
export const LOCK_FIELDS: readonly StandardField[] = [
  sys('locked_by__v', 'Checked Out By', 'ObjectReference', { scope: 'Document', section: 'Lock', object: 'user__sys', relationship_type: 'reference', relationship_name: 'document_lockedby__vr', no_copy: true }),
  sys('locked_date__v', 'Checked Out Date', 'DateTime', { scope: 'Document', section: 'Lock', no_copy: true }),
];

/** The role fields of a document record (spec: "Document record"). */
export const ROLES = [
  'owner__v', 'coordinator__v', 'approver__v', 'reviewer__v', 'editor__v', 'viewer__v', 'consumer__v', 'distribution_contacts__v',
] as const;
export type RoleName = (typeof ROLES)[number];

/** Roles whose members may check a document out (chosen: the roles with edit rights). */
export const EDIT_ROLES: readonly RoleName[] = ['owner__v', 'coordinator__v', 'editor__v'];
