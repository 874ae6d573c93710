import { describe, expect, it } from 'vitest';
import { routingPath, tenancyOf } from './tenancy';

const tenants = new Set(['promo.acme.example', 'other.acme.example']);
const isTenant = (dns: string) => tenants.has(dns);

describe('tenancyOf', () => {
  it('reads the tenant from the Host, the path prefix, or neither, whatever Host came before', () => {
    const seen = [
      tenancyOf('/api/v25.3/objects/documents', 'Promo.Acme.Example:8080', isTenant),
      tenancyOf('/api/v25.3/objects/documents', 'localhost:3000', isTenant),
      tenancyOf('/tenants/other.acme.example/api/', 'localhost:3000', isTenant),
      tenancyOf('/api/', 'Promo.Acme.Example:8080', isTenant),
      tenancyOf('/api/', undefined, isTenant),
      tenancyOf('/api/', 'other.acme.example', isTenant),
      tenancyOf('/tenants/%zz/api/', 'other.acme.example', isTenant),
    ];
    expect(seen).toEqual([
      { dns: 'promo.acme.example', reachedBy: 'host', hostPort: '8080' },
      { dns: 'localhost', reachedBy: 'plain', hostPort: '3000' },
      { dns: 'other.acme.example', reachedBy: 'prefix', hostPort: '3000' },
      { dns: 'promo.acme.example', reachedBy: 'host', hostPort: '8080' },
      { dns: undefined, reachedBy: 'plain', hostPort: '' },
      { dns: 'other.acme.example', reachedBy: 'host', hostPort: '' },
      { dns: undefined, reachedBy: 'prefix', hostPort: '' },
    ]);
  });

  it('routes the path without its tenant prefix, repeated or trailing slashes', () => {
    expect(routingPath('/tenants/x.example//api/v25.3/objects/')).toBe('/api/v25.3/objects');
    expect(routingPath('/tenants/x.example')).toBe('/');
  });
});
