import type { Policy, PolicySpec, PolicyStatus } from "../domain/policy.js";

/**
 * Storage port of policies. Reads and writes are scoped to one workspace;
 * listings are in creation order, which is also the order evaluations use.
 */
export interface PolicyStore {
  /** Stores a new policy; its ID must be new. */
  insert(policy: Policy): Promise<void>;
  /** The policy of `workspaceId` with this ID, or null (also for another workspace's). */
  get(workspaceId: string, id: string): Promise<Policy | null>;
  /** The workspace's policies in creation order, only those of `status` when given. */
  list(workspaceId: string, status?: PolicyStatus): Promise<Policy[]>;
  /**
   * Replaces a policy's spec only when its stored version is `expectedVersion`,
   * setting version to `expectedVersion + 1` and `updated_at`. Returns the
   * updated policy, or null when no such policy has that version.
   */
  updateSpec(workspaceId: string, id: string, expectedVersion: number, spec: PolicySpec, updatedAt: number): Promise<Policy | null>;
  /** Resolves true when the storage engine answers. */
  ping(): Promise<boolean>;
}
