import { create } from "@bufbuild/protobuf";
import {
  TestRuleResponseSchema,
  type TestRuleRequest,
  type TestRuleResponse,
} from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { NotFoundError, ValidationError } from "../../../lib/errors.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";
import { validationUnder } from "../../../lib/validation-under.js";
import { createRuleSpec } from "../domain/create-rule-spec.js";
import { newRule } from "../domain/new-rule.js";
import type { Rule } from "../domain/rule.js";
import { createInputFromProto } from "./rule-input-from-proto.js";
import { rehearseOnSample } from "./rehearse-on-sample.js";
import type { SecureDeps } from "./secure-deps.js";

/**
 * `TestRule`: the rehearsal of a rule that does not affect scans — a stored
 * rule of any status (`rule_id`, 404 when unknown), or an unsaved one (`rule`,
 * validated exactly like a create: a 400 names the field under `rule.`) — run
 * alone on sample content (see `rehearseRule`). The content is validated like
 * a scan's. The answer is the scan's shape with an empty `scan_id`: no scan
 * happened that could be referred to. Nothing moves: no trigger is counted,
 * no plan of the workspace is touched, nothing is stored.
 */
export function testRule(deps: SecureDeps) {
  return async (req: TestRuleRequest): Promise<TestRuleResponse> => {
    const rule = await subjectOf(deps, workspaceOf(req.caller), req);
    // No scan happened that could be referred to: the result names none.
    return create(TestRuleResponseSchema, { result: rehearseOnSample(rule, req, "") });
  };
}

async function subjectOf(deps: SecureDeps, workspaceId: string, req: TestRuleRequest): Promise<Rule> {
  const { subject } = req;
  switch (subject.case) {
    case "ruleId": {
      const rule = await deps.rules.get(workspaceId, subject.value);
      if (!rule) throw new NotFoundError("rule", subject.value);
      return rule;
    }
    case "rule": {
      const spec = validationUnder("rule", () => createRuleSpec(createInputFromProto(subject.value)));
      // An unsaved rule has no ID: its matches say so with an empty rule_id.
      return newRule(spec, { id: "", workspaceId }, deps.clock.now());
    }
    default:
      throw new ValidationError("rule_id", "a rule_id or a rule is required");
  }
}
