/**
 * Document metadata as a view of the tenant's one configuration model (the ComponentRegistry):
 * fields (standard catalogue merged with Docfield records), the Doctype hierarchy
 * (type > subtype > classification through `parent`), lifecycles, rendition types, relationship
 * types and templates.
 * Computed on read and cached on `registry.revision`, so an MDL change shows at once.
 * Split by concept: shapes in metadata-types.ts, one field's metadata in field-metadata.ts, what a
 * Doctype configures beyond fields (renditions, relationships, templates...) in doctype-extras.ts.
 */
import { apiError } from '../errors';
import { withKeptSlot } from '../kept-slot';
import { BASE_DOCTYPE, referencedName, type ComponentRegistry, type ComponentRecord } from '../configuration';
import { ownRenditionTypes, relationshipTypes, stringList, templates } from './doctype-extras';
import { type FieldContext, fieldMetadata, picklistEntries } from './field-metadata';
import type { DoctypeInfo, FieldMetadata, Level, LifecycleInfo, RelationshipTypeInfo, TemplateInfo } from './metadata-types';
import { num, refs, str } from './metadata-values';
import { LOCK_FIELDS, STANDARD_FIELDS, type StandardField } from './standard-fields';

export type { DoctypeInfo, FieldMetadata, Level, LifecycleInfo, RelationshipTypeInfo, TemplateInfo } from './metadata-types';

/** One computed view of a registry revision. */
export class MetadataView {
  readonly doctypes = new Map<string, DoctypeInfo>();
  readonly lifecycles = new Map<string, LifecycleInfo>();
  /**
   * Every field, standard first, in catalogue then registry order: endpoint 15's answer, kept (its
   * body and bytes built once, in its kept slot); a view never changes once made.
   */
  readonly fields: FieldMetadata[] = withKeptSlot([]);
  readonly fieldByName = new Map<string, FieldMetadata>();
  /** Field names applying to every document (base fields). */
  private readonly baseFields: string[] = [];
  /** Doctype name → fields defined in it (non-shared `defined_in`) or listed in its `fields` (shared). */
  private readonly ownFields = new Map<string, string[]>();
  private readonly fieldsForCache = new Map<string, FieldMetadata[]>();
  private readonly fieldContext: FieldContext;

  constructor(private readonly registry: ComponentRegistry) {
    this.fieldContext = { registry, levelOf: (d) => this.doctypes.get(d)?.level };
    this.buildDoctypes();
    this.buildLifecycles();
    this.buildFields();
  }

  private buildDoctypes(): void {
    const records = this.registry.list('Doctype').filter((r) => r.name !== BASE_DOCTYPE);
    const parentOf = (r: ComponentRecord) => {
      const p = str(r.attributes.parent);
      const name = p === undefined ? undefined : referencedName(p);
      return name === BASE_DOCTYPE ? undefined : name;
    };
    const byName = new Map(records.map((r) => [r.name, r]));
    const levels: Level[] = ['type', 'subtype', 'classification'];
    for (const r of records) {
      const chain = [r.name];
      for (let p = parentOf(r); p !== undefined && chain.length < 4; p = byName.has(p) ? parentOf(byName.get(p)!) : undefined) chain.unshift(p);
      this.doctypes.set(r.name, {
        name: r.name, label: str(r.attributes.label) ?? r.name, level: levels[Math.min(chain.length - 1, 2)], chain, children: [],
        active: r.attributes.active !== false, record: r,
      });
    }
    for (const r of records) {
      const p = parentOf(r);
      if (p !== undefined) this.doctypes.get(p)?.children.push(r.name);
    }
  }

  private buildLifecycles(): void {
    for (const r of this.registry.list('Doclifecycle')) {
      const states = (r.subcomponents.Doclifecyclestate ?? [])
        .filter((s) => s.attributes.active !== false)
        .map((s) => ({ name: s.name, label: str(s.attributes.label) ?? s.name, order: num(s.attributes.order) ?? 0, stateType: str(s.attributes.state_type) }))
        .sort((a, b) => a.order - b.order);
      this.lifecycles.set(r.name, { name: r.name, label: str(r.attributes.label) ?? r.name, states });
    }
  }

  private buildFields(): void {
    const records = new Map(this.registry.list('Docfield').map((r) => [r.name, r]));
    const defs: StandardField[] = STANDARD_FIELDS.map((f) => (records.has(f.name) ? { name: f.name, attributes: records.get(f.name)!.attributes } : f));
    for (const r of records.values()) if (!STANDARD_FIELDS.some((f) => f.name === r.name)) defs.push({ name: r.name, attributes: r.attributes });
    const usedIn = new Map<string, { key: string; type: Level }[]>();
    for (const d of this.doctypeRecordsWithBase()) {
      for (const f of refs(d.attributes.fields)) {
        usedIn.set(f, [...(usedIn.get(f) ?? []), { key: d.name, type: this.doctypes.get(d.name)?.level ?? 'type' }]);
        this.ownFields.set(d.name, [...(this.ownFields.get(d.name) ?? []), f]);
      }
    }
    for (const def of defs) {
      const a = def.attributes;
      const shared = a.shared === true;
      const definedIn = str(a.defined_in) === undefined ? undefined : referencedName(str(a.defined_in)!);
      if (!shared && definedIn === undefined) this.baseFields.push(def.name);
      if (!shared && definedIn !== undefined) this.ownFields.set(definedIn, [...(this.ownFields.get(definedIn) ?? []), def.name]);
      const meta = this.fieldMetadata(def, shared, definedIn, usedIn.get(def.name) ?? []);
      this.fields.push(meta);
      this.fieldByName.set(meta.name, meta);
    }
  }

  private doctypeRecordsWithBase(): ComponentRecord[] {
    const base = this.registry.get('Doctype', BASE_DOCTYPE);
    return [...(base ? [base] : []), ...[...this.doctypes.values()].map((d) => d.record)];
  }

  /** Field metadata of one definition in this view (levels of `definedIn` read from its Doctypes). */
  fieldMetadata(def: StandardField, shared: boolean, definedIn: string | undefined, usedIn: { key: string; type: Level }[]): FieldMetadata {
    return fieldMetadata(this.fieldContext, def, shared, definedIn, usedIn);
  }

  /** Active entries of a picklist, in order: `{name, label}` (label is the entry's value). */
  picklistEntries(name: string): { name: string; label: string }[] {
    return picklistEntries(this.registry, name);
  }

  /** The top level: Doctypes that are types (base_document__v excluded). */
  types(): DoctypeInfo[] {
    return [...this.doctypes.values()].filter((d) => d.level === 'type');
  }

  doctype(name: string): DoctypeInfo | undefined {
    return this.doctypes.get(name);
  }

  /** A child of `parent` (or a type when parent is undefined) by name or label (labels case-insensitive). */
  /**
   * The Doctype at type[/subtype[/classification]] (endpoints 18–20): each name must be a Doctype
   * at that place in the hierarchy, else INVALID_DATA naming it and its parameter.
   */
  doctypeAt(path: string[]): DoctypeInfo {
    const params = ['type', 'subtype', 'classification'];
    let found: DoctypeInfo | undefined;
    path.forEach((name, i) => {
      found = this.doctype(name);
      if (!found || found.chain.join('/') !== path.slice(0, i + 1).join('/')) throw apiError('invalidValue', name, params[i]);
    });
    if (!found) throw apiError('parameterRequired', 'type');
    return found;
  }

  resolve(labelOrName: string, parent?: string): DoctypeInfo | undefined {
    const candidates = parent === undefined ? this.types() : (this.doctypes.get(parent)?.children ?? []).map((n) => this.doctypes.get(n)!);
    const wanted = labelOrName.trim();
    return candidates.find((d) => d.name === wanted) ?? candidates.find((d) => d.label.toLowerCase() === wanted.toLowerCase());
  }

  resolveLifecycle(labelOrName: string): LifecycleInfo | undefined {
    const wanted = labelOrName.trim();
    const all = [...this.lifecycles.values()];
    return all.find((l) => l.name === wanted) ?? all.find((l) => l.label.toLowerCase() === wanted.toLowerCase());
  }

  /** Fields applying to documents of a Doctype: base fields, those defined in its chain, shared ones its chain lists. */
  fieldsFor(doctype: string): FieldMetadata[] {
    const cached = this.fieldsForCache.get(doctype);
    if (cached) return cached;
    const names = new Set(this.baseFields);
    for (const d of this.chainWithBase(doctype)) for (const f of this.ownFields.get(d) ?? []) names.add(f);
    const out = this.fields.filter((f) => names.has(f.name));
    this.fieldsForCache.set(doctype, out);
    return out;
  }

  /** `availableLifecycles` of a Doctype: its own, else the nearest ancestor's (base_document__v last). */
  availableLifecycles(doctype: string): LifecycleInfo[] {
    for (const d of this.chainWithBase(doctype).reverse()) {
      const own = refs(this.registry.get('Doctype', d)?.attributes.available_lifecycles);
      if (own.length) return own.map((n) => this.lifecycles.get(n)).filter((l): l is LifecycleInfo => l !== undefined);
    }
    return [];
  }

  /** The chain of a Doctype with `base_document__v` first. */
  private chainWithBase(doctype: string): string[] {
    return [BASE_DOCTYPE, ...(this.doctypes.get(doctype)?.chain ?? [])];
  }

  /**
   * What the metadata of a Doctype shows at any level (endpoints 18–20; gaps.md §12): the rendition
   * types its documents have (configured anywhere on its chain, names) and its fields, a type with
   * subtypes and a subtype with classifications included (the real service's clients read both).
   */
  levelShows(doctype: string): { renditions: string[]; properties: FieldMetadata[] } {
    return { renditions: this.renditionTypes(doctype), properties: this.fieldsFor(doctype) };
  }

  /** Rendition types configured on this very Doctype. */
  ownRenditionTypes(doctype: string): string[] {
    return ownRenditionTypes(this.registry, doctype);
  }

  /** Rendition types a document of this Doctype has: configured anywhere on its chain. */
  renditionTypes(doctype: string): string[] {
    return [...new Set(this.chainWithBase(doctype).flatMap((d) => ownRenditionTypes(this.registry, d)))];
  }

  processes(doctype: string): string[] {
    return stringList(this.registry, doctype, 'processes');
  }

  /** `defaultWorkflows` of a type: its own `default_workflows` (labels), in order. */
  defaultWorkflows(doctype: string): string[] {
    return stringList(this.registry, doctype, 'default_workflows');
  }

  /** Active relationship types a document of this Doctype may have: listed anywhere on its chain (base first), once each. */
  relationshipTypes(doctype: string): RelationshipTypeInfo[] {
    return relationshipTypes(this.registry, this.chainWithBase(doctype));
  }

  /** Active templates offered for this Doctype: those defined on it or on a Doctype above it (base first). */
  templates(doctype: string): TemplateInfo[] {
    return templates(this.registry, this.chainWithBase(doctype), this.fieldContext.levelOf);
  }

  /** The lock (check-out) field metadata (gaps.md §9). */
  lockFields(): FieldMetadata[] {
    return LOCK_FIELDS.map((f) => this.fieldMetadata(f, false, undefined, []));
  }
}

/** The metadata of one tenant: a view recomputed only when the registry's revision moves. */
export class DocumentMetadata {
  private cached?: { revision: number; view: MetadataView };

  constructor(readonly registry: ComponentRegistry) {}

  view(): MetadataView {
    const revision = this.registry.revision;
    if (this.cached?.revision !== revision) this.cached = { revision, view: new MetadataView(this.registry) };
    return this.cached.view;
  }
}
