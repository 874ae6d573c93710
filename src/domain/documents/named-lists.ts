/**
 * Per-user named-filter state of one document store: Favorites, Recent Documents (most recent
 * first, bounded) and Cart, as document ids, with a revision per user that rises whenever one of
 * the user's lists changes (it stamps kept answers that read the lists: list-cache.ts).
 */

export type NamedList = 'favorites' | 'recent' | 'cart';

/** (chosen) How many documents `Recent Documents` remembers per user. */
export const RECENT_MAX = 50;

interface UserLists {
  ids: Record<NamedList, number[]>;
  revision: number;
}

export class NamedLists {
  private readonly lists = new Map<number, UserLists>();

  private of(userId: number): UserLists {
    let l = this.lists.get(userId);
    if (!l) this.lists.set(userId, (l = { ids: { favorites: [], recent: [], cart: [] }, revision: 0 }));
    return l;
  }

  /** The ids of a user's list (a fresh array). */
  ids(userId: number, list: NamedList): number[] {
    return [...(this.lists.get(userId)?.ids[list] ?? [])];
  }

  /** Rises with every change of any of the user's lists; 0 while they never changed. */
  revision(userId: number): number {
    return this.lists.get(userId)?.revision ?? 0;
  }

  /**
   * Adds a document to a user's list (`recent`: moved to the front, the oldest beyond RECENT_MAX
   * forgotten). True when the list changed (the user's revision rises); false when it already was
   * so (e.g. the most recent document viewed again).
   */
  add(userId: number, list: NamedList, docId: number): boolean {
    const l = this.of(userId);
    if (list === 'recent') {
      if (l.ids.recent[0] === docId) return false;
      l.ids.recent = [docId, ...l.ids.recent.filter((x) => x !== docId)].slice(0, RECENT_MAX);
    } else {
      if (l.ids[list].includes(docId)) return false;
      l.ids[list].push(docId);
    }
    l.revision++;
    return true;
  }
}
