import { create } from "@bufbuild/protobuf";
import { GetPolicyResponseSchema, type GetPolicyRequest, type GetPolicyResponse } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { NotFoundError } from "../../../lib/errors.js";
import type { GovernDeps } from "./govern-deps.js";
import { policyToProto } from "./policy-to-proto.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

/** `GetPolicy`: one policy of the caller's workspace; any other ID is NotFound. */
export function getPolicy(deps: GovernDeps) {
  return async (req: GetPolicyRequest): Promise<GetPolicyResponse> => {
    const policy = await deps.policies.get(workspaceOf(req.caller), req.id);
    if (!policy) throw new NotFoundError("policy", req.id);
    return create(GetPolicyResponseSchema, { policy: policyToProto(policy) });
  };
}
