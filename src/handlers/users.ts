/** The caller's own user record (gaps.md §12): what a users query shows of them in the session's tenant. */
import { apiError } from '../domain/errors';
import { userRow } from '../domain/query/directory';
import type { Handlers } from '../http/context';

export const userHandlers: Handlers = {
  getCurrentUser: (ctx) => {
    const row = userRow(ctx.user, ctx.tenant);
    // A delegated or session caller is a member of the tenant; a row is missing only if that changed.
    if (!row) throw apiError('resourceNotFound', 'me');
    return { body: { responseStatus: 'SUCCESS', users: [{ user: row }] } };
  },
};
