import type { Eval } from "./checkpoint.js";
import { settleEvaluation, type Evaluation } from "./evaluate-policies.js";
import { scanEffectOf, type GateScan } from "./gate-scan.js";
import type { Policy } from "./policy.js";

/**
 * The evaluation after the content scan its gated policies asked for
 * (`policies` are those `evaluation` was made from, in the same order). Each
 * applicable gated eval records the scan and its effect (see `scanEffectOf`):
 * `blocked` blocks the eval; `review` turns an approving eval into a review
 * by the policy's reviewers and quorum (an eval already pending, rejected or
 * blocked stays so). The checkpoint's status, reason and timeout are then
 * settled again as `evaluatePolicies` settles them. Pure.
 */
export function applyScanGate(evaluation: Evaluation, policies: readonly Policy[], scan: GateScan): Evaluation {
  const evals = evaluation.evals.map((e, i): Eval => {
    if (e.applicability !== "applicable" || !e.scan) return e;
    const effect = scanEffectOf(e.scan.gate, scan.verdict);
    const gated: Eval = { ...e, scan: { gate: e.scan.gate, effect, result: scan } };
    if (effect === "blocked") return { ...gated, status: "blocked" };
    if (effect === "review" && e.status === "approved") {
      const policy = policies[i]!;
      return { ...gated, status: "pending", quorumRequired: policy.quorum, poolSize: policy.reviewers.length, reviewers: [...policy.reviewers] };
    }
    return gated;
  });
  return { ...settleEvaluation(policies, evals), scanRequested: evaluation.scanRequested };
}
