import { describe, expect, it } from 'vitest';
import type { Tenant } from '../domain/tenants';
import { Addresses } from './addresses';

const promo = { id: 1, dns: 'promo.acme.example' } as Tenant;
const other = { id: 2, dns: 'other.acme.example' } as Tenant;

describe('Addresses.api', () => {
  it('builds a versioned address of each tenant asked, its segments percent-encoded, numbers as they are', () => {
    const host = new Addresses('http://localhost:8080', 'host', '8080', 'promo.acme.example');
    expect(host.api(promo, 'v25.3', 'objects', 'documents', 12, 'versions', 1, 0)).toBe('http://promo.acme.example:8080/api/v25.3/objects/documents/12/versions/1/0');
    expect(host.api(other, 'v25.3', 'query', 'a b/c?d')).toBe('http://other.acme.example:8080/api/v25.3/query/a%20b%2Fc%3Fd');
    expect(host.api(promo, 'v24.1')).toBe('http://promo.acme.example:8080/api/v24.1');
    const prefix = new Addresses('https://dms.example', 'prefix', '', 'promo.acme.example');
    expect(prefix.api(promo, 'v25.3', 'metadata', 'components', 'Docfield', -1.5)).toBe('https://dms.example/tenants/promo.acme.example/api/v25.3/metadata/components/Docfield/-1.5');
    expect(prefix.api(other, 'v25.3', 'é')).toBe('https://dms.example/tenants/other.acme.example/api/v25.3/%C3%A9');
    expect(prefix.api(other, 'v25.3', 1e21, -1e21, 2 ** 53 + 2)).toBe('https://dms.example/tenants/other.acme.example/api/v25.3/1e%2B21/-1e%2B21/9007199254740994');
  });
});
