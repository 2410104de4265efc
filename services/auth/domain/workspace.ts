/** A tenant: every key, checkpoint and rule belongs to exactly one workspace. */
export interface WorkspaceRecord {
  id: string;
  name: string;
  /** Epoch milliseconds. */
  createdAt: number;
}

/** ID of the workspace every installation starts with; the bootstrap key lives in it. */
export const DEFAULT_WORKSPACE_ID = "default";

/** Display name of the default workspace. */
export const DEFAULT_WORKSPACE_NAME = "Default";
