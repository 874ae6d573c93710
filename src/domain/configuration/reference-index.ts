/**
 * ReferenceIndex: who refers to whom in a registry, kept as records come and go, so that finding the
 * referrers of a component costs the number of its referrers, not a scan of every record (issue 18:
 * the scan made each MDL statement and each listed picklist cost the whole registry).
 *
 * A clone shares the per-target maps with its source until either writes one (copy on write): a
 * transaction's draft costs one copy of the outer map, not of the whole index.
 */
import { componentKey, type ComponentRecord } from './model';
import { referencesOf } from './references';

/** Referrer 'Type.name' → its attributes referring to the target, in `referencesOf` order. */
export type ReferrersOfTarget = ReadonlyMap<string, readonly string[]>;

const NONE: ReferrersOfTarget = new Map();

export class ReferenceIndex {
  private readonly byTarget: Map<string, Map<string, readonly string[]>>;
  /** The per-target maps this index may change in place (the others are shared with a clone). */
  private owned = new WeakSet<object>();

  constructor(from?: ReferenceIndex) {
    this.byTarget = from ? new Map(from.byTarget) : new Map();
  }

  /** An independent copy; from now on both copy a shared map before changing it. */
  clone(): ReferenceIndex {
    this.owned = new WeakSet();
    return new ReferenceIndex(this);
  }

  /** Indexes every reference `record` holds. */
  add(record: ComponentRecord): void {
    const from = componentKey(record.type, record.name);
    for (const [target, attributes] of this.grouped(record)) this.writable(target).set(from, attributes);
  }

  /** Forgets every reference `record` (as stored) holds. */
  remove(record: ComponentRecord): void {
    const from = componentKey(record.type, record.name);
    for (const target of this.grouped(record).keys()) {
      const referrers = this.writable(target);
      referrers.delete(from);
      if (referrers.size === 0) this.byTarget.delete(target);
    }
  }

  /** The components referring to `target` ('Type.name'), each with its referring attributes. */
  referrersOf(target: string): ReferrersOfTarget {
    return this.byTarget.get(target) ?? NONE;
  }

  private grouped(record: ComponentRecord): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const ref of referencesOf(record)) {
      const list = out.get(ref.target);
      if (list) list.push(ref.attribute);
      else out.set(ref.target, [ref.attribute]);
    }
    return out;
  }

  private writable(target: string): Map<string, readonly string[]> {
    let referrers = this.byTarget.get(target);
    if (referrers && this.owned.has(referrers)) return referrers;
    referrers = new Map(referrers);
    this.byTarget.set(target, referrers);
    this.owned.add(referrers);
    return referrers;
  }
}
