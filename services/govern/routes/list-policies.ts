import { create } from "@bufbuild/protobuf";
import {
  ListPoliciesResponseSchema,
  type ListPoliciesRequest,
  type ListPoliciesResponse,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import type { GovernDeps } from "./govern-deps.js";
import { policyToProto } from "./policy-to-proto.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

/** `ListPolicies`: every policy of the caller's workspace, active or not, in creation order. */
export function listPolicies(deps: GovernDeps) {
  return async (req: ListPoliciesRequest): Promise<ListPoliciesResponse> => {
    const policies = await deps.policies.list(workspaceOf(req.caller));
    return create(ListPoliciesResponseSchema, { policies: policies.map(policyToProto) });
  };
}
