import { workspaceToken } from "../../../lib/bus/subjects.js";

/** The event published after every checkpoint transition and vote. */
export interface CheckpointChanged {
  id: string;
  workspace_id: string;
  revision: number;
  status: string;
  /** When a pending checkpoint expires (ms since the epoch). */
  expires_at: number;
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

/** What a CheckpointChanged event says, or undefined when it is not one. */
export interface ParsedCheckpointChange {
  id: string;
  revision: number;
  /** Absent in events of earlier versions, as are the fields below. */
  workspaceId?: string;
  status?: string;
  expiresAt?: number;
}

/** The fields of a CheckpointChanged event, or undefined when it is not one. */
export function parseCheckpointChanged(event: unknown): ParsedCheckpointChange | undefined {
  if (typeof event !== "object" || event === null) return undefined;
  const { id, revision, workspace_id, status, expires_at } = event as Record<string, unknown>;
  if (typeof id !== "string" || typeof revision !== "number") return undefined;
  const parsed: ParsedCheckpointChange = { id, revision };
  if (typeof workspace_id === "string") parsed.workspaceId = workspace_id;
  if (typeof status === "string") parsed.status = status;
  if (typeof expires_at === "number") parsed.expiresAt = expires_at;
  return parsed;
}
