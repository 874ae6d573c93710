/**
 * Expectations computed from the fixture YAML alone (not from the engine or the store): which
 * documents a user may access (a member of any role, directly or through a group; tenant
 * administrators see all) and each document's latest field values (versions inherit fields).
 */
import { loadFixtures } from '../../src/fixtures/load';

export interface FxDoc {
  id: number;
  tenant: string;
  roles: Record<string, { users?: number[]; groups?: number[] }>;
  versions: { number: string; state: string; fields?: Record<string, unknown> }[];
}

const data = loadFixtures().data as Record<string, any>;
export const fxDocs: FxDoc[] = data.documents;
const groups: { id: number; tenant: string; members: number[] }[] = data.groups;
const users: { id: number; username: string; domainAdmin?: string[]; memberships: { tenant: string; admin?: boolean }[] }[] = data.users;
export const fxObjectRecords: Record<string, Record<string, Record<string, unknown>[]>> = data.objectRecords;

export function userId(username: string): number {
  return users.find((u) => u.username === username)!.id;
}

export function visibleIds(username: string, tenant = 'promo.acme.example'): number[] {
  const u = users.find((x) => x.username === username)!;
  const admin = (u.domainAdmin ?? []).includes('acme') || u.memberships.some((m) => m.tenant === tenant && m.admin);
  const myGroups = new Set(groups.filter((g) => g.tenant === tenant && g.members.includes(u.id)).map((g) => g.id));
  return fxDocs
    .filter((d) => d.tenant === tenant)
    .filter((d) => admin || Object.values(d.roles ?? {}).some((m) => (m.users ?? []).includes(u.id) || (m.groups ?? []).some((g) => myGroups.has(g))))
    .map((d) => d.id)
    .sort((a, b) => a - b);
}

/** Fields of the latest version (each version inherits the fields of the one before). */
export function latestFields(d: FxDoc): Record<string, unknown> {
  const sorted = [...d.versions].sort((a, b) => {
    const [am, an] = a.number.split('.').map(Number);
    const [bm, bn] = b.number.split('.').map(Number);
    return am - bm || an - bn;
  });
  return Object.assign({}, ...sorted.map((v) => v.fields ?? {}));
}

export const docById = (id: number) => fxDocs.find((d) => d.id === id)!;
