import type { Checkpoint } from "./checkpoint.js";
import type { CheckpointInput } from "./checkpoint-input.js";
import { checkpointTimeoutSeconds } from "./checkpoint-timeout.js";
import type { Evaluation } from "./evaluate-policies.js";

/**
 * The checkpoint a validated request and its evaluation make, at revision 1.
 * A fast-path result (approved, rejected, blocked) is terminal at once and
 * decided at `now`; its decision token is added before it is stored.
 */
export function newCheckpoint(
  input: CheckpointInput,
  evaluation: Evaluation,
  ids: { id: string; workspaceId: string },
  now: number,
): Checkpoint {
  const timeout = checkpointTimeoutSeconds(input.timeoutSeconds, evaluation.reviewTimeoutSeconds);
  return {
    id: ids.id,
    workspaceId: ids.workspaceId,
    agentId: input.agentId,
    agentName: input.agentName,
    action: input.action,
    payload: input.payload,
    context: input.context,
    reasoning: input.reasoning,
    autonomyLevel: input.autonomyLevel,
    policyIds: [...input.policyIds],
    policyGroupIds: [...input.policyGroupIds],
    status: evaluation.status,
    reason: evaluation.reason,
    decisionToken: null,
    expiresAt: now + timeout * 1000,
    createdAt: now,
    decidedAt: evaluation.status === "pending" ? null : now,
    evals: evaluation.evals,
    votes: [],
    revision: 1,
  };
}
