/**
 * Endpoint 7 (`POST /api/{version}/query`) and the paging addresses it hands out
 * (`/api/{version}/query/{query_id}?pagesize=N&pageoffset=M`, POST or GET): gaps.md §6.
 */
import { callerIn, DESCRIBE_HEADER, QueryService, RECORD_PROPERTIES_HEADER, recordPropertyKind, type Caller, type QueryAnswer } from '../domain/query';
import { reusableBodyOf } from '../http/respond';
import type { CtxOf, Handlers, Reply, VersionedCtx as Ctx } from '../http/context';

const caller = (ctx: Ctx): Caller => callerIn(ctx.world, ctx.tenant, ctx.user);

/** `X-TenantAPI-DescribeQuery` is on only when its value is `true` (gaps.md §11). */
const wantsDescribe = (ctx: Ctx) => ctx.headers[DESCRIBE_HEADER]?.trim().toLowerCase() === 'true';
const options = (ctx: Ctx) => ({ describe: wantsDescribe(ctx), recordProperties: recordPropertyKind(ctx.headers[RECORD_PROPERTIES_HEADER]) });

/**
 * An answer without paging links has no address in it, and the domain hands out the same answer
 * while it is valid: its body (and bytes) are built once. An answer with links names the request's
 * address and a stored result: built per answer.
 */
function reply(ctx: Ctx, a: QueryAnswer): Reply {
  return { body: a.queryId !== undefined ? bodyOf(ctx, a) : reusableBodyOf(a, () => bodyOf(ctx, a)) };
}

function bodyOf(ctx: Ctx, a: QueryAnswer): Record<string, unknown> {
  const pages = a.queryId === undefined ? undefined : ctx.addresses.api(ctx.tenant, ctx.version, 'query', a.queryId);
  const link = (p: { pagesize: number; pageoffset: number }) => `${pages}?pagesize=${p.pagesize}&pageoffset=${p.pageoffset}`;
  // pagesize/pageoffset repeat limit/offset: the real service sends both pairs (gaps.md §12).
  const responseDetails: Record<string, unknown> = { pagesize: a.limit, pageoffset: a.offset, limit: a.limit, offset: a.offset, size: a.size, total: a.total };
  if (a.previous) responseDetails.previous_page = link(a.previous);
  if (a.next) responseDetails.next_page = link(a.next);
  const body: Record<string, unknown> = { responseStatus: a.warnings ? 'WARNING' : 'SUCCESS' };
  if (a.warnings) body.warnings = a.warnings;
  body.responseDetails = responseDetails;
  if (a.queryDescribe) body.queryDescribe = a.queryDescribe;
  body.data = a.data;
  if (a.recordProperties) body.record_properties = a.recordProperties;
  return body;
}

/** `q` from the form body (form-urlencoded or multipart), else the query string. */
function queryText(ctx: Ctx): string {
  const fromBody = ctx.body?.q;
  return QueryService.checkText(typeof fromBody === 'string' ? fromBody : ctx.query.q);
}

function pageCall(ctx: CtxOf<'getQueryPage'> & Ctx): Reply {
  const answer = ctx.world.queries.page(caller(ctx), ctx.params.query_id, {
    pagesize: ctx.query.pagesize, pageoffset: ctx.query.pageoffset, ...options(ctx),
  });
  return reply(ctx, answer);
}

export const queryHandlers: Handlers = {
  runQuery: (ctx) => reply(ctx, ctx.world.queries.run(caller(ctx), queryText(ctx), options(ctx))),
  getQueryPage: pageCall,
  getQueryPageGet: pageCall,
};
