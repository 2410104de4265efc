import { create } from "@bufbuild/protobuf";
import {
  CreatePolicyResponseSchema,
  type CreatePolicyRequest,
  type CreatePolicyResponse,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { keyActor } from "../../../lib/audit/audit-event.js";
import { newId } from "../../../lib/ids.js";
import { policyCreatedEntry } from "../domain/audit-entries.js";
import type { Policy } from "../domain/policy.js";
import { validatePolicySpec } from "../domain/validate-policy-spec.js";
import type { GovernDeps } from "./govern-deps.js";
import { policyInputFromProto } from "./policy-input-from-proto.js";
import { policyToProto } from "./policy-to-proto.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

/**
 * `CreatePolicy`: validates the spec (defaults: active, quorum 1, actions
 * ["*"]) and stores it in the caller's workspace at version 1, recorded in
 * the audit trail. The REST answer is 201.
 */
export function createPolicy(deps: GovernDeps) {
  return async (req: CreatePolicyRequest): Promise<CreatePolicyResponse> => {
    const workspaceId = workspaceOf(req.caller);
    const spec = validatePolicySpec(policyInputFromProto(req.policy));
    const now = deps.clock.now();
    const policy: Policy = { ...spec, id: newId("pol", now), workspaceId, version: 1, createdAt: now, updatedAt: now };
    await deps.policies.insert(policy);
    await deps.audit.append(workspaceId, policyCreatedEntry(policy, keyActor(req.caller!)));
    return create(CreatePolicyResponseSchema, { policy: policyToProto(policy) });
  };
}
