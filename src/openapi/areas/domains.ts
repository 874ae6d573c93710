/** Domains: endpoints 5–6, and the API usage log of gaps.md §4. */
import { type Area, arr, bool, formBody, int, obj, operation, paramRef, queryParam, ref, str } from '../dsl';

const tag = 'Domains';

export const domains: Area = {
  tag: { name: tag, description: 'Domain information and the API usage log' },
  schemas: {
    DomainTenant: obj(
      {
        id: int({ description: 'tenant_id__v' }),
        tenant_name__v: str(),
        tenant_status__v: str({ enum: ['Active', 'Inactive'] }),
        tenant_family__v: obj({ name__v: str(), label__v: str() }, ['name__v', 'label__v']),
        tenant_application__v: arr(obj({ name: str(), label: str() }, ['name', 'label']), { description: 'Only with include_application=true: the application(s) of the tenant (gaps.md §12)' }),
      },
      ['id', 'tenant_name__v', 'tenant_status__v', 'tenant_family__v'],
    ),
    Domain: obj(
      {
        responseStatus: str({ const: 'SUCCESS' }),
        responseMessage: str(),
        domain__v: obj(
          {
            domain_name__v: str(),
            domain_type__v: str({ enum: ['Production', 'Sandbox', 'Demo', 'Test'] }),
            tenants__v: arr(ref('DomainTenant')),
          },
          ['domain_name__v', 'domain_type__v', 'tenants__v'],
        ),
      },
      ['responseStatus', 'responseMessage', 'domain__v'],
    ),
    DomainList: obj(
      {
        responseStatus: str({ const: 'SUCCESS' }),
        responseMessage: str(),
        domains: arr(obj({ name: str(), type: str() }, ['name', 'type'])),
      },
      ['responseStatus', 'responseMessage', 'domains'],
    ),
  },
  operations: [
    operation({
      id: 'getDomain', method: 'get', path: '/api/{version}/objects/domain', tag, endpoint: 5,
      summary: 'The domain of the current tenant (domain administrators only)',
      params: [paramRef('Version'), queryParam('include_application', bool({ default: false }), 'Add tenant_application__v')],
      answer: { kind: 'structured', schema: 'Domain', xmlRoot: 'ApiRestResult' },
    }),
    operation({
      id: 'listDomains', method: 'get', path: '/api/{version}/objects/domains', tag, endpoint: 6,
      summary: "The caller's domains, including the current tenant's",
      params: [paramRef('Version'), queryParam('username', str(), 'User name (query or form body: gaps.md §11)')],
      body: formBody(obj({ username: str(), client_id: str() }), { required: false }),
      answer: { kind: 'structured', schema: 'DomainList', xmlRoot: 'ApiRestResult' },
    }),
    operation({
      id: 'downloadApiUsageLog', method: 'get', path: '/api/{version}/logs/api_usage', tag,
      summary: "A day of the tenant's API usage log as CSV (domain or tenant administrators only)",
      params: [paramRef('Version'), queryParam('date', str({ format: 'date' }), 'The day, YYYY-MM-DD', true)],
      answer: { kind: 'text', mediaType: 'text/csv' },
    }),
  ],
};
