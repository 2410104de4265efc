import { create } from "@bufbuild/protobuf";
import {
  CreateRuleResponseSchema,
  type CreateRuleRequest,
  type CreateRuleResponse,
} from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { keyActor } from "../../../lib/audit/audit-event.js";
import { newId } from "../../../lib/ids.js";
import { createRuleSpec } from "../domain/create-rule-spec.js";
import { newRule } from "../domain/new-rule.js";
import { ruleCreatedEntry } from "../domain/rule-audit-entries.js";
import { createInputFromProto } from "./rule-input-from-proto.js";
import { ruleToProto } from "./rule-to-proto.js";
import type { SecureDeps } from "./secure-deps.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

/**
 * `CreateRule`: validates the spec (defaults: flag, medium, draft, applies to
 * all) and stores it in the caller's workspace at version 1, then tells the
 * scan plan cache (here and on other replicas) and the audit trail. The
 * REST answer is 201.
 */
export function createRule(deps: SecureDeps) {
  return async (req: CreateRuleRequest): Promise<CreateRuleResponse> => {
    const workspaceId = workspaceOf(req.caller);
    const caller = req.caller!;
    const spec = createRuleSpec(createInputFromProto(req.rule));
    const now = deps.clock.now();
    const rule = newRule(spec, { id: newId("rule", now), workspaceId }, now);
    await deps.rules.insert(rule);
    await deps.plans.rulesChanged(workspaceId);
    await deps.audit.append(workspaceId, ruleCreatedEntry(rule, keyActor(caller)));
    return create(CreateRuleResponseSchema, { rule: ruleToProto(rule) });
  };
}
