import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { payloadSha256 } from "../../../lib/payload-hash.js";
import { withoutRegisteredClaims } from "./decision-claims.js";
import { signDecisionToken } from "./sign-decision-token.js";
import type { PublishedKey } from "./signing-key.js";
import { generateSigningMaterial, type SigningMaterial } from "./signing-material.js";
import { verifyDecisionToken, type DecisionVerification } from "./verify-decision-token.js";

const NOW = Date.UTC(2026, 0, 1, 12);
const payload = { amount: 10, to: "acct_1" };

async function setup() {
  const key = await generateSigningMaterial();
  const published: PublishedKey[] = [{ kid: key.kid, publicJwk: key.publicJwk, retiredAt: null }];
  const sign = (claims: Record<string, unknown> = {}, over: Partial<{ audience: string; issuer: string; ttl: number; key: SigningMaterial }> = {}) =>
    signDecisionToken(over.key ?? key, {
      issuer: over.issuer ?? "gatehouse",
      audience: over.audience ?? "ws_a",
      subject: "cp_1",
      jti: "dt_1",
      now: NOW,
      ttlSeconds: over.ttl ?? 3600,
      claims: { status: "approved", action: "payments.send", payload_sha256: payloadSha256(payload), ...claims } as never,
    });
  const verify = (token: string, over: Partial<DecisionVerification> = {}) =>
    verifyDecisionToken(token, { keys: published, issuer: "gatehouse", audience: "ws_a", now: NOW + 1000, ...over });
  return { key, published, sign, verify };
}

describe("decision tokens", () => {
  it("are ES256 JWTs with the decision header and registered claims", async () => {
    const { key, sign, published } = await setup();
    const { token, exp } = await sign({ iss: "evil", aud: "ws_b", exp: 1 });
    expect(decodeProtectedHeader(token)).toEqual({ alg: "ES256", typ: "gatehouse-decision+jwt", kid: key.kid });
    const jwks = createLocalJWKSet({ keys: published.map((k) => ({ ...k.publicJwk, kid: k.kid, alg: "ES256", use: "sig" })) });
    const { payload: claims } = await jwtVerify(token, jwks, { issuer: "gatehouse", audience: "ws_a", currentDate: new Date(NOW) });
    expect(claims).toMatchObject({ iss: "gatehouse", aud: "ws_a", sub: "cp_1", jti: "dt_1", iat: NOW / 1000, exp, status: "approved" });
    expect(exp).toBe(NOW / 1000 + 3600);
  });

  it("verify accepts a matching approved token", async () => {
    const { sign, verify } = await setup();
    const { token } = await sign();
    const v = await verify(token, { action: "payments.send", payload });
    expect(v).toMatchObject({ valid: true, claims: { status: "approved", sub: "cp_1" } });
  });

  it.each([
    ["a rejected decision", { claims: { status: "rejected" } }, {}, /rejected/],
    ["another action", {}, { action: "payments.refund" }, /action/],
    ["another payload", {}, { payload: { amount: 1000, to: "acct_1" } }, /payload/],
    ["another workspace", {}, { audience: "ws_b" }, /workspace/],
    ["another issuer", {}, { issuer: "someone-else" }, /issued/],
    ["an expired token", {}, { now: NOW + 3601_000 }, /expired/],
  ])("verify refuses %s", async (_label, signWith: { claims?: Record<string, unknown> }, verifyWith, reason) => {
    const { sign, verify } = await setup();
    const { token } = await sign(signWith.claims ?? {});
    const v = await verify(token, verifyWith as Partial<DecisionVerification>);
    expect(v.valid).toBe(false);
    if (!v.valid) expect(v.reason).toMatch(reason);
  });

  it("verify refuses tampered, foreign-key and garbage tokens", async () => {
    const { sign, verify } = await setup();
    const { token } = await sign();
    const [h, p, s] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, "base64url").toString()), status: "approved", action: "x" })).toString("base64url");
    expect(await verify(`${h}.${forged}.${s}`)).toEqual({ valid: false, reason: "the signature is invalid" });
    const other = await generateSigningMaterial();
    const { token: foreign } = await sign({}, { key: other });
    expect(await verify(foreign)).toMatchObject({ valid: false, reason: expect.stringMatching(/unknown/) });
    expect(await verify("not-a-token")).toEqual({ valid: false, reason: "the token is malformed" });
    expect(await verify("")).toEqual({ valid: false, reason: "the token is malformed" });
  });

  it("drops registered claims from the extra claims", () => {
    expect(withoutRegisteredClaims({ iss: "x", sub: "y", aud: "z", exp: 1, nbf: 1, iat: 1, jti: "j", status: "approved" })).toEqual({
      status: "approved",
    });
  });
});
