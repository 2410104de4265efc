import { create } from "@bufbuild/protobuf";
import { RateLimitStateSchema, type RateLimitState } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import type { RateLimitVerdict } from "../app/rate-limiter.js";

/** The wire form of a rate-limit verdict (`retry_after_seconds` only when refused). */
export function rateLimitState(v: RateLimitVerdict): RateLimitState {
  return create(RateLimitStateSchema, {
    policy: v.policy.name,
    limit: v.policy.limit,
    windowSeconds: v.policy.windowSeconds,
    remaining: v.remaining,
    resetSeconds: v.resetSeconds,
    retryAfterSeconds: v.allowed ? 0 : v.retryAfterSeconds,
  });
}
