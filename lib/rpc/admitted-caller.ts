import { AuthorizeOutcome, type AuthorizeResponse } from "../../gen/gatehouse/auth/v1/auth_pb.js";
import type { Caller } from "../../gen/gatehouse/common/v1/common_pb.js";
import { ForbiddenError, GatehouseError, RateLimitedError } from "../errors.js";

/**
 * The caller an Authorize answer admits, or the error the client must see:
 * FORBIDDEN naming the missing scope, RATE_LIMITED with its retry delay, or
 * UNAUTHORIZED. The one reading of admission answers, for REST and gRPC alike.
 */
export function admittedCaller(res: AuthorizeResponse): Caller {
  switch (res.outcome) {
    case AuthorizeOutcome.ALLOWED:
      return res.caller!;
    case AuthorizeOutcome.FORBIDDEN:
      throw new ForbiddenError(res.missingScope, `missing scope ${res.missingScope}`);
    case AuthorizeOutcome.RATE_LIMITED:
      throw new RateLimitedError(
        "RATE_LIMITED",
        `rate limit of ${res.rateLimit?.limit ?? 600} requests per ${res.rateLimit?.windowSeconds ?? 60} s exceeded`,
        res.rateLimit?.retryAfterSeconds ?? 1,
      );
    default:
      throw new GatehouseError("UNAUTHORIZED", "a valid API key is required: Authorization: Bearer <key>");
  }
}

/** Pulls the bearer secret out of an Authorization header; "" when absent or malformed. */
export function bearerSecret(header: string | null | undefined): string {
  if (!header) return "";
  const m = /^Bearer[ ]+([\x21-\x7e]+)\s*$/i.exec(header);
  return m ? m[1]! : "";
}
