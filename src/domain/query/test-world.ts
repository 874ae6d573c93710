/**
 * Tests only: a fresh default world (the built-in fixtures, a manual clock) and its Promo tenant's
 * callers and document store, for the query domain's tests.
 */
import { loadFixtures } from '../../fixtures/load';
import { manualClock } from '../clock';
import type { DocumentStore } from '../documents/store';
import { type World, createWorld } from '../world';
import { callerIn, type Caller } from './caller';

export const PROMO = 'promo.acme.example';

export interface PromoWorld {
  world: World;
  callerOf(username: string): Caller;
  /** The tenant administrator (sees every document). */
  admin(): Caller;
  /** A member who sees part of the store. */
  bob(): Caller;
  store(): DocumentStore;
}

export function promoWorld(): PromoWorld {
  const world = createWorld(loadFixtures(), manualClock());
  const tenant = world.tenants.byDnsName(PROMO)!;
  const callerOf = (username: string): Caller => callerIn(world, tenant, world.users.byUsername(username)!);
  return {
    world,
    callerOf,
    admin: () => callerOf('tenant.admin@acme.example'),
    bob: () => callerOf('bob@acme.example'),
    store: () => world.documents.store(tenant.id),
  };
}
