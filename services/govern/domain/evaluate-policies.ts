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
  /** The smallest `timeout_seconds` among the policies holding the checkpoint for review that set one. */
  reviewTimeoutSeconds: number | null;
  /**
   * True when an applicable policy asks for a content scan: the caller scans
   * and applies the result with `applyScanGate` before the checkpoint is made.
   */
  scanRequested: boolean;
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
 * pending (a default review any decider may settle). Pure: a policy's
 * content scan is asked for through `scanRequested`, not made here.
 */
export function evaluatePolicies(policies: readonly Policy[], facts: CheckpointFacts): Evaluation {
  const evals = policies.map((policy) => evalOf(policy, applies(policy, facts)));
  return { ...settleEvaluation(policies, evals), scanRequested: evals.some((e) => e.applicability === "applicable" && !!e.scan) };
}

/**
 * The status, reason and review timeout that `evals` (one per policy of
 * `policies`, in order) make: blocked if any applicable eval is blocked,
 * else rejected, else pending, else approved; pending with no applicable
 * eval. The timeout is the smallest `timeout_seconds` among the policies
 * whose eval is pending. A status a content scan caused says so in the reason.
 */
export function settleEvaluation(policies: readonly Policy[], evals: readonly Eval[]): Omit<Evaluation, "scanRequested"> {
  const applicable = evals.filter((e) => e.applicability === "applicable");
  const reviewTimeouts = policies
    .filter((p, i) => evals[i]!.applicability === "applicable" && evals[i]!.status === "pending" && p.timeoutSeconds !== null)
    .map((p) => p.timeoutSeconds!);
  const reviewTimeoutSeconds = reviewTimeouts.length > 0 ? Math.min(...reviewTimeouts) : null;
  const first = (status: EvalStatus) => applicable.filter((e) => e.status === status);
  const settled = (status: Evaluation["status"], reason: string) => ({ evals: [...evals], status, reason, reviewTimeoutSeconds });

  const blocked = first("blocked");
  if (blocked.length > 0) return settled("blocked", `blocked by policy ${quote(blocked[0]!)}${scanCause(blocked[0]!, "blocked")}`);
  const rejected = first("rejected");
  if (rejected.length > 0) return settled("rejected", `rejected by policy ${quote(rejected[0]!)}`);
  const pending = first("pending");
  if (pending.length > 0) return settled("pending", awaitingReview(pending));
  const approved = first("approved");
  if (approved.length > 0) return settled("approved", `approved by policy ${quote(approved[0]!)}`);
  return settled("pending", NO_POLICY_REASON);
}

/** The reason of a checkpoint no policy applies to. */
export const NO_POLICY_REASON = "no policy applies; awaiting a reviewer";

/** The reason of a checkpoint waiting on the given pending evals. */
export function awaitingReview(pending: readonly Eval[]): string {
  const held = pending.find((e) => e.scan?.effect === "review");
  const cause = held ? `; ${scanCause(held, "review").slice(2)}` : "";
  return pending.length === 1
    ? `awaiting review (policy ${quote(pending[0]!)}${cause})`
    : `awaiting review (policies ${pending.map(quote).join(", ")}${cause})`;
}

// Names the content scan when it made an eval what it is.
function scanCause(e: Eval, effect: "blocked" | "review"): string {
  if (e.scan?.effect !== effect || !e.scan.result) return "";
  return `: the content scan's verdict is ${e.scan.result.verdict}`;
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
    timeoutOutcome: policy.timeoutOutcome,
    scan: policy.scan ? { gate: { ...policy.scan }, effect: null, result: null } : null,
  };
}

function quote(e: Eval): string {
  return JSON.stringify(e.policyName);
}
