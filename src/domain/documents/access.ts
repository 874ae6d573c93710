/** The access rule by role (endpoint 21 and every document address): membership of a document's roles, in person or through a group. */
import type { StoredDocument } from './model';
import type { RoleName } from './standard-fields';

/** True when the user, or one of `groups`, is a member of one of `roles` on the document. */
export function holdsRole(userId: number, groups: ReadonlySet<number>, doc: StoredDocument, roles: readonly RoleName[]): boolean {
  return roles.some((r) => {
    const m = doc.roles[r];
    return m !== undefined && (m.users.includes(userId) || m.groups.some((g) => groups.has(g)));
  });
}
