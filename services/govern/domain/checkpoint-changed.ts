import { workspaceToken } from "../../../lib/bus/subjects.js";

/** The event published after every checkpoint transition and vote. */
export interface CheckpointChanged {
  id: string;
  workspace_id: string;
  revision: number;
  status: string;
}

/** Pattern of the one subscription each process holds for checkpoint changes. */
export const CHECKPOINT_CHANGED_PATTERN = "govern.checkpoint.changed.*";

/**
 * The subject a workspace's checkpoint changes are published on;
 * the workspace is one token (see `workspaceToken`).
 */
export function checkpointChangedSubject(workspaceId: string): string {
  return `govern.checkpoint.changed.${workspaceToken(workspaceId)}`;
}

/** The checkpoint ID and revision an event names, or undefined when it is not a CheckpointChanged. */
export function parseCheckpointChanged(event: unknown): { id: string; revision: number } | undefined {
  if (typeof event !== "object" || event === null) return undefined;
  const { id, revision } = event as Record<string, unknown>;
  if (typeof id !== "string" || typeof revision !== "number") return undefined;
  return { id, revision };
}
