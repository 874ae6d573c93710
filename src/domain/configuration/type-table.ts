/**
 * TypeTable: the records of one component type in a registry, by name, listed in the order they
 * were first defined (a rename keeps the place). The list is built once per change, not per read.
 */
import type { ComponentRecord } from './model';

interface Entry {
  readonly record: ComponentRecord;
  /** Place in the definition order. */
  readonly seq: number;
}

export class TypeTable {
  private readonly byName: Map<string, Entry>;
  private nextSeq = 0;
  /** A renamed record sits at the end of `byName` but keeps its place: the list must be sorted. */
  private disordered = false;
  private ordered?: readonly ComponentRecord[];

  constructor(from?: TypeTable) {
    this.byName = new Map(from?.byName);
    if (from) {
      this.nextSeq = from.nextSeq;
      this.disordered = from.disordered;
      this.ordered = from.ordered;
    }
  }

  get size(): number {
    return this.byName.size;
  }

  get(name: string): ComponentRecord | undefined {
    return this.byName.get(name)?.record;
  }

  /** Place of a record in the definition order (for sorting across tables). */
  seqOf(name: string): number {
    return this.byName.get(name)?.seq ?? Number.MAX_SAFE_INTEGER;
  }

  /** Stores a record: a known name keeps its place, a new one goes last, unless `seq` gives its place. */
  set(record: ComponentRecord, seq?: number): void {
    const known = this.byName.get(record.name);
    if (seq === undefined) seq = known?.seq ?? this.nextSeq++;
    else if (!known) this.disordered = true;
    this.byName.set(record.name, { record, seq });
    this.ordered = undefined;
  }

  /** Removes a record; returns it with its place. */
  delete(name: string): Entry | undefined {
    const entry = this.byName.get(name);
    if (entry) {
      this.byName.delete(name);
      this.ordered = undefined;
    }
    return entry;
  }

  /** The records in definition order (frozen; the same array until the next change). */
  list(): readonly ComponentRecord[] {
    if (!this.ordered) {
      const entries = [...this.byName.values()];
      if (this.disordered) entries.sort((a, b) => a.seq - b.seq);
      this.ordered = Object.freeze(entries.map((e) => e.record));
    }
    return this.ordered;
  }
}
