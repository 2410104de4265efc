import { create } from "@bufbuild/protobuf";
import { GetRuleResponseSchema, type GetRuleRequest, type GetRuleResponse } from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { NotFoundError } from "../../../lib/errors.js";
import { ruleToProto } from "./rule-to-proto.js";
import type { SecureDeps } from "./secure-deps.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

/** `GetRule`: one rule of the caller's workspace; another workspace's ID is not found. */
export function getRule(deps: SecureDeps) {
  return async (req: GetRuleRequest): Promise<GetRuleResponse> => {
    const rule = await deps.rules.get(workspaceOf(req.caller), req.id);
    if (!rule) throw new NotFoundError("rule", req.id);
    return create(GetRuleResponseSchema, { rule: ruleToProto(rule) });
  };
}
