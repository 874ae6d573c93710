/** Groups of a tenant (role assignments name users and groups). */
export interface Group {
  id: number;
  name: string;
  label: string;
  tenantId: number;
  members: number[];
}

export class GroupDirectory {
  private readonly byId = new Map<number, Group>();

  constructor(groups: readonly Group[]) {
    for (const g of groups) this.byId.set(g.id, g);
  }

  get(id: number): Group | undefined {
    return this.byId.get(id);
  }

  ofTenant(tenantId: number): Group[] {
    return [...this.byId.values()].filter((g) => g.tenantId === tenantId);
  }

  /** Ids of the tenant's groups a user belongs to. */
  groupsOf(userId: number, tenantId: number): Set<number> {
    return new Set(this.ofTenant(tenantId).filter((g) => g.members.includes(userId)).map((g) => g.id));
  }
}
