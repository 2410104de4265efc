import { describe, expect, it } from "vitest";
import { contentSha256 } from "../../../lib/content-hash.js";
import { signDecisionToken } from "./sign-decision-token.js";
import type { PublishedKey } from "./signing-key.js";
import { generateSigningMaterial } from "./signing-material.js";
import { signScanVerdictToken, verifyScanVerdictToken, SCAN_VERDICT_TOKEN_TYPE } from "./scan-verdict-token.js";
import { verifyDecisionToken } from "./verify-decision-token.js";

const NOW = Date.UTC(2026, 0, 1);

describe("scan verdict tokens", async () => {
  const key = await generateSigningMaterial();
  const other = await generateSigningMaterial();
  const published: PublishedKey[] = [{ kid: key.kid, publicJwk: key.publicJwk, retiredAt: null }];
  const input = {
    issuer: "gh",
    audience: "ws_a",
    scanId: "scan_1",
    jti: "sv_1",
    now: NOW,
    ttlSeconds: 60,
    verdict: "flag",
    allowed: true,
    contentSha256: contentSha256("hello"),
    scanType: "prompt_input",
    ruleSetVersion: "rsv",
  };
  const verify = (token: string, extra: { now?: number; content?: string; audience?: string } = {}) =>
    verifyScanVerdictToken(token, { keys: published, issuer: "gh", audience: extra.audience ?? "ws_a", now: extra.now ?? NOW, content: extra.content });

  it("round-trips with its typ and claims, and checks the content when given", async () => {
    const { token } = signScanVerdictToken(key, input);
    expect(JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString())).toMatchObject({ alg: "ES256", typ: SCAN_VERDICT_TOKEN_TYPE, kid: key.kid });
    const ok = await verify(token, { content: "hello" });
    expect(ok).toMatchObject({ valid: true, claims: { sub: "scan_1", verdict: "flag", allowed: true, scan_type: "prompt_input", rule_set_version: "rsv", exp: NOW / 1000 + 60 } });
    expect(ok.valid && "tool_name" in ok.claims).toBe(false);
    expect(await verify(token, { content: "hello!" })).toEqual({ valid: false, reason: expect.stringContaining("content_sha256") });
  });

  it("refuses an expired token, another workspace's, another key's and a decision token; a decision verifier refuses a verdict", async () => {
    const { token } = signScanVerdictToken(key, input);
    expect(await verify(token, { now: NOW + 61_000 })).toEqual({ valid: false, reason: "the token has expired" });
    expect(await verify(token, { audience: "ws_b" })).toMatchObject({ valid: false, reason: expect.stringContaining("(aud)") });
    expect(await verify(signScanVerdictToken(other, input).token)).toMatchObject({ valid: false });
    const decision = signDecisionToken(key, { issuer: "gh", audience: "ws_a", subject: "cp_1", jti: "dt_1", now: NOW, ttlSeconds: 60, claims: { status: "approved" } });
    expect(await verify(decision.token)).toEqual({ valid: false, reason: "the token is not a Gatehouse scan verdict token (typ)" });
    expect(await verifyDecisionToken(token, { keys: published, issuer: "gh", audience: "ws_a", now: NOW })).toEqual({
      valid: false,
      reason: "the token is not a Gatehouse decision token (typ)",
    });
  });
});
