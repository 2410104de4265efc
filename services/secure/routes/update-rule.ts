import { create } from "@bufbuild/protobuf";
import {
  UpdateRuleResponseSchema,
  type UpdateRuleRequest,
  type UpdateRuleResponse,
} from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { keyActor } from "../../../lib/audit/audit-event.js";
import { ConflictError, NotFoundError, UnavailableError, VersionMismatchError } from "../../../lib/errors.js";
import { applyRulePatch } from "../domain/apply-rule-patch.js";
import { ruleUpdatedEntry } from "../domain/rule-audit-entries.js";
import { patchInputFromProto } from "./rule-input-from-proto.js";
import { ruleToProto } from "./rule-to-proto.js";
import type { SecureDeps } from "./secure-deps.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

// Bounds the read-modify-write retries of an update racing others without an expected version.
const MAX_ATTEMPTS = 20;

/**
 * `UpdateRule`: changes only the fields named in `update_mask`, validates the
 * result as a whole and bumps `version` and `updated_at`. Checks run in this
 * order: unknown rule (404), built-in rule (409 BUILT_IN_RULE_IMMUTABLE),
 * `expected_version` differing from the stored one (412), then the fields
 * (400). The write is conditional on the version read, so concurrent updates
 * never lose one: without `expected_version` a lost race re-reads and retries;
 * with it, a lost race is a version mismatch. A stored update invalidates the
 * workspace's scan plan here and on other replicas, and is recorded in the
 * audit trail.
 */
export function updateRule(deps: SecureDeps) {
  return async (req: UpdateRuleRequest): Promise<UpdateRuleResponse> => {
    const workspaceId = workspaceOf(req.caller);
    for (let attempt = 1; ; attempt++) {
      const current = await deps.rules.get(workspaceId, req.id);
      if (!current) throw new NotFoundError("rule", req.id);
      if (current.isBuiltIn) {
        throw new ConflictError("BUILT_IN_RULE_IMMUTABLE", `rule ${JSON.stringify(req.id)} is built in and cannot be edited`);
      }
      if (req.expectedVersion !== undefined && req.expectedVersion !== current.version) {
        throw new VersionMismatchError(req.expectedVersion, current.version);
      }
      const spec = applyRulePatch(current, patchInputFromProto(req.updateMask?.paths ?? [], req.rule));
      const updated = await deps.rules.updateSpec(workspaceId, req.id, current.version, spec, deps.clock.now());
      if (updated) {
        await deps.plans.rulesChanged(workspaceId);
        await deps.audit.append(workspaceId, ruleUpdatedEntry(current, updated, keyActor(req.caller!)));
        return create(UpdateRuleResponseSchema, { rule: ruleToProto(updated) });
      }
      if (attempt >= MAX_ATTEMPTS) throw new UnavailableError("the rule is being changed by other requests; try again");
    }
  };
}
