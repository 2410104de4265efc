import type { Rule, RuleSpec, RuleStatus, RuleType } from "../domain/rule.js";

/** Narrows a listing; an absent field does not filter. */
export interface RuleFilter {
  status?: RuleStatus;
  type?: RuleType;
}

/** Trigger counts to add to one rule: how many scans matched it, and when the last did. */
export interface TriggerIncrement {
  workspaceId: string;
  ruleId: string;
  count: number;
  lastTriggeredAt: number;
}

/**
 * Storage port of rules. Every read and write is scoped to one workspace,
 * and a workspace's built-in rules are materialised (insert-if-absent) on its
 * first access, so every workspace lists them and counts their triggers itself.
 */
export interface RuleStore {
  /** Stores a new rule; its (workspace, id) must be new. */
  insert(rule: Rule): Promise<void>;
  /** The rule of `workspaceId` with this ID, or null (also for another workspace's rule). */
  get(workspaceId: string, id: string): Promise<Rule | null>;
  /**
   * The workspace's rules, built-ins included, matching `filter`: built-ins
   * first in their catalogue order, then the rest in creation order.
   */
  list(workspaceId: string, filter?: RuleFilter): Promise<Rule[]>;
  /**
   * Atomically replaces the spec of a rule that is not built in, only when its
   * stored version is `expectedVersion`: sets version to `expectedVersion + 1`
   * and `updated_at`, leaves trigger counters alone. Returns the updated rule,
   * or null when no such rule has that version (so of concurrent updates from
   * one version exactly one wins).
   */
  updateSpec(workspaceId: string, id: string, expectedVersion: number, spec: RuleSpec, updatedAt: number): Promise<Rule | null>;
  /**
   * Adds each increment's `count` to its rule's `trigger_count` and moves
   * `last_triggered_at` to the later of the stored and given times, in one
   * batched write. This is not an edit: `version` and `updated_at` stay.
   * Increments for rules that do not exist change nothing visible.
   */
  recordTriggers(increments: readonly TriggerIncrement[]): Promise<void>;
  /** Resolves true when the storage engine answers. */
  ping(): Promise<boolean>;
}
