/** The event published after every checkpoint transition and vote. */
export interface CheckpointChanged {
  id: string;
  workspace_id: string;
  revision: number;
  status: string;
}

/** Pattern of the one subscription each process holds for checkpoint changes. */
export const CHECKPOINT_CHANGED_PATTERN = "govern.checkpoint.changed.*";

const SAFE_TOKEN = /^[A-Za-z0-9_-]+$/;

/**
 * The subject a workspace's checkpoint changes are published on. Gatehouse
 * workspace IDs are valid subject tokens as they are; any other ID is
 * base64url-encoded (behind a `~` no real ID has) so it stays one token.
 */
export function checkpointChangedSubject(workspaceId: string): string {
  const token = SAFE_TOKEN.test(workspaceId) ? workspaceId : `~${Buffer.from(workspaceId, "utf8").toString("base64url")}`;
  return `govern.checkpoint.changed.${token}`;
}

/** The checkpoint ID and revision an event names, or undefined when it is not a CheckpointChanged. */
export function parseCheckpointChanged(event: unknown): { id: string; revision: number } | undefined {
  if (typeof event !== "object" || event === null) return undefined;
  const { id, revision } = event as Record<string, unknown>;
  if (typeof id !== "string" || typeof revision !== "number") return undefined;
  return { id, revision };
}
