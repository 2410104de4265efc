/**
 * Remembers which workspaces already hold their built-in rules, so seeding
 * runs once per workspace per process. Concurrent first accesses share one
 * seeding; a failed seeding is forgotten so the next access tries again.
 */
export class SeededWorkspaces {
  private readonly seeded = new Map<string, Promise<void>>();

  constructor(private readonly seed: (workspaceId: string) => Promise<void>) {}

  /** Resolves once `workspaceId` holds its built-in rules. */
  ensure(workspaceId: string): Promise<void> {
    let p = this.seeded.get(workspaceId);
    if (!p) {
      p = this.seed(workspaceId);
      this.seeded.set(workspaceId, p);
      p.catch(() => this.seeded.delete(workspaceId));
    }
    return p;
  }
}
