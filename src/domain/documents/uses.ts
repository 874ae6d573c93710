/**
 * The documents that use a configuration component (MDL may not DROP or RENAME it from under them):
 * the store's `usesOf`, registered with the configuration registry.
 */
import type { StoredDocument } from './model';

export function documentsUsing(docs: Iterable<StoredDocument>, type: string, name: string): string[] {
  const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
  const using = [...docs].filter((d) =>
    type === 'Doctype' ? d.doctype === name
      : type === 'Doclifecycle' ? d.lifecycle === name
        : type === 'Docfield' ? d.versions.some((v) => Object.hasOwn(v.fields, name) && hasValue(v.fields[name]))
          : false,
  );
  if (using.length === 0) return [];
  const shown = using.slice(0, 5).map((d) => `document ${d.id}`);
  return using.length > 5 ? [...shown, `${using.length - 5} more documents`] : shown;
}
