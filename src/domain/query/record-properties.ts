/**
 * `record_properties` of a query answer (gaps.md §12, header `X-TenantAPI-RecordProperties`):
 * one entry per row of the page, in row order, naming the row's `id` and which of the selected
 * fields are hidden, redacted or web links for the caller. dms-sim has no field-level security
 * and no redaction, so those lists are empty; a selected field of type `Link` is a web link
 * (docs/decisions.md, "Real-client fidelity").
 */
import type { Row, SelectItem } from '../../vql';
import type { SimTarget } from './types';

export const RECORD_PROPERTY_KINDS = ['all', 'hidden', 'redacted', 'weblink'] as const;
export type RecordPropertyKind = (typeof RECORD_PROPERTY_KINDS)[number];

/** The header's value as a kind (any letter case, spaces trimmed); undefined for anything else. */
export function recordPropertyKind(value: string | undefined): RecordPropertyKind | undefined {
  const v = value?.trim().toLowerCase();
  return (RECORD_PROPERTY_KINDS as readonly string[]).includes(v ?? '') ? (v as RecordPropertyKind) : undefined;
}

export interface RecordProperty {
  id: unknown;
  field_properties: { hidden?: string[]; redacted?: string[]; weblink?: string[] };
  field_additional_data: Record<string, unknown>;
  hidden_fields?: string[];
}

/** The entries of one page of rows (unprojected) of `target`, for the fields `select` names. */
export function recordProperties(kind: RecordPropertyKind, target: SimTarget, select: readonly SelectItem[], rows: readonly Row[]): RecordProperty[] {
  const selected = select.flatMap((s) => (s.kind === 'field' && !s.field.includes('.') ? [s.field] : []));
  const weblinks = [...new Set(selected.filter((f) => target.describeField(f)?.type === 'Link'))];
  const want = (k: RecordPropertyKind) => kind === 'all' || kind === k;
  return rows.map((row) => {
    const p: RecordProperty = { id: target.get ? target.get(row, 'id') : (row as { id?: unknown }).id, field_properties: {}, field_additional_data: {} };
    if (want('hidden')) {
      p.field_properties.hidden = [];
      p.hidden_fields = [];
    }
    if (want('redacted')) p.field_properties.redacted = [];
    if (want('weblink')) p.field_properties.weblink = [...weblinks];
    return p;
  });
}
