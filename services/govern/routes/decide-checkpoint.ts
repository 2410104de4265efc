import { create } from "@bufbuild/protobuf";
import {
  DecideCheckpointResponseSchema,
  VoteDecisionSchema,
  type DecideCheckpointRequest,
  type DecideCheckpointResponse,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { keyActor } from "../../../lib/audit/audit-event.js";
import { ValidationError } from "../../../lib/errors.js";
import { applyVote } from "../domain/apply-vote.js";
import type { VoteDecision } from "../domain/checkpoint.js";
import { LIMITS } from "../domain/limits.js";
import { optionalText } from "../domain/validate-text.js";
import { checkpointToProto } from "./checkpoint-to-proto.js";
import type { GovernDeps } from "./govern-deps.js";
import { fromProtoEnum } from "./proto-enum.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

/**
 * `DecideCheckpoint`: records the vote of `caller.subject` (see `applyVote`
 * for the rules: 409 CHECKPOINT_NOT_PENDING / ALREADY_VOTED, 403
 * NOT_A_REVIEWER, one reject settles, approvals fill quorums). The vote is a
 * conditional write: of reviewers voting at once each vote is judged on the
 * state it lands on, and only one settles the checkpoint and mints its token.
 * The gateway checks govern:checkpoints:decide.
 */
export function decideCheckpoint(deps: GovernDeps) {
  return async (req: DecideCheckpointRequest): Promise<DecideCheckpointResponse> => {
    const workspaceId = workspaceOf(req.caller);
    const subject = req.caller?.subject ?? "";
    if (subject === "") throw new ValidationError("caller.subject", "is required to vote");
    const decision = fromProtoEnum<VoteDecision>(VoteDecisionSchema, req.decision, "decision");
    if (decision === null) throw new ValidationError("decision", 'must be "approve" or "reject"');
    const reason = optionalText("reason", req.reason, LIMITS.voteReasonLength);
    const checkpoint = await deps.lifecycle.mutate(workspaceId, req.id, (current, now) =>
      applyVote(current, { subject, decision, reason }, now),
      keyActor(req.caller!),
    );
    return create(DecideCheckpointResponseSchema, { checkpoint: checkpointToProto(checkpoint) });
  };
}
