/**
 * ComponentRegistry: the one configuration model of a tenant. Records are immutable values (frozen on
 * the way in), so a clone shares them, and a transaction runs on a clone that replaces the state only
 * when the whole function succeeds. `revision` rises by one per committed change; views cache on it
 * or subscribe with onChange().
 *
 * Records are kept per type (TypeTable) with an index of references (ReferenceIndex): finding a
 * record, listing a type and finding a record's referrers never scan the registry, so a script of n
 * statements costs O(n), not O(n × records) (issue 18). A clone copies a type's table, or an index
 * entry, only when it first changes it.
 */
import { ConfigErrorCode, ConfigurationError } from './errors';
import { componentKey, type BoundFile, type ComponentRecord, type StagedFile, type SubcomponentRecord, type Value } from './model';
import { componentTypeMetadata } from './componentTypes';
import { ReferenceIndex } from './reference-index';
import { rewriteReferences } from './references';
import { checkTypeRules } from './rules';
import { TypeTable } from './type-table';
import { type UseCheck, refuseChangedUses, refuseUsed } from './use-checks';
import { checkName, validateRecord, type RecordLookup } from './validate';

export interface Referrer {
  /** 'Type.name' of the referring component. */
  readonly component: string;
  /** Its referring attribute (see Reference.attribute). */
  readonly attribute: string;
}

export type ChangeListener = (revision: number) => void;

interface State {
  /** type → its records, types in the order they were first defined. */
  components: Map<string, TypeTable>;
  /** 'Type.name' → files bound to that component. */
  files: Map<string, readonly BoundFile[]>;
  references: ReferenceIndex;
}

// Object.fromEntries defines own properties: a key `__proto__` stays an (invalid) attribute or
// collection that validation reports, instead of an assignment that sets the prototype.
const freezeAttrs = (attrs: Readonly<Record<string, Value>>): Readonly<Record<string, Value>> =>
  Object.freeze(
    Object.fromEntries(
      Object.entries(attrs)
        .filter(([, v]) => !(v === undefined || v === null || (Array.isArray(v) && v.length === 0)))
        .map(([k, v]) => [k, Array.isArray(v) ? Object.freeze([...v]) : v]),
    ),
  );

/** A frozen copy without empty attributes or empty subcomponent collections. */
export function canonicalRecord(r: ComponentRecord): ComponentRecord {
  const subcomponents: Record<string, readonly SubcomponentRecord[]> = Object.fromEntries(
    Object.entries(r.subcomponents ?? {})
      .filter(([, entries]) => entries.length > 0)
      .map(([subtype, entries]) => [subtype, Object.freeze(entries.map((e) => Object.freeze({ name: e.name, attributes: freezeAttrs(e.attributes) })))]),
  );
  return Object.freeze({ type: r.type, name: r.name, attributes: freezeAttrs(r.attributes), subcomponents: Object.freeze(subcomponents) });
}

export class ComponentRegistry implements RecordLookup {
  private state: State = { components: new Map(), files: new Map(), references: new ReferenceIndex() };
  /** The type tables this registry may change in place (the others are shared with a clone). */
  private owned = new WeakSet<TypeTable>();
  private rev = 0;
  private readonly listeners = new Set<ChangeListener>();
  /** Shared with clones, so that a transaction's draft checks them too. */
  private useChecks: UseCheck[] = [];

  get revision(): number {
    return this.rev;
  }

  get(type: string, name: string): ComponentRecord | undefined {
    return this.state.components.get(type)?.get(name);
  }

  has(type: string, name: string): boolean {
    return this.get(type, name) !== undefined;
  }

  /** Records of one type, in the order they were first defined (frozen; the same array until a change). */
  list(type: string): readonly ComponentRecord[] {
    return this.state.components.get(type)?.list() ?? [];
  }

  all(): readonly ComponentRecord[] {
    return [...this.state.components.values()].flatMap((t) => t.list());
  }

  /**
   * Components holding a reference to Type.name (other than itself), in registry order (types in
   * the order first defined, records in definition order), each referring attribute once.
   */
  referrersOf(type: string, name: string): Referrer[] {
    const target = componentKey(type, name);
    const referrers = this.state.references.referrersOf(target);
    if (referrers.size === 0) return [];
    const typeOrder = new Map([...this.state.components.keys()].map((t, i) => [t, i]));
    const placed = [...referrers]
      .filter(([component]) => component !== target)
      .map(([component, attributes]) => {
        const [t, n] = splitKey(component);
        return { component, attributes, type: typeOrder.get(t) ?? typeOrder.size, seq: this.state.components.get(t)?.seqOf(n) ?? 0 };
      })
      .sort((a, b) => a.type - b.type || a.seq - b.seq);
    return placed.flatMap((p) => p.attributes.map((attribute) => ({ component: p.component, attribute })));
  }

  /** Creates or replaces a record after validating it; records referring to it must stay valid too. */
  put(record: ComponentRecord): ComponentRecord {
    const next = canonicalRecord(record);
    const previous = this.get(next.type, next.name);
    this.store(next);
    try {
      validateRecord(next, this);
      for (const referrer of this.referrersOf(next.type, next.name)) {
        const [type, name] = splitKey(referrer.component);
        checkTypeRules(this.get(type, name)!, this);
      }
      // After validation: an invalid value is told as such, not as a change refused.
      if (previous && this.useChecks.length > 0) refuseChangedUses(this.useChecks, this, previous, next);
    } catch (e) {
      if (previous) this.store(previous);
      else this.drop(next.type, next.name);
      throw e;
    }
    this.syncFiles(next);
    this.changed();
    return next;
  }

  /** Removes a record; refused while another component refers to it. */
  remove(type: string, name: string): void {
    const key = componentKey(type, name);
    if (!this.has(type, name)) throw notFound(key);
    const referrers = this.referrersOf(type, name);
    if (referrers.length > 0) {
      const list = referrers.map((r) => `${r.component} (attribute ${r.attribute})`).join(', ');
      throw new ConfigurationError(ConfigErrorCode.STILL_REFERENCED, `Cannot drop ${key}: it is referenced by ${list}`, { component: key });
    }
    this.checkUses('drop', type, name);
    this.drop(type, name);
    this.state.files.delete(key);
    this.changed();
  }

  /** Renames a record in place, moving its files and rewriting every reference to it. */
  rename(type: string, from: string, to: string): ComponentRecord {
    const oldKey = componentKey(type, from);
    const newKey = componentKey(type, to);
    const record = this.get(type, from);
    if (!record) throw notFound(oldKey);
    checkName(to, 'component', newKey);
    if (this.has(type, to)) throw new ConfigurationError(ConfigErrorCode.COMPONENT_EXISTS, `Cannot rename ${oldKey}: ${newKey} already exists`, { component: newKey });
    this.checkUses('rename', type, from);
    const renamed = canonicalRecord({ ...(rewriteReferences(record, oldKey, newKey) ?? record), name: to });
    const place = this.drop(type, from)!.seq;
    this.store(renamed, place);
    // Only the records the index names refer to the old name.
    for (const referrer of [...this.state.references.referrersOf(oldKey).keys()]) {
      const [t, n] = splitKey(referrer);
      const r = this.get(t, n);
      const rewritten = r && rewriteReferences(r, oldKey, newKey);
      if (rewritten) this.store(canonicalRecord(rewritten));
    }
    const files = this.state.files.get(oldKey);
    this.state.files.delete(oldKey);
    if (files) this.state.files.set(newKey, files);
    this.changed();
    return renamed;
  }

  /** Files bound to a component (endpoint 14). */
  files(type: string, name: string): readonly BoundFile[] {
    return this.state.files.get(componentKey(type, name)) ?? [];
  }

  /** Binds a file to the File attribute of a component whose value already names it. */
  bindFile(type: string, name: string, attribute: string, file: StagedFile): void {
    const key = componentKey(type, name);
    const record = this.get(type, name);
    if (!record) throw notFound(key);
    const meta = componentTypeMetadata(type)?.attributes.find((a) => a.name === attribute);
    if (meta?.type !== 'File' || record.attributes[attribute] !== file.name__v) {
      throw new ConfigurationError(ConfigErrorCode.INVALID_VALUE, `${key} attribute [${attribute}] does not name file [${file.name__v}]`, { component: key, attribute });
    }
    const bound: BoundFile = {
      attribute,
      name__v: file.name__v,
      original_name__v: file.original_name__v ?? file.name__v,
      format__v: file.format__v,
      size__v: file.size__v,
      sha1_checksum__v: file.sha1_checksum__v,
      bytes: file.bytes,
    };
    this.state.files.set(key, [...this.files(type, name).filter((f) => f.attribute !== attribute), bound]);
    this.changed();
  }

  /** Registers a check of uses outside the registry (see UseCheck); returns the unregister function. */
  addUseCheck(check: UseCheck): () => void {
    this.useChecks.push(check);
    return () => {
      const i = this.useChecks.indexOf(check);
      if (i >= 0) this.useChecks.splice(i, 1);
    };
  }

  /** Refused (STILL_REFERENCED) while any use check reports a use of `type` under any of `names` (use-checks.ts). */
  private checkUses(what: string, type: string, names: string | readonly string[], shown?: string): void {
    refuseUsed(this.useChecks, this, what, type, names, shown);
  }

  /**
   * An independent copy (no listeners; the same use checks) sharing the immutable records; each side
   * copies a shared table before changing it. Of the same class, so that a subclass sees its drafts.
   */
  clone(): ComponentRegistry {
    const copy = new (this.constructor as new () => ComponentRegistry)();
    copy.useChecks = this.useChecks;
    copy.state = { components: new Map(this.state.components), files: new Map(this.state.files), references: this.state.references.clone() };
    this.owned = new WeakSet();
    copy.rev = this.rev;
    return copy;
  }

  /** Runs `fn` on a clone and adopts the clone's state only if `fn` returns without throwing. */
  transaction<T>(fn: (draft: ComponentRegistry) => T): T {
    const base = this.rev;
    const draft = this.clone();
    const result = fn(draft);
    this.commit(draft, base);
    return result;
  }

  /**
   * Adopts the state of `draft`, a clone made at revision `base` and changed since (one revision for
   * all its changes); refused when this registry changed meanwhile (it would be lost). The draft
   * must not be used afterwards.
   */
  commit(draft: ComponentRegistry, base: number): void {
    this.assertUnchangedSince(base);
    if (draft.rev === base) return;
    this.state = draft.state;
    this.owned = draft.owned;
    draft.owned = new WeakSet();
    this.changed();
  }

  /** Throws CONFIGURATION_CHANGED when a change was committed since revision `base`. */
  assertUnchangedSince(base: number): void {
    if (this.rev !== base) {
      throw new ConfigurationError(ConfigErrorCode.CONFIGURATION_CHANGED, 'The configuration changed while the script ran; nothing of the script was applied: run it again');
    }
  }

  /** Calls `listener(revision)` after each committed change; returns the unsubscribe function. */
  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stores records without validation; used by createRegistry, which validates once all are in. */
  static unchecked(records: readonly ComponentRecord[]): ComponentRegistry {
    const registry = new ComponentRegistry();
    for (const r of records) registry.store(canonicalRecord(r));
    return registry;
  }

  /** Stores a record (at its place in the definition order, `seq`, when given), indexing its references. */
  private store(record: ComponentRecord, seq?: number): void {
    const table = this.table(record.type);
    const previous = table.get(record.name);
    if (previous) this.state.references.remove(previous);
    table.set(record, seq);
    this.state.references.add(record);
  }

  /** Takes a record out (no checks), with its references; returns it with its place. */
  private drop(type: string, name: string): { record: ComponentRecord; seq: number } | undefined {
    if (!this.state.components.get(type)?.get(name)) return undefined;
    const entry = this.table(type).delete(name)!;
    this.state.references.remove(entry.record);
    return entry;
  }

  /** The table of a type, to change: created, or copied first when shared with a clone. */
  private table(type: string): TypeTable {
    let table = this.state.components.get(type);
    if (table && this.owned.has(table)) return table;
    table = new TypeTable(table);
    this.state.components.set(type, table);
    this.owned.add(table);
    return table;
  }

  /** Drops bound files the record's File attributes no longer name. */
  private syncFiles(record: ComponentRecord): void {
    const key = componentKey(record.type, record.name);
    const files = this.state.files.get(key);
    if (!files) return;
    const kept = files.filter((f) => record.attributes[f.attribute] === f.name__v);
    if (kept.length === 0) this.state.files.delete(key);
    else if (kept.length !== files.length) this.state.files.set(key, kept);
  }

  private changed(): void {
    this.rev++;
    for (const listener of this.listeners) listener(this.rev);
  }
}

const splitKey = (key: string): [string, string] => {
  const dot = key.indexOf('.');
  return [key.slice(0, dot), key.slice(dot + 1)];
};

const notFound = (key: string): ConfigurationError =>
  new ConfigurationError(ConfigErrorCode.COMPONENT_NOT_FOUND, `Component ${key} does not exist`, { component: key });
