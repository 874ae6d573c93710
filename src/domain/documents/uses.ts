/**
 * The documents that use a configuration component (MDL may not DROP or RENAME it from under them,
 * nor change how their values read): the store's `usesOf`, registered with the configuration
 * registry. Subcomponents are named `component.subcomponent`: a lifecycle's state
 * (`Doclifecyclestate`, used by the versions in it) and a picklist's entry (`Picklistentry`, used by
 * the versions holding it in a field of that picklist, as `registry`, the one being changed, has
 * them: a script may have renamed the picklist), and a Doctype's shared field (`Doctypefield`, used
 * by the documents of that type holding a value of it).
 */
import type { ComponentRegistry } from '../configuration';
import type { StoredDocument } from './model';

/** Whether a stored value is one (0 and false are; null, '' and [] are not): what a rename would leave unread. */
export const hasValue = (v: unknown): boolean => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
const holds = (v: unknown, entry: string) => (Array.isArray(v) ? v.includes(entry) : v === entry);

export function documentsUsing(docs: Iterable<StoredDocument>, type: string, name: string, registry: ComponentRegistry): string[] {
  const [component, sub] = splitSub(name);
  const fields = type === 'Picklistentry' ? picklistFields(registry, component) : [];
  const using = [...docs].filter((d) =>
    type === 'Doctype' ? d.doctype === name
      : type === 'Doclifecycle' ? d.lifecycle === name
        : type === 'Docfield' ? d.versions.some((v) => Object.hasOwn(v.fields, name) && hasValue(v.fields[name]))
          : type === 'Doclifecyclestate' ? d.lifecycle === component && d.versions.some((v) => v.state === sub)
            : type === 'Picklistentry' ? d.versions.some((v) => fields.some((f) => Object.hasOwn(v.fields, f) && holds(v.fields[f], sub)))
              : type === 'Doctypefield' ? d.doctype === component && d.versions.some((v) => Object.hasOwn(v.fields, sub) && hasValue(v.fields[sub]))
                : false,
  );
  return using.map((d) => `document ${d.id}`);
}

/** `component.subcomponent` → both names (a component name holds no dot). */
function splitSub(name: string): [string, string] {
  const dot = name.indexOf('.');
  return dot < 0 ? [name, ''] : [name.slice(0, dot), name.slice(dot + 1)];
}

/** The Docfields of a picklist, through the registry's index of references (no scan). */
function picklistFields(registry: ComponentRegistry, picklist: string): string[] {
  return registry.referrersOf('Picklist', picklist)
    .filter((r) => r.attribute === 'picklist' && r.component.startsWith('Docfield.'))
    .map((r) => r.component.slice('Docfield.'.length));
}

