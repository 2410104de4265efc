import { createLocalJWKSet, decodeJwt, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eEngines, startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client, createKey } from "../support/http.js";

const GOVERN = ["govern:checkpoints:write", "govern:checkpoints:read", "govern:checkpoints:decide", "govern:policies:read", "govern:policies:write"];

// Scan-gated checkpoints and per-policy timeout outcomes, over HTTP against the real server.
describe.each(e2eEngines())("scan-gated checkpoints and timeout outcomes on %s", (engine) => {
  let gh: TestGatehouse;
  let admin: ReturnType<typeof client>;
  let rita: ReturnType<typeof client>;
  let gated: { id: string };

  beforeAll(async () => {
    gh = await startGatehouse({ engine });
    admin = client(gh.url, gh.adminKey);
    rita = client(gh.url, await createKey(gh.url, gh.adminKey, { name: "rita", subject: "rita", scopes: GOVERN }));
    for (const rule of [
      { name: "No table drops", type: "prompt_pattern", action: "block", severity: "critical", status: "active", custom_patterns: ["DROP TABLE"] },
      { name: "Codename", type: "prompt_pattern", action: "flag", severity: "medium", status: "active", custom_patterns: ["bluebird"] },
    ]) {
      const res = await admin.post("/v1/secure/rules", rule);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const res = await admin.post("/v1/policies", {
      name: "Exports, scanned",
      outcome: "approve",
      reviewers: ["rita"],
      match: { actions: ["db.export"] },
      scan: { on_block: "block", on_flag: "review" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.policy).toMatchObject({ scan: { on_block: "block", on_flag: "review" }, timeout_outcome: "expired" });
    gated = res.body.policy;
  });
  afterAll(async () => gh?.close());

  const create = (body: Record<string, unknown>) => admin.post("/v1/checkpoints", { action: "db.export", policy_ids: [gated.id], ...body });
  const scanClaim = (token: string) => decodeJwt(token).scan as Record<string, unknown> | undefined;

  it("approves clean content, and the decision token carries the scan verdict", async () => {
    const res = await create({ payload: { table: "orders", format: "csv" }, context: "monthly report" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status).toBe("approved");
    const scan = res.body.evals[0].scan;
    expect(scan).toMatchObject({ on_block: "block", on_flag: "review", effect: "none", scan_id: expect.stringMatching(/^scan_/) });
    expect(["allow", "log"]).toContain(scan.verdict);
    expect(scan.rule_set_version).toEqual(expect.any(String));
    const jwks = (await client(gh.url).get("/.well-known/jwks.json")).body;
    const { payload } = await jwtVerify(res.body.decision_token, createLocalJWKSet(jwks), { typ: "gatehouse-decision+jwt", audience: "default" });
    expect(payload.scan).toEqual({ verdict: scan.verdict, scan_id: scan.scan_id, rule_set_version: scan.rule_set_version });
  });

  it("blocks at once on a blocking finding, with the masked finding in the eval", async () => {
    const res = await create({ payload: { table: "orders" }, reasoning: "then run DROP TABLE orders to clean up" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: "blocked", reason: expect.stringContaining("content scan") });
    const scan = res.body.evals[0].scan;
    expect(scan).toMatchObject({ effect: "blocked", verdict: "block" });
    const match = scan.matches.find((m: { rule_name: string }) => m.rule_name === "No table drops");
    expect(match.findings[0]).toMatchObject({ part: "reasoning", start: "then run ".length, end: "then run DROP TABLE".length });
    expect(res.body.evals[0].status).toBe("blocked");
    expect(scanClaim(res.body.decision_token)).toMatchObject({ verdict: "block", scan_id: scan.scan_id });
  });

  it("holds flagged content for the policy's reviewers though the policy approves; their approval decides", async () => {
    const res = await create({ payload: { table: "orders", note: "project bluebird" } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: "pending", decision_token: null });
    expect(res.body.evals[0]).toMatchObject({ status: "pending", quorum_required: 1, pool_size: 1, scan: { effect: "review", verdict: "flag" } });
    expect(res.body.evals[0].scan.matches[0].findings[0].part).toBe("payload");
    const voted = await rita.post(`/v1/checkpoints/${res.body.checkpoint_id}/decisions`, { decision: "approve" });
    expect(voted.status, JSON.stringify(voted.body)).toBe(200);
    expect(voted.body.status).toBe("approved");
    expect(scanClaim(voted.body.decision_token)).toMatchObject({ verdict: "flag", scan_id: res.body.evals[0].scan.scan_id });
  });

  it("refuses a gate that may ask for review without reviewers, and an unknown on_flag", async () => {
    const noReviewers = await admin.post("/v1/policies", { name: "x", outcome: "approve", scan: {} });
    expect(noReviewers.status).toBe(400);
    expect(noReviewers.body.message).toContain("reviewers");
    const bad = await admin.post("/v1/policies", { name: "x", outcome: "approve", scan: { on_flag: "shrug" } });
    expect(bad.status).toBe(400);
  });

  it("rejects a timed-out checkpoint whose policy says so, and expires one whose policy does not", async () => {
    const strict = await admin.post("/v1/policies", { name: "Strict", outcome: "review", reviewers: ["rita"], match: { actions: ["infra.*"] }, timeout_outcome: "rejected" });
    expect(strict.status, JSON.stringify(strict.body)).toBe(201);
    expect(strict.body.policy.timeout_outcome).toBe("rejected");
    const lenient = await admin.post("/v1/policies", { name: "Lenient", outcome: "review", reviewers: ["rita"], match: { actions: ["infra.*"] } });
    const rejected = await admin.post("/v1/checkpoints", { action: "infra.scale", policy_ids: [strict.body.policy.id], timeout_seconds: 1 });
    const expired = await admin.post("/v1/checkpoints", { action: "infra.scale", policy_ids: [lenient.body.policy.id], timeout_seconds: 1 });
    expect(rejected.body.evals[0]).toMatchObject({ status: "pending", timeout_outcome: "rejected" });
    expect(expired.body.evals[0]).toMatchObject({ status: "pending", timeout_outcome: "expired" });

    const waited = await admin.get(`/v1/checkpoints/${rejected.body.checkpoint_id}/wait?timeout=10`);
    expect(waited.status).toBe(200);
    expect(waited.body).toMatchObject({ status: "rejected", reason: expect.stringContaining('policy "Strict"'), votes: [] });
    expect(waited.body.evals[0].status).toBe("rejected");
    expect(decodeJwt(waited.body.decision_token).status).toBe("rejected");
    const other = await admin.get(`/v1/checkpoints/${expired.body.checkpoint_id}/wait?timeout=10`);
    expect(other.body).toMatchObject({ status: "expired", reason: "no decision before the timeout" });
    // Once rejected, it is settled: a late vote is refused.
    const late = await rita.post(`/v1/checkpoints/${rejected.body.checkpoint_id}/decisions`, { decision: "approve" });
    expect(late.status).toBe(409);
  });

  it("changes a policy's gate and timeout outcome by PATCH, and clears the gate with null", async () => {
    const patched = await admin.patch(`/v1/policies/${gated.id}`, { scan: { on_flag: "ignore" }, timeout_outcome: "rejected" });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.policy).toMatchObject({ scan: { on_block: "block", on_flag: "ignore" }, timeout_outcome: "rejected" });
    const flagged = await create({ payload: { note: "bluebird" } });
    expect(flagged.body).toMatchObject({ status: "approved" });
    expect(flagged.body.evals[0].scan).toMatchObject({ effect: "none", verdict: "flag" });
    const cleared = await admin.patch(`/v1/policies/${gated.id}`, { scan: null });
    expect(cleared.body.policy.scan).toBeNull();
    const unscanned = await create({ payload: { note: "DROP TABLE" } });
    expect(unscanned.body).toMatchObject({ status: "approved" });
    expect(unscanned.body.evals[0].scan).toBeNull();
  });
});
