/** Domains (endpoints 5–6) and the API usage log (gaps.md §4). */
import { apiError } from '../domain/errors';
import { isDomainAdmin, isTenantAdmin } from '../domain/users';
import { UsageLog } from '../domain/usage';
import type { Handlers } from './types';

export const domainHandlers: Handlers = {
  getDomain: (ctx) => {
    const tenant = ctx.tenant!;
    if (!isDomainAdmin(ctx.user!, tenant)) throw apiError('insufficientAccess', 'Only a domain administrator may read the domain.');
    const domain = tenant.domain;
    return {
      body: {
        responseStatus: 'SUCCESS',
        responseMessage: 'Success',
        domain__v: {
          domain_name__v: domain.name,
          domain_type__v: domain.type,
          tenants__v: domain.tenants.map((t) => ({
            id: t.id,
            tenant_name__v: t.name,
            tenant_status__v: t.status,
            tenant_family__v: { name__v: t.family.name, label__v: t.family.label },
            ...(ctx.query.include_application && t.application ? { tenant_application__v: t.application } : {}),
          })),
        },
      },
    };
  },

  listDomains: (ctx) => {
    const user = ctx.user!;
    const all = [ctx.tenant!.domain, ...user.memberships.filter((m) => m.active).map((m) => m.tenant.domain)];
    // each name once, where it first appears, with the type it last has
    const named = all.filter((d, i) => all.findIndex((e) => e.name === d.name) === i).map((d) => ({ name: d.name, type: all.findLast((e) => e.name === d.name)!.type }));
    return {
      body: { responseStatus: 'SUCCESS', responseMessage: 'Success', domains: named },
    };
  },

  downloadApiUsageLog: (ctx) => {
    if (!isTenantAdmin(ctx.user!, ctx.tenant!)) throw apiError('insufficientAccess', 'Only a domain or tenant administrator may download the API usage log.');
    return {
      text: UsageLog.csv(ctx.world.usage.day(ctx.tenant!.id, ctx.query.date)),
      contentType: 'text/csv;charset=UTF-8',
      headers: { 'Content-Disposition': `attachment;filename="api_usage_${ctx.query.date}.csv"` },
    };
  },
};
