import { create } from "@bufbuild/protobuf";
import {
  CancelCheckpointResponseSchema,
  type CancelCheckpointRequest,
  type CancelCheckpointResponse,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { keyActor } from "../../../lib/audit/audit-event.js";
import { cancelCheckpoint as cancelled } from "../domain/checkpoint-transitions.js";
import { LIMITS } from "../domain/limits.js";
import { optionalText } from "../domain/validate-text.js";
import { checkpointToProto } from "./checkpoint-to-proto.js";
import type { GovernDeps } from "./govern-deps.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

/**
 * `CancelCheckpoint`: moves a pending checkpoint to cancelled (reason from the
 * request, else "cancelled") and mints its decision token; anything but
 * pending is a 409 CHECKPOINT_NOT_PENDING.
 */
export function cancelCheckpoint(deps: GovernDeps) {
  return async (req: CancelCheckpointRequest): Promise<CancelCheckpointResponse> => {
    const workspaceId = workspaceOf(req.caller);
    const reason = optionalText("reason", req.reason, LIMITS.voteReasonLength);
    const checkpoint = await deps.lifecycle.mutate(workspaceId, req.id, (current, now) => cancelled(current, reason, now), keyActor(req.caller!));
    return create(CancelCheckpointResponseSchema, { checkpoint: checkpointToProto(checkpoint) });
  };
}
