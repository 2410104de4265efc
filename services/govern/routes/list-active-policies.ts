import { create } from "@bufbuild/protobuf";
import {
  ListActivePoliciesResponseSchema,
  type ListActivePoliciesRequest,
  type ListActivePoliciesResponse,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import type { GovernDeps } from "./govern-deps.js";
import { policyToProto } from "./policy-to-proto.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

/** `ListActivePolicies`: the policies that evaluate new checkpoints, in evaluation (creation) order. */
export function listActivePolicies(deps: GovernDeps) {
  return async (req: ListActivePoliciesRequest): Promise<ListActivePoliciesResponse> => {
    const policies = await deps.policies.list(workspaceOf(req.caller), "active");
    return create(ListActivePoliciesResponseSchema, { policies: policies.map(policyToProto) });
  };
}
