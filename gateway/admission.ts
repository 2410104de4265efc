import type { FastifyReply, FastifyRequest } from "fastify";
import type { Client } from "@connectrpc/connect";
import type { AuthService, RateLimitState } from "../gen/gatehouse/auth/v1/auth_pb.js";
import type { Caller } from "../gen/gatehouse/common/v1/common_pb.js";
import { admittedCaller, bearerSecret } from "../lib/rpc/admitted-caller.js";

/**
 * Admits one request through the auth service (key, client IP, scope and the
 * shared rate limit in a single call), sets the RateLimit headers on the reply,
 * and returns the caller — or throws the error the client must see.
 */
export async function admit(
  auth: Client<typeof AuthService>,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
): Promise<Caller> {
  const res = await auth.authorize({
    apiKey: bearerSecret(request.headers.authorization),
    clientIp: request.ip,
    requiredScope: scope,
  });
  if (res.rateLimit) setRateLimitHeaders(reply, res.rateLimit);
  return admittedCaller(res);
}

/** IETF draft-ietf-httpapi-ratelimit-headers fields, as DESIGN §2 fixes them. */
function setRateLimitHeaders(reply: FastifyReply, rl: RateLimitState): void {
  const policy = rl.policy || "default";
  reply.header("RateLimit-Policy", `"${policy}";q=${rl.limit};w=${rl.windowSeconds}`);
  reply.header("RateLimit", `"${policy}";r=${Math.max(0, rl.remaining)};t=${Math.max(0, rl.resetSeconds)}`);
}
