import type { JsonObject } from "@bufbuild/protobuf";
import { matchesAnyActionGlob } from "./action-glob.js";
import type { AutonomyLevel } from "./autonomy-level.js";
import type { Eval, EvalStatus } from "./checkpoint.js";
import type { Policy, PolicyOutcome } from "./policy.js";
import { evaluatePolicyCondition } from "./policy-condition.js";

/** What policies look at when they evaluate a checkpoint. */
export interface CheckpointFacts {
  action: string;
  payload: JsonObject | null;
  agentId: string | null;
  /** The name conditions see as `agent.name`: the one sent, else the registered agent's. */
  agentName: string | null;
  context: string | null;
  reasoning: string | null;
  autonomyLevel: AutonomyLevel | null;
}

/** The outcome of evaluating a checkpoint against a set of policies. */
export interface Evaluation {
  /** One eval per policy, in the order the policies were given. */
  evals: Eval[];
  status: "pending" | "approved" | "rejected" | "blocked";
  /** Names the deciding policy (or says that none applies). */
  reason: string;
  /** The smallest `timeout_seconds` among the applicable review policies that set one. */
  reviewTimeoutSeconds: number | null;
}

const STATUS_OF: Readonly<Record<PolicyOutcome, EvalStatus>> = {
  approve: "approved",
  reject: "rejected",
  block: "blocked",
  review: "pending",
};

/**
 * Evaluates a checkpoint. A policy applies when the action matches one of its
 * globs, its agent and autonomy lists are empty or contain the checkpoint's,
 * and its condition is absent or true. A condition that fails at run time
 * fails closed: it counts as true for reject, block and review policies and
 * as false for approve policies. The result is blocked if any applicable
 * policy blocks, else rejected if any rejects, else pending if any asks for
 * review, else approved if any approves; with no applicable policy it is
 * pending (a default review any decider may settle).
 */
export function evaluatePolicies(policies: readonly Policy[], facts: CheckpointFacts): Evaluation {
  const evals = policies.map((policy) => evalOf(policy, applies(policy, facts)));
  const applicable = evals.filter((e) => e.applicability === "applicable");
  const reviewTimeouts = policies
    .filter((p, i) => p.outcome === "review" && evals[i]!.applicability === "applicable" && p.timeoutSeconds !== null)
    .map((p) => p.timeoutSeconds!);
  const reviewTimeoutSeconds = reviewTimeouts.length > 0 ? Math.min(...reviewTimeouts) : null;
  const first = (status: EvalStatus) => applicable.filter((e) => e.status === status);

  const blocked = first("blocked");
  if (blocked.length > 0) return { evals, status: "blocked", reason: `blocked by policy ${quote(blocked[0]!)}`, reviewTimeoutSeconds };
  const rejected = first("rejected");
  if (rejected.length > 0) return { evals, status: "rejected", reason: `rejected by policy ${quote(rejected[0]!)}`, reviewTimeoutSeconds };
  const pending = first("pending");
  if (pending.length > 0) return { evals, status: "pending", reason: awaitingReview(pending), reviewTimeoutSeconds };
  const approved = first("approved");
  if (approved.length > 0) return { evals, status: "approved", reason: `approved by policy ${quote(approved[0]!)}`, reviewTimeoutSeconds };
  return { evals, status: "pending", reason: NO_POLICY_REASON, reviewTimeoutSeconds };
}

/** The reason of a checkpoint no policy applies to. */
export const NO_POLICY_REASON = "no policy applies; awaiting a reviewer";

/** The reason of a checkpoint waiting on the given pending evals. */
export function awaitingReview(pending: readonly Eval[]): string {
  return pending.length === 1
    ? `awaiting review (policy ${quote(pending[0]!)})`
    : `awaiting review (policies ${pending.map(quote).join(", ")})`;
}

function applies(policy: Policy, facts: CheckpointFacts): boolean {
  const { match } = policy;
  if (!matchesAnyActionGlob(match.actions, facts.action)) return false;
  if (match.agentIds.length > 0 && (facts.agentId === null || !match.agentIds.includes(facts.agentId))) return false;
  if (match.autonomyLevels.length > 0 && (facts.autonomyLevel === null || !match.autonomyLevels.includes(facts.autonomyLevel))) {
    return false;
  }
  if (match.condition === null) return true;
  const result = evaluatePolicyCondition(match.condition, {
    action: facts.action,
    payload: facts.payload ?? {},
    agent: { id: facts.agentId ?? "", name: facts.agentName ?? "" },
    context: facts.context ?? "",
    reasoning: facts.reasoning ?? "",
    autonomy_level: facts.autonomyLevel ?? "",
  });
  if (result.ok) return result.value;
  // Fail closed: an undecidable condition never lets an approve policy wave the action through,
  // and always lets a restrictive policy hold it.
  return policy.outcome !== "approve";
}

function evalOf(policy: Policy, applicable: boolean): Eval {
  const review = policy.outcome === "review";
  const reviewers = review ? [...policy.reviewers] : [];
  return {
    policyId: policy.id,
    policyName: policy.name,
    applicability: applicable ? "applicable" : "not_applicable",
    status: applicable ? STATUS_OF[policy.outcome] : "skipped",
    quorumRequired: review ? policy.quorum : 0,
    quorumMet: 0,
    poolSize: reviewers.length,
    reviewers,
  };
}

function quote(e: Eval): string {
  return JSON.stringify(e.policyName);
}
