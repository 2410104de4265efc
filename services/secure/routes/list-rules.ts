import { create } from "@bufbuild/protobuf";
import {
  ListRulesResponseSchema,
  RuleStatusSchema,
  RuleTypeSchema,
  type ListRulesRequest,
  type ListRulesResponse,
} from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import type { RuleStatus, RuleType } from "../domain/rule.js";
import type { RuleFilter } from "../store/rule-store.js";
import { ruleToProto } from "./rule-to-proto.js";
import type { SecureDeps } from "./secure-deps.js";
import { wireEnum } from "./wire-enum.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

/**
 * `ListRules`: the caller's workspace's rules, built-ins included (first),
 * then the rest in creation order; UNSPECIFIED status or type does not filter.
 */
export function listRules(deps: SecureDeps) {
  return async (req: ListRulesRequest): Promise<ListRulesResponse> => {
    const workspaceId = workspaceOf(req.caller);
    const filter: RuleFilter = {};
    const status = wireEnum<RuleStatus>(RuleStatusSchema, req.status, "status");
    const type = wireEnum<RuleType>(RuleTypeSchema, req.type, "type");
    if (status) filter.status = status;
    if (type) filter.type = type;
    const rules = await deps.rules.list(workspaceId, filter);
    return create(ListRulesResponseSchema, { rules: rules.map(ruleToProto) });
  };
}
