/**
 * Records of configured objects (fixture key `objectRecords`: tenant DNS → object name → records),
 * the rows of `SELECT ... FROM product__v`. A record naming an unknown tenant or object, or a
 * duplicate id, stops start-up with its path.
 */
import { addFixtureCheck } from '../../fixtures/checks';
import type { FixtureData, FixtureSet } from '../../fixtures/types';
import { holdsValue, splitSub } from '../documents/uses';
import type { TenantDirectory } from '../tenants';
import type { ObjectRecord } from './objects';

export type ObjectRecordsFixture = Record<string, Record<string, ObjectRecord[]>>;

const fixtureOf = (data: FixtureData) => (data.objectRecords ?? {}) as ObjectRecordsFixture;

addFixtureCheck((data, report) => {
  const dns = new Set(data.domains.flatMap((d) => d.tenants.map((t) => t.dns.toLowerCase())));
  const configured = (data.configuration ?? {}) as Record<string, { type?: string; name?: string }[]>;
  for (const [tenant, objects] of Object.entries(fixtureOf(data))) {
    if (!dns.has(tenant.toLowerCase())) report(['objectRecords', tenant], `unknown tenant "${tenant}"`);
    const objectNames = new Set((configured[tenant] ?? []).filter((r) => r.type === 'Object').map((r) => r.name));
    for (const [object, records] of Object.entries(objects)) {
      if (!objectNames.has(object)) report(['objectRecords', tenant, object], `"${object}" is not an Object configured in ${tenant}`);
      const seen = new Set<string>();
      records.forEach((r, i) => {
        if (seen.has(String(r.id))) report(['objectRecords', tenant, object, i, 'id'], `duplicate record id ${JSON.stringify(r.id)}`);
        seen.add(String(r.id));
      });
    }
  }
});

export class ObjectRecords {
  private readonly byTenant = new Map<number, Map<string, ObjectRecord[]>>();

  constructor(fixtures: FixtureSet, tenants: TenantDirectory) {
    for (const [dns, objects] of Object.entries(fixtureOf(fixtures.data))) {
      const tenant = tenants.byDnsName(dns);
      if (!tenant) continue;
      this.byTenant.set(tenant.id, new Map(Object.entries(objects).map(([name, records]) => [name, records.map((r) => Object.freeze({ ...r }))])));
    }
  }

  of(tenantId: number, object: string): readonly ObjectRecord[] {
    return this.byTenant.get(tenantId)?.get(object) ?? [];
  }

  /**
   * The tenant's records of an Object (`name`), or those holding a value of one of its Fields
   * (`name`: `object.field`), as a use check names them: MDL may not drop or rename the Object, nor
   * drop, rename or reshape (type, multi_value, picklist, object) the Field from under them (they are
   * kept by the Object's name; a renamed Field's values would read as null). Only Objects have
   * records here, so a `Field` named `object.field` is an Object's. Other types have no uses here.
   */
  usesOf(tenantId: number, type: string, name: string): string[] {
    if (type === 'Object') return this.of(tenantId, name).map((r) => `${name} record ${r.id}`);
    if (type !== 'Field') return [];
    const [object, field] = splitSub(name);
    return this.of(tenantId, object).filter((r) => holdsValue(r, field)).map((r) => `${object} record ${r.id}`);
  }

  /** Whether the tenant has a record of `object` with this id; undefined when it keeps no records of that object (nothing to check against). */
  has(tenantId: number, object: string, id: string): boolean | undefined {
    const records = this.byTenant.get(tenantId)?.get(object);
    return records && records.some((r) => String(r.id) === id);
  }
}
