import { create } from "@bufbuild/protobuf";
import {
  GetCheckpointResponseSchema,
  type GetCheckpointRequest,
  type GetCheckpointResponse,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { checkpointToProto } from "./checkpoint-to-proto.js";
import type { GovernDeps } from "./govern-deps.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

/**
 * `GetCheckpoint`: the current state, without waiting; a pending checkpoint
 * whose time is up is expired first. Another workspace's ID is NotFound.
 * (Cold-poll spacing is the gateway's, through the auth service.)
 */
export function getCheckpoint(deps: GovernDeps) {
  return async (req: GetCheckpointRequest): Promise<GetCheckpointResponse> => {
    const checkpoint = await deps.lifecycle.read(workspaceOf(req.caller), req.id);
    return create(GetCheckpointResponseSchema, { checkpoint: checkpointToProto(checkpoint) });
  };
}
