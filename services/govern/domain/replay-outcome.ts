import { evaluatePolicies } from "./evaluate-policies.js";
import { narrowPolicies } from "./narrow-policies.js";
import type { Policy } from "./policy.js";
import type { ImmediateOutcome, RecordedCheckpoint } from "./recorded-checkpoint.js";

/**
 * What replaying one recorded checkpoint against a draft policy set gives:
 * its recorded initial outcome (`from`) and the one the drafts give (`to`),
 * or `pinned` when it named `policy_ids` — the drafts are not those
 * policies, and a create naming them under the draft set would be a 404.
 * `scanRequested`: an applicable draft has a scan gate. A replay runs no
 * scan, so `to` is then the outcome before the gate, which a scan could only
 * make stricter (blocked, or a review instead of an approval).
 */
export type ReplayOutcome = { kind: "evaluated"; from: ImmediateOutcome; to: ImmediateOutcome; scanRequested: boolean } | { kind: "pinned" };

/**
 * Replays `recorded` against `drafts` exactly as a create would evaluate it
 * against active policies (see `evaluatePolicies`): only active drafts take
 * part, narrowed by the checkpoint's `policy_group_ids`. `agentName` is the
 * name conditions see as `agent.name` (the one sent, else the registered
 * agent's). It never scans: recorded payloads would move the rules' trigger
 * counts and each would cost a scan; a gated draft's request is only noted.
 */
export function replayOutcome(drafts: readonly Policy[], recorded: RecordedCheckpoint, agentName: string | null): ReplayOutcome {
  if (recorded.policyIds.length > 0) return { kind: "pinned" };
  const active = drafts.filter((p) => p.status === "active");
  const evaluation = evaluatePolicies(narrowPolicies(active, [], recorded.policyGroupIds), { ...recorded, agentName });
  return { kind: "evaluated", from: recorded.initialOutcome, to: evaluation.status, scanRequested: evaluation.scanRequested };
}
