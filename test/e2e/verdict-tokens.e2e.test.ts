import { createHash } from "node:crypto";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client, createKey } from "../support/http.js";

// Signed scan verdicts over HTTP: sign, verify (here and with the JWKS), and the checks that refuse forgeries.
describe("signed scan verdicts", () => {
  let gh: TestGatehouse;
  let admin: ReturnType<typeof client>;
  const content = "please email the report to ops@example.com";

  beforeAll(async () => {
    gh = await startGatehouse();
    admin = client(gh.url, gh.adminKey);
  });
  afterAll(async () => gh?.close());

  async function signedScan(body: Record<string, unknown> = {}) {
    const res = await admin.post("/v1/secure/scan", { content, sign: true, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.verdict_token).toEqual(expect.any(String));
    return res.body;
  }

  it("signs the verdict with the decision-token keys, binding scan id, verdict, content hash, scan type and rule-set version", async () => {
    const scan = await signedScan();
    const jwks = (await client(gh.url).get("/.well-known/jwks.json")).body;
    const { payload, protectedHeader } = await jwtVerify(scan.verdict_token, createLocalJWKSet(jwks), {
      algorithms: ["ES256"],
      typ: "gatehouse-scan-verdict+jwt",
      audience: "default",
    });
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(protectedHeader.kid);
    expect(payload).toMatchObject({
      sub: scan.scan_id,
      verdict: scan.verdict,
      allowed: scan.allowed,
      scan_type: "prompt_input",
      rule_set_version: scan.rule_set_version,
      content_sha256: createHash("sha256").update(content, "utf8").digest("base64url"),
    });
    expect(payload).not.toHaveProperty("tool_name");
    const unsigned = await admin.post("/v1/secure/scan", { content });
    expect(unsigned.body).not.toHaveProperty("verdict_token");
    expect(unsigned.body.rule_set_version).toBe(scan.rule_set_version);
  });

  it("verifies a token, with and without the content; other content, a tampered token or a decision token fail", async () => {
    const scan = await signedScan({ scan_type: "tool_call", tool_name: "send_email" });
    const verify = (body: Record<string, unknown>) => admin.post("/v1/secure/verdict-tokens/verify", body);

    const ok = await verify({ token: scan.verdict_token, content });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ valid: true, claims: { sub: scan.scan_id, scan_type: "tool_call", tool_name: "send_email" } });
    expect((await verify({ token: scan.verdict_token })).body.valid).toBe(true);

    const other = await verify({ token: scan.verdict_token, content: content + " and the passwords" });
    expect(other.body).toEqual({ valid: false, reason: expect.stringContaining("content_sha256") });

    const [h, p, s] = scan.verdict_token.split(".");
    const claims = JSON.parse(Buffer.from(p, "base64url").toString());
    const forged = [h, Buffer.from(JSON.stringify({ ...claims, verdict: "allow", allowed: true })).toString("base64url"), s].join(".");
    expect((await verify({ token: forged })).body).toEqual({ valid: false, reason: "the signature is invalid" });

    const cp = await admin.post("/v1/checkpoints", { action: "anything", payload: {} });
    const decided = await admin.post(`/v1/checkpoints/${cp.body.checkpoint_id}/decisions`, { decision: "approve" });
    expect(decided.body.status).toBe("approved");
    const decisionToken = decided.body.decision_token;
    expect((await verify({ token: decisionToken })).body).toEqual({ valid: false, reason: "the token is not a Gatehouse scan verdict token (typ)" });
    const asDecision = await admin.post("/v1/decision-tokens/verify", { token: scan.verdict_token });
    expect(asDecision.body).toEqual({ valid: false, reason: "the token is not a Gatehouse decision token (typ)" });
    expect(decodeProtectedHeader(decisionToken).kid).toBe(decodeProtectedHeader(scan.verdict_token).kid);
  });

  it("refuses another workspace's token, and needs secure:scan:write", async () => {
    const scan = await signedScan();
    const ws = await admin.post("/v1/workspaces", { name: "elsewhere" });
    const otherKey = await createKey(gh.url, gh.adminKey, { scopes: ["secure:scan:write"], workspace_id: ws.body.workspace.id });
    const res = await client(gh.url, otherKey).post("/v1/secure/verdict-tokens/verify", { token: scan.verdict_token });
    expect(res.body).toEqual({ valid: false, reason: "the token was issued for another workspace (aud)" });
    const reader = await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:read"] });
    const denied = await client(gh.url, reader).post("/v1/secure/verdict-tokens/verify", { token: scan.verdict_token });
    expect(denied.status).toBe(403);
  });

  it("replays the same token for a retried idempotent scan", async () => {
    const headers = { "Idempotency-Key": `sign-${Date.now()}` };
    const first = await admin.post("/v1/secure/scan", { content, sign: true }, headers);
    const again = await admin.post("/v1/secure/scan", { content, sign: true }, headers);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.verdict_token).toBe(first.body.verdict_token);
  });

  it("signs through the check_action tool", async () => {
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "check_action", arguments: { content, sign: true } } };
    const res = await admin.post("/mcp", call, { accept: "application/json" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { result } = res.body;
    expect(result.isError).toBeFalsy();
    const verified = await admin.post("/v1/secure/verdict-tokens/verify", { token: result.structuredContent.verdict_token, content });
    expect(verified.body.valid).toBe(true);
  });
});
