import { workspaceToken } from "../../../lib/bus/subjects.js";

/** The event a process publishes after it stores a rule change, so every replica rebuilds its scan plan. */
export interface RulesChanged {
  workspace_id: string;
  /** Identifies the publishing process, which has already rebuilt and ignores its own event. */
  origin: string;
}

/** Pattern of the one subscription each process holds for rule changes. */
export const RULES_CHANGED_PATTERN = "secure.rules.changed.*";

/**
 * The subject a workspace's rule changes are published on;
 * the workspace is one token (see `workspaceToken`).
 */
export function rulesChangedSubject(workspaceId: string): string {
  return `secure.rules.changed.${workspaceToken(workspaceId)}`;
}

/** The event's fields, or undefined when it is not a RulesChanged. */
export function parseRulesChanged(event: unknown): RulesChanged | undefined {
  if (typeof event !== "object" || event === null) return undefined;
  const { workspace_id, origin } = event as Record<string, unknown>;
  if (typeof workspace_id !== "string" || typeof origin !== "string") return undefined;
  return { workspace_id, origin };
}
