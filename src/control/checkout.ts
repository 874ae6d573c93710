/**
 * Preset `checked-out-document`: a document checked out by another user, so that a client's
 * check-out or change of it meets OPERATION_NOT_ALLOWED. Takes `tenant` (DNS name or id; default:
 * the first active tenant with a document that has a file), `document` (id; default: the first
 * such document, by id), `by` (the holder's user name; default: the first user, by id, who may edit
 * the document and is not `user`) and `user` (the client, who must not be the holder). The check-out
 * goes through the document store's own rule (the holder must be allowed to check it out).
 */
import type { StoredDocument } from '../domain/documents/model';
import { latestVersion } from '../domain/documents/model';
import { isApiError } from '../domain/errors';
import { type Tenant, isActive } from '../domain/tenants';
import type { User } from '../domain/users';
import type { World } from '../domain/world';
import { RuleError } from './faults';

export function canEditCheck(world: World, input: Record<string, unknown>): { tenant: Tenant; document: StoredDocument; by: User } {
  const known = new Set(['preset', 'tenant', 'document', 'by', 'user']);
  const unknown = Object.keys(input).filter((k) => !known.has(k));
  if (unknown.length) throw new RuleError(`checked-out-document takes tenant, document, by and user; not ${unknown.join(', ')}`);
  const client = input.user === undefined ? undefined : world.users.byUsername(String(input.user)) ?? world.users.get(Number(input.user));
  if (input.user !== undefined && !client) throw new RuleError(`"user": no user ${JSON.stringify(input.user)}`);
  const tenants = input.tenant === undefined
    ? world.tenants.all().filter(isActive)
    : [world.tenants.byDnsName(String(input.tenant)) ?? world.tenants.get(Number(input.tenant))].filter((t): t is Tenant => t !== undefined);
  if (tenants.length === 0) throw new RuleError(`"tenant": no tenant ${JSON.stringify(input.tenant)}`);
  const holderNamed = input.by === undefined ? undefined : world.users.byUsername(String(input.by));
  if (input.by !== undefined && !holderNamed) throw new RuleError(`"by": no user ${JSON.stringify(input.by)}`);
  if (holderNamed && client && holderNamed.id === client.id) throw new RuleError('"by" and "user" name the same user: the holder must be another user');
  for (const tenant of tenants) {
    const store = world.documents.stores.get(tenant.id);
    if (!store) continue;
    const docs = input.document === undefined ? store.all().filter((d) => latestVersion(d).file) : store.all().filter((d) => d.id === Number(input.document));
    if (input.document !== undefined && docs.length === 0 && input.tenant !== undefined) throw new RuleError(`"document": no document ${JSON.stringify(input.document)} in ${tenant.dns}`);
    for (const document of docs) {
      const candidates = holderNamed ? [holderNamed] : world.users.all().filter((u) => u.id !== client?.id && store.canEdit(u, document)).sort((a, b) => a.id - b.id);
      for (const by of candidates) {
        try {
          store.lock(by, document.id);
          return { tenant, document, by };
        } catch (e) {
          if (!isApiError(e)) throw e;
          if (holderNamed || input.document !== undefined) throw new RuleError(`document ${document.id} of ${tenant.dns} cannot be checked out by ${by.username}: ${e.errors[0].message}`);
        }
      }
    }
  }
  throw new RuleError(input.document !== undefined ? `"document": no document ${JSON.stringify(input.document)}` : 'no document with a file that another user may check out');
}
