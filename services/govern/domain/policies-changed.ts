import { workspaceToken } from "../../../lib/bus/subjects.js";

/** The event published after a policy of a workspace is created or changed, so every replica drops its cached list. */
export interface PoliciesChanged {
  workspace_id: string;
}

/** Pattern of the one subscription each govern process holds for policy changes. */
export const POLICIES_CHANGED_PATTERN = "govern.policies.changed.*";

/** The subject a workspace's policy changes are published on; the workspace is one token (see `workspaceToken`). */
export function policiesChangedSubject(workspaceId: string): string {
  return `govern.policies.changed.${workspaceToken(workspaceId)}`;
}

/** The event's workspace, or undefined when it is not a PoliciesChanged. */
export function parsePoliciesChanged(event: unknown): PoliciesChanged | undefined {
  if (typeof event !== "object" || event === null) return undefined;
  const { workspace_id } = event as Record<string, unknown>;
  return typeof workspace_id === "string" ? { workspace_id } : undefined;
}
