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
const hasValue = (v: unknown): boolean => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
/** Whether a record of fields holds a value of `name` (its own key, a value by hasValue). */
export const holdsValue = (fields: Readonly<Record<string, unknown>>, name: string): boolean => Object.hasOwn(fields, name) && hasValue(fields[name]);
const holds = (v: unknown, entry: string) => (Array.isArray(v) ? v.includes(entry) : v === entry);

export function documentsUsing(docs: Iterable<StoredDocument>, type: string, name: string, registry: ComponentRegistry): string[] {
  const uses = useTest(type, name, registry);
  if (!uses) return [];
  const using: string[] = [];
  for (const d of docs) if (uses(d)) using.push(`document ${d.id}`);
  return using;
}

/** Whether a document uses the component, by its type; undefined for a type documents never use (nothing scanned). */
function useTest(type: string, name: string, registry: ComponentRegistry): ((d: StoredDocument) => boolean) | undefined {
  const [component, sub] = splitSub(name);
  switch (type) {
    case 'Doctype': return (d) => d.doctype === name;
    case 'Doclifecycle': return (d) => d.lifecycle === name;
    case 'Docfield': return (d) => d.versions.some((v) => holdsValue(v.fields, name));
    case 'Doclifecyclestate': return (d) => d.lifecycle === component && d.versions.some((v) => v.state === sub);
    case 'Picklistentry': {
      const fields = picklistFields(registry, component);
      return (d) => d.versions.some((v) => fields.some((f) => Object.hasOwn(v.fields, f) && holds(v.fields[f], sub)));
    }
    case 'Doctypefield': return (d) => d.doctype === component && d.versions.some((v) => holdsValue(v.fields, sub));
    default: return undefined;
  }
}

/** `component.subcomponent` → both names (a component name holds no dot). */
export function splitSub(name: string): [string, string] {
  const dot = name.indexOf('.');
  return dot < 0 ? [name, ''] : [name.slice(0, dot), name.slice(dot + 1)];
}

/** The Docfields of a picklist, through the registry's index of references (no scan). */
function picklistFields(registry: ComponentRegistry, picklist: string): string[] {
  return registry.referrersOf('Picklist', picklist)
    .filter((r) => r.attribute === 'picklist' && r.component.startsWith('Docfield.'))
    .map((r) => r.component.slice('Docfield.'.length));
}

