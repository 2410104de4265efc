import { create } from "@bufbuild/protobuf";
import {
  ThrottlePollResponseSchema,
  type ThrottlePollRequest,
  type ThrottlePollResponse,
} from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { ValidationError } from "../../../lib/errors.js";
import { retryAfterSeconds } from "../domain/sliding-window.js";
import type { AuthDeps } from "./auth-deps.js";
import { requireCaller } from "../../../lib/rpc/caller.js";

/** Longest resource name accepted (checkpoint IDs are far shorter). */
const MAX_RESOURCE_LENGTH = 512;
/** Longest spacing accepted: one hour. */
const MAX_SPACING_MS = 3_600_000;

/**
 * ThrottlePoll: claims the poll slot of (caller.key_id, resource) for
 * `spacing_ms`. Within the spacing a second claim answers `allowed: false`
 * with `retry_after_seconds` (whole seconds, ≥ 1). Shared by every replica
 * through the RateLimitStore.
 */
export async function throttlePoll(deps: AuthDeps, req: ThrottlePollRequest): Promise<ThrottlePollResponse> {
  const caller = requireCaller(req.caller);
  if (caller.keyId === "") throw new ValidationError("caller.key_id", "is required");
  if (req.resource === "") throw new ValidationError("resource", "is required");
  if (req.resource.length > MAX_RESOURCE_LENGTH) {
    throw new ValidationError("resource", `must be at most ${MAX_RESOURCE_LENGTH} characters`);
  }
  if (req.spacingMs < 1 || req.spacingMs > MAX_SPACING_MS) {
    throw new ValidationError("spacing_ms", `must be between 1 and ${MAX_SPACING_MS}`);
  }
  const claim = await deps.rateLimits.claimSlot(`${caller.keyId}|${req.resource}`, deps.clock.now(), req.spacingMs);
  return claim.claimed
    ? create(ThrottlePollResponseSchema, { allowed: true })
    : create(ThrottlePollResponseSchema, { allowed: false, retryAfterSeconds: retryAfterSeconds(claim.retryAfterMs) });
}
