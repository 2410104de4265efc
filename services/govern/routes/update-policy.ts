import { create } from "@bufbuild/protobuf";
import {
  UpdatePolicyResponseSchema,
  type UpdatePolicyRequest,
  type UpdatePolicyResponse,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { keyActor } from "../../../lib/audit/audit-event.js";
import { NotFoundError, UnavailableError, VersionMismatchError } from "../../../lib/errors.js";
import { applyPolicyMask } from "../domain/apply-policy-mask.js";
import { policyUpdatedEntry } from "../domain/audit-entries.js";
import type { GovernDeps } from "./govern-deps.js";
import { policyInputFromProto } from "./policy-input-from-proto.js";
import { policyToProto } from "./policy-to-proto.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

// Bounds the read-modify-write retries of an update racing others without an expected version.
const MAX_ATTEMPTS = 20;

/**
 * `UpdatePolicy`: changes the fields named in `update_mask` (PolicySpec field
 * names, `match` whole or `match.*`; none is a 400), validates the result as a
 * whole and bumps `version` and `updated_at`. Checks, in order: unknown
 * policy (404), `expected_version` differing from the stored one (412
 * VERSION_MISMATCH), the fields (400). The write is conditional on the version
 * read: without `expected_version` a lost race re-reads and retries; with it,
 * a lost race is a version mismatch. An accepted edit is recorded in the
 * audit trail.
 */
export function updatePolicy(deps: GovernDeps) {
  return async (req: UpdatePolicyRequest): Promise<UpdatePolicyResponse> => {
    const workspaceId = workspaceOf(req.caller);
    for (let attempt = 1; ; attempt++) {
      const current = await deps.policies.get(workspaceId, req.id);
      if (!current) throw new NotFoundError("policy", req.id);
      if (req.expectedVersion !== undefined && req.expectedVersion !== current.version) {
        throw new VersionMismatchError(req.expectedVersion, current.version);
      }
      const spec = applyPolicyMask(current, req.updateMask?.paths ?? [], policyInputFromProto(req.policy));
      const updated = await deps.policies.updateSpec(workspaceId, req.id, current.version, spec, deps.clock.now());
      if (updated) {
        await deps.audit.append(workspaceId, policyUpdatedEntry(current, updated, keyActor(req.caller!)));
        return create(UpdatePolicyResponseSchema, { policy: policyToProto(updated) });
      }
      if (attempt >= MAX_ATTEMPTS) throw new UnavailableError("the policy is being changed by other requests; try again");
    }
  };
}
