/**
 * What a Doctype configures beyond fields and lifecycles (endpoints 18–20 "where configured"):
 * rendition types, processes, default workflows, relationship types and templates. Each reads the
 * registry along a Doctype chain (`base_document__v` first).
 */
import { referencedName, type ComponentRegistry } from '../configuration';
import type { Level, RelationshipTypeInfo, TemplateInfo } from './metadata-types';
import { refs, str } from './metadata-values';

/** Rendition types configured on this very Doctype. */
export function ownRenditionTypes(registry: ComponentRegistry, doctype: string): string[] {
  return refs(registry.get('Doctype', doctype)?.attributes.rendition_types);
}

/** A list attribute of a Doctype as strings, in order (`processes`, `default_workflows`). */
export function stringList(registry: ComponentRegistry, doctype: string, attribute: 'processes' | 'default_workflows'): string[] {
  const p = registry.get('Doctype', doctype)?.attributes[attribute];
  return Array.isArray(p) ? p.map(String) : [];
}

/** Active relationship types listed anywhere on the chain, once each. */
export function relationshipTypes(registry: ComponentRegistry, chain: readonly string[]): RelationshipTypeInfo[] {
  const names = [...new Set(chain.flatMap((d) => refs(registry.get('Doctype', d)?.attributes.relationship_types)))];
  return names.flatMap((n) => {
    const r = registry.get('Docrelationshiptype', n);
    if (!r || r.attributes.active === false) return [];
    return [{ name: n, label: str(r.attributes.label) ?? n, ...(str(r.attributes.description) ? { description: str(r.attributes.description) } : {}), singleUse: r.attributes.single_use === true }];
  });
}

/** Active templates defined on a Doctype of the chain, in chain order. */
export function templates(registry: ComponentRegistry, chain: readonly string[], levelOf: (doctype: string) => Level | undefined): TemplateInfo[] {
  const all = registry.list('Documenttemplate').filter((t) => t.attributes.active !== false);
  return chain.flatMap((d) =>
    all
      .filter((t) => referencedName(String(t.attributes.doctype ?? '')) === d)
      .map((t) => ({
        label: str(t.attributes.label) ?? t.name,
        name: t.name,
        kind: str(t.attributes.kind) ?? 'document',
        definedIn: d,
        definedInType: levelOf(d) ?? 'type',
      })),
  );
}
