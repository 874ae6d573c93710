/**
 * Per-user named-filter state of one document store: Favorites, Recent Documents (most recent
 * first, bounded) and Cart, as document ids.
 */

export type NamedList = 'favorites' | 'recent' | 'cart';

/** (chosen) How many documents `Recent Documents` remembers per user. */
export const RECENT_MAX = 50;

export class NamedLists {
  private readonly lists = new Map<number, Record<NamedList, number[]>>();

  private of(userId: number): Record<NamedList, number[]> {
    let l = this.lists.get(userId);
    if (!l) this.lists.set(userId, (l = { favorites: [], recent: [], cart: [] }));
    return l;
  }

  /** The ids of a user's list (a fresh array). */
  ids(userId: number, list: NamedList): number[] {
    return [...this.of(userId)[list]];
  }

  /**
   * Adds a document to a user's list (`recent`: moved to the front, the oldest beyond RECENT_MAX
   * forgotten). True when the list changed; false when it already was so (e.g. the most recent
   * document viewed again).
   */
  add(userId: number, list: NamedList, docId: number): boolean {
    const l = this.of(userId);
    if (list === 'recent') {
      if (l.recent[0] === docId) return false;
      l.recent = [docId, ...l.recent.filter((x) => x !== docId)].slice(0, RECENT_MAX);
      return true;
    }
    if (l[list].includes(docId)) return false;
    l[list].push(docId);
    return true;
  }
}
