/** Shared helpers of the document and metadata HTTP tests. */
import { loadFixtures } from '../../src/fixtures/load';
import type { FixtureSet } from '../../src/fixtures/types';
import { V, testSim, type TestSim } from '../helpers/sim';

export const PROMO = 'promo.acme.example';
/** Addresses under the promo tenant's versioned API (prefix form, gaps.md §5). */
export const api = (path: string, dns = PROMO) => `/tenants/${dns}/api/${V}${path}`;

/**
 * What alice (61002) and bob (61003) see in promo.acme.example (fixtures/default/documents.yaml):
 * bob's access is strictly narrower (issue 4), every document he sees alice sees too.
 */
export const ALICE_SEES = [101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130];
/** Marketing's documents: alice's only. 115 is the administrators' only. */
export const ALICE_ONLY = [102, 106, 111, 119, 124, 126, 128];
export const BOB_SEES = [101, 103, 104, 105, 107, 108, 109, 110, 112, 113, 114, 116, 117, 118, 120, 121, 122, 123, 125, 127, 129, 130];

export interface Personas {
  sim: TestSim;
  alice: string;
  bob: string;
  admin: string;
}

export async function personas(sim: TestSim = testSim()): Promise<Personas> {
  const [alice, bob, admin] = await Promise.all([
    sim.login('alice@acme.example', { tenantDNS: PROMO }),
    sim.login('bob@acme.example', { tenantDNS: PROMO }),
    sim.login('tenant.admin@acme.example', { tenantDNS: PROMO }),
  ]);
  return { sim, alice, bob, admin };
}

/** The default world plus `extra` generated documents owned by alice (ids from 1001): for paging. */
export function worldWithManyDocuments(extra: number): FixtureSet {
  const set = loadFixtures();
  const documents = [...(set.data.documents as unknown[])];
  for (let i = 0; i < extra; i++) {
    const id = 1001 + i;
    documents.push({
      id, tenant: PROMO, type: 'label__c', lifecycle: 'general_lifecycle__c', created: '2025-03-01T00:00:00.000Z', createdBy: 61002,
      roles: { owner__v: { users: [61002] } },
      versions: [{ number: '1.0', state: 'approved__c', fields: { name__v: `Generated Label ${String(i).padStart(3, '0')}` } }],
    });
  }
  return { ...set, data: { ...set.data, documents } };
}

/** The ids of a documents list answer, in order. */
export { ids } from '../helpers/answers';
