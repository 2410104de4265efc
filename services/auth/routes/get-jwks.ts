import { create } from "@bufbuild/protobuf";
import { GetJwksResponseSchema, JsonWebKeySchema, type GetJwksResponse } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { publishedSigningKeys } from "../app/published-signing-keys.js";
import { DECISION_TOKEN_ALG } from "../domain/decision-claims.js";
import type { AuthDeps } from "./auth-deps.js";

/**
 * GetJwks: the public decision-token keys — the current one and every retired
 * one whose tokens may still be alive — as `{kty, crv, x, y, kid, alg, use}`.
 */
export async function getJwks(deps: AuthDeps): Promise<GetJwksResponse> {
  const keys = await publishedSigningKeys(deps.signingKeys, deps.clock.now(), deps.tokenTtlSeconds);
  return create(GetJwksResponseSchema, {
    keys: keys.map((k) =>
      create(JsonWebKeySchema, { ...k.publicJwk, kid: k.kid, alg: DECISION_TOKEN_ALG, use: "sig" }),
    ),
  });
}
