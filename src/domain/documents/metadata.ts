/**
 * Document metadata as a view of the tenant's one configuration model (the ComponentRegistry):
 * fields (standard catalogue merged with Docfield records), the Doctype hierarchy
 * (type > subtype > classification through `parent`), lifecycles, rendition types, relationship
 * types and templates.
 * Computed on read and cached on `registry.revision`, so an MDL change shows at once.
 */
import { BASE_DOCTYPE, referencedName, type ComponentRegistry, type ComponentRecord, type Value } from '../configuration';
import { LOCK_FIELDS, STANDARD_FIELDS, type StandardField } from './standard-fields';

export type Level = 'type' | 'subtype' | 'classification';

/** Document field metadata: the members of the spec's table (camelCase), absent when their condition does not hold. */
export interface FieldMetadata {
  name: string;
  scope: string;
  type: string;
  required: boolean;
  maxLength?: number;
  minValue?: number;
  maxValue?: number;
  repeating: boolean;
  systemAttribute: boolean;
  editable: boolean;
  setOnCreateOnly: boolean;
  disabled: boolean;
  hidden: boolean;
  queryable: boolean;
  facetable: boolean;
  noCopy: boolean;
  shared?: boolean;
  usedIn?: { key: string; type: Level }[];
  label: string;
  section?: string;
  sectionPosition?: number;
  helpContent?: string;
  definedInType: Level;
  definedIn: string;
  objectType?: string;
  relationshipType?: string;
  relationshipName?: string;
  picklist?: string;
  entries?: { name: string; label: string }[];
}

export interface DoctypeInfo {
  name: string;
  label: string;
  level: Level;
  /** Names from the type down to this one (base_document__v excluded). */
  chain: string[];
  children: string[];
  active: boolean;
  record: ComponentRecord;
}

export interface RelationshipTypeInfo {
  name: string;
  label: string;
  description?: string;
  singleUse: boolean;
}

/** A template as endpoints 18–20 show it (spec: `{label, name, kind, definedIn, definedInType}`). */
export interface TemplateInfo {
  label: string;
  name: string;
  kind: string;
  definedIn: string;
  definedInType: Level;
}

export interface LifecycleInfo {
  name: string;
  label: string;
  states: { name: string; label: string; order: number; stateType?: string }[];
}

const STRING_LIKE = new Set(['String', 'LongText', 'RichText', 'Link', 'id']);
const NUMERIC = new Set(['Number']);
const REFERENCE = new Set(['ObjectReference', 'Users']);

const str = (v: Value | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: Value | undefined): number | undefined => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined);
const refs = (v: Value | undefined): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) => referencedName(String(x)));

/** One computed view of a registry revision. */
export class MetadataView {
  readonly doctypes = new Map<string, DoctypeInfo>();
  readonly lifecycles = new Map<string, LifecycleInfo>();
  /** Every field, standard first, in catalogue then registry order. */
  readonly fields: FieldMetadata[] = [];
  readonly fieldByName = new Map<string, FieldMetadata>();
  /** Field names applying to every document (base fields). */
  private readonly baseFields: string[] = [];
  /** Doctype name → fields defined in it (non-shared `defined_in`) or listed in its `fields` (shared). */
  private readonly ownFields = new Map<string, string[]>();
  private readonly fieldsForCache = new Map<string, FieldMetadata[]>();

  constructor(private readonly registry: ComponentRegistry) {
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

  fieldMetadata(def: StandardField, shared: boolean, definedIn: string | undefined, usedIn: { key: string; type: Level }[]): FieldMetadata {
    const a = def.attributes;
    const type = str(a.type) ?? 'String';
    const noCopy = a.no_copy === true;
    const m: FieldMetadata = {
      name: def.name,
      scope: str(a.scope) ?? 'DocumentVersion',
      type,
      required: a.required === true,
      repeating: a.multi_value === true,
      systemAttribute: a.system_attribute === true || def.name.endsWith('__v'),
      editable: a.editable !== false,
      setOnCreateOnly: a.set_on_create_only === true,
      disabled: a.active === false,
      hidden: a.hidden === true,
      queryable: a.queryable !== false,
      facetable: a.facetable === true,
      noCopy,
      label: str(a.label) ?? def.name,
      definedInType: definedIn ? (this.doctypes.get(definedIn)?.level ?? 'type') : 'type',
      definedIn: definedIn ?? BASE_DOCTYPE,
    };
    if (STRING_LIKE.has(type)) m.maxLength = num(a.max_length) ?? (type === 'String' ? 255 : type === 'id' ? 20 : 32000);
    if (NUMERIC.has(type)) {
      if (a.min_value !== undefined) m.minValue = num(a.min_value);
      if (a.max_value !== undefined) m.maxValue = num(a.max_value);
    }
    // Spec: `shared` is present on all fields except noCopy ones; `usedIn` only when shared.
    if (!noCopy) m.shared = shared;
    if (shared) m.usedIn = usedIn;
    if (str(a.section)) m.section = str(a.section);
    if (num(a.section_position) !== undefined) m.sectionPosition = num(a.section_position);
    if (str(a.help_content)) m.helpContent = str(a.help_content);
    if (REFERENCE.has(type)) {
      m.objectType = referencedName(str(a.object) ?? 'user__sys');
      m.relationshipType = str(a.relationship_type) ?? 'reference';
      m.relationshipName = str(a.relationship_name) ?? `document_${def.name.replace(/__[a-z]+$/, '')}__vr`;
    }
    if (type === 'Picklist' && str(a.picklist)) {
      const name = referencedName(str(a.picklist)!);
      m.picklist = name;
      m.entries = this.picklistEntries(name);
    }
    return m;
  }

  /** Active entries of a picklist, in order: `{name, label}` (label is the entry's value). */
  picklistEntries(name: string): { name: string; label: string }[] {
    const p = this.registry.get('Picklist', name);
    return (p?.subcomponents.Picklistentry ?? [])
      .filter((e) => e.attributes.active !== false)
      .map((e) => ({ name: e.name, label: str(e.attributes.value) ?? e.name, order: num(e.attributes.order) ?? 0 }))
      .sort((x, y) => x.order - y.order)
      .map(({ name: n, label }) => ({ name: n, label }));
  }

  /** The top level: Doctypes that are types (base_document__v excluded). */
  types(): DoctypeInfo[] {
    return [...this.doctypes.values()].filter((d) => d.level === 'type');
  }

  doctype(name: string): DoctypeInfo | undefined {
    return this.doctypes.get(name);
  }

  /** A child of `parent` (or a type when parent is undefined) by name or label (labels case-insensitive). */
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
    const chain = [BASE_DOCTYPE, ...(this.doctypes.get(doctype)?.chain ?? [])];
    const names = new Set(this.baseFields);
    for (const d of chain) for (const f of this.ownFields.get(d) ?? []) names.add(f);
    const out = this.fields.filter((f) => names.has(f.name));
    this.fieldsForCache.set(doctype, out);
    return out;
  }

  /** `availableLifecycles` of a Doctype: its own, else the nearest ancestor's (base_document__v last). */
  availableLifecycles(doctype: string): LifecycleInfo[] {
    const chain = [BASE_DOCTYPE, ...(this.doctypes.get(doctype)?.chain ?? [])];
    for (const d of chain.reverse()) {
      const own = refs(this.registry.get('Doctype', d)?.attributes.available_lifecycles);
      if (own.length) return own.map((n) => this.lifecycles.get(n)).filter((l): l is LifecycleInfo => l !== undefined);
    }
    return [];
  }

  /** Rendition types configured on this very Doctype. */
  ownRenditionTypes(doctype: string): string[] {
    return refs(this.registry.get('Doctype', doctype)?.attributes.rendition_types);
  }

  /** Rendition types a document of this Doctype has: configured anywhere on its chain. */
  renditionTypes(doctype: string): string[] {
    const chain = [BASE_DOCTYPE, ...(this.doctypes.get(doctype)?.chain ?? [])];
    return [...new Set(chain.flatMap((d) => this.ownRenditionTypes(d)))];
  }

  processes(doctype: string): string[] {
    const p = this.registry.get('Doctype', doctype)?.attributes.processes;
    return Array.isArray(p) ? p.map(String) : [];
  }

  /** `defaultWorkflows` of a type: its own `default_workflows` (labels), in order. */
  defaultWorkflows(doctype: string): string[] {
    const p = this.registry.get('Doctype', doctype)?.attributes.default_workflows;
    return Array.isArray(p) ? p.map(String) : [];
  }

  /** Active relationship types a document of this Doctype may have: listed anywhere on its chain (base first), once each. */
  relationshipTypes(doctype: string): RelationshipTypeInfo[] {
    const chain = [BASE_DOCTYPE, ...(this.doctypes.get(doctype)?.chain ?? [])];
    const names = [...new Set(chain.flatMap((d) => refs(this.registry.get('Doctype', d)?.attributes.relationship_types)))];
    return names.flatMap((n) => {
      const r = this.registry.get('Docrelationshiptype', n);
      if (!r || r.attributes.active === false) return [];
      return [{ name: n, label: str(r.attributes.label) ?? n, ...(str(r.attributes.description) ? { description: str(r.attributes.description) } : {}), singleUse: r.attributes.single_use === true }];
    });
  }

  /** Active templates offered for this Doctype: those defined on it or on a Doctype above it (base first). */
  templates(doctype: string): TemplateInfo[] {
    const chain = [BASE_DOCTYPE, ...(this.doctypes.get(doctype)?.chain ?? [])];
    const all = this.registry.list('Documenttemplate').filter((t) => t.attributes.active !== false);
    return chain.flatMap((d) =>
      all
        .filter((t) => referencedName(String(t.attributes.doctype ?? '')) === d)
        .map((t) => ({
          label: str(t.attributes.label) ?? t.name,
          name: t.name,
          kind: str(t.attributes.kind) ?? 'document',
          definedIn: d,
          definedInType: this.doctypes.get(d)?.level ?? 'type',
        })),
    );
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
