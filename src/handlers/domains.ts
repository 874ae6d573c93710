/** Domains (endpoints 5–6) and the API usage log (gaps.md §4). */
import { domainOf, domainsOf, usageLogCsv } from '../domain/domains';
import type { Handlers } from '../http/context';

export const domainHandlers: Handlers = {
  getDomain: (ctx) => ({
    body: { responseStatus: 'SUCCESS', responseMessage: 'Success', domain__v: domainOf(ctx.user, ctx.tenant, ctx.query.include_application) },
  }),

  listDomains: (ctx) => ({ body: { responseStatus: 'SUCCESS', responseMessage: 'Success', domains: domainsOf(ctx.user, ctx.tenant) } }),

  downloadApiUsageLog: (ctx) => ({
    text: usageLogCsv(ctx.world.usage, ctx.user, ctx.tenant, ctx.query.date),
    contentType: 'text/csv;charset=UTF-8',
    headers: { 'Content-Disposition': `attachment;filename="api_usage_${ctx.query.date}.csv"` },
  }),
};
