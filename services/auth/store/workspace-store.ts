import type { WorkspaceRecord } from "../domain/workspace.js";

/** Persistence of workspaces. */
export interface WorkspaceStore {
  /**
   * Inserts `workspace` unless one with its ID exists. Resolves true when this
   * call inserted it, false when the ID was taken (nothing is changed then).
   * Safe to race: exactly one of concurrent inserts of one ID wins.
   */
  insertIfAbsent(workspace: WorkspaceRecord): Promise<boolean>;
  /** The workspace with this ID, or null. */
  get(id: string): Promise<WorkspaceRecord | null>;
}
