import type { JsonObject } from "@bufbuild/protobuf";
import { route } from "../route.js";
import { VerifyTokenBody, VerifyTokenResponse } from "../schemas/checkpoint.js";
import type { RouteDeps } from "./deps.js";

/** `/v1/decision-tokens/verify`: server-side verification for callers that cannot verify JWTs. */
export function decisionTokenRoutes({ clients }: RouteDeps) {
  return [
    route({
      method: "POST",
      url: "/v1/decision-tokens/verify",
      operationId: "verifyDecisionToken",
      summary: "Verify a decision token: signature, audience, expiry, status approved, and optionally action and payload",
      tags: ["decision tokens"],
      scope: "govern:checkpoints:read",
      body: VerifyTokenBody,
      status: 200,
      response: VerifyTokenResponse,
      async handler({ caller, body }) {
        const res = await clients.auth.verifyDecision({
          caller,
          token: body.token,
          action: body.action,
          payload: body.payload as JsonObject | undefined,
        });
        return res.valid
          ? { valid: true, claims: res.claims ?? {} }
          : { valid: false, reason: res.reason };
      },
    }),
  ];
}
