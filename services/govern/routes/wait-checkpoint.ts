import { create } from "@bufbuild/protobuf";
import type { HandlerContext } from "@connectrpc/connect";
import {
  WaitCheckpointResponseSchema,
  type WaitCheckpointRequest,
  type WaitCheckpointResponse,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { ValidationError } from "../../../lib/errors.js";
import { waitForChange } from "../app/wait-for-change.js";
import { LIMITS } from "../domain/limits.js";
import { checkpointToProto } from "./checkpoint-to-proto.js";
import type { GovernDeps } from "./govern-deps.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

/**
 * `WaitCheckpoint` (long poll): holds for `timeout_seconds` (1..55, else a
 * ValidationError naming `timeout`) until the checkpoint changes. Answers at
 * once with `changed: true` when it is already terminal; as soon as a vote,
 * decision or expiry changes it (`changed: true`, the REST 200); or at the
 * hold's end with the unchanged state (`changed: false`, the REST 202). A
 * client that goes away frees its waiter through the call's abort signal.
 */
export function waitCheckpoint(deps: GovernDeps) {
  // Not an async function: what a held wait keeps is waitForChange's state, not a frame here too.
  return (req: WaitCheckpointRequest, ctx: HandlerContext): Promise<WaitCheckpointResponse> => {
    let workspaceId: string;
    try {
      workspaceId = workspaceOf(req.caller);
    } catch (err) {
      return Promise.reject(err);
    }
    if (req.timeoutSeconds < LIMITS.minWaitSeconds || req.timeoutSeconds > LIMITS.maxWaitSeconds) {
      return Promise.reject(new ValidationError("timeout", `must be an integer from ${LIMITS.minWaitSeconds} to ${LIMITS.maxWaitSeconds}`));
    }
    return waitForChange(deps, workspaceId, req.id, req.timeoutSeconds * 1000, ctx.signal).then((outcome) =>
      create(WaitCheckpointResponseSchema, { checkpoint: checkpointToProto(outcome.checkpoint), changed: outcome.changed }),
    );
  };
}
