import { createHash, randomUUID } from "node:crypto";
import canonicalizeModule from "canonicalize";
import { createLocalJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eEngines, startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client, createKey } from "../support/http.js";

// CommonJS default export typed as a module object under NodeNext (see lib/payload-hash.ts).
const canonicalize = canonicalizeModule as unknown as (input: unknown) => string | undefined;

const ALL_GOVERN = [
  "govern:checkpoints:write",
  "govern:checkpoints:read",
  "govern:checkpoints:decide",
  "govern:policies:read",
  "govern:policies:write",
  "govern:agents:read",
  "govern:agents:write",
];

function expectError(res: { status: number; body: any }, status: number, code: string, mentions?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ statusCode: status, code, message: expect.any(String) });
  if (mentions) expect(res.body.message).toContain(mentions);
}

/** What a careful client does before acting on `approved` (spec "Recommended client flow"). */
async function verifyAsClient(gh: TestGatehouse, token: string, expected: { checkpointId: string; payload: unknown }) {
  const jwks = (await client(gh.url).get("/.well-known/jwks.json")).body;
  const { payload: claims, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks), {
    algorithms: ["ES256"],
    typ: "gatehouse-decision+jwt",
    audience: "default",
  });
  expect(protectedHeader.kid).toEqual(expect.any(String));
  expect(claims.sub).toBe(expected.checkpointId);
  expect(claims.status).toBe("approved");
  const hash = createHash("sha256").update(canonicalize(expected.payload ?? {})!).digest("base64url");
  expect(claims.payload_sha256).toBe(hash);
  return claims;
}

describe.each(e2eEngines())("checkpoints over HTTP on %s", (engine) => {
  let gh: TestGatehouse;
  let admin: ReturnType<typeof client>;
  let alice: ReturnType<typeof client>;
  let bob: ReturnType<typeof client>;
  let carol: ReturnType<typeof client>;

  beforeAll(async () => {
    gh = await startGatehouse({ engine });
    admin = client(gh.url, gh.adminKey);
    const reviewer = async (subject: string) =>
      client(gh.url, await createKey(gh.url, gh.adminKey, { name: subject, subject, scopes: ALL_GOVERN }));
    [alice, bob, carol] = [await reviewer("alice"), await reviewer("bob"), await reviewer("carol")];
  });
  afterAll(async () => gh?.close());

  async function policy(body: Record<string, unknown>) {
    const res = await admin.post("/v1/policies", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.policy;
  }

  it("walks the spec's client flow: create → wait → vote → verified token", async () => {
    const p = await policy({ name: "Payments", outcome: "review", reviewers: ["alice"], match: { actions: ["payments.*"] }, group_ids: ["g_pay"] });
    const payload = { amount: 125_00, currency: "EUR", to: "ACME" };
    const created = await admin.post("/v1/checkpoints", { action: "payments.send", payload, agent_name: "billing-bot", policy_ids: [p.id] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "pending", decision_token: null, agent_name: "billing-bot", agent_id: null });
    expect(created.body.expires_at).toEqual(expect.any(String));
    expect(created.body.evals).toEqual([
      {
        policy_id: p.id,
        policy_name: "Payments",
        applicability: "applicable",
        status: "pending",
        quorum_required: 1,
        quorum_met: 0,
        pool_size: 1,
        timeout_outcome: "expired",
        scan: null,
      },
    ]);
    const id = created.body.checkpoint_id;

    const started = Date.now();
    const waiting = admin.get(`/v1/checkpoints/${id}/wait?timeout=20`);
    await new Promise((r) => setTimeout(r, 300));
    const vote = await alice.post(`/v1/checkpoints/${id}/decisions`, { decision: "approve", reason: "looks right" });
    expect(vote.status).toBe(200);
    const woke = await waiting;
    expect(woke.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(woke.body).toMatchObject({ status: "approved", votes: [{ subject: "alice", decision: "approve", reason: "looks right" }] });
    const claims = await verifyAsClient(gh, woke.body.decision_token, { checkpointId: id, payload });
    expect(claims).toMatchObject({ action: "payments.send", approvers: ["alice"], policy_ids: [p.id] });

    // The token comes back with the checkpoint from then on, unchanged.
    await new Promise((r) => setTimeout(r, 1100));
    const again = await admin.get(`/v1/checkpoints/${id}`);
    expect(again.body.decision_token).toBe(woke.body.decision_token);
    // A terminal checkpoint answers a wait at once.
    expect((await admin.get(`/v1/checkpoints/${id}/wait?timeout=30`)).status).toBe(200);

    const verified = await admin.post("/v1/decision-tokens/verify", { token: woke.body.decision_token, action: "payments.send", payload });
    expect(verified.body).toMatchObject({ valid: true, claims: { sub: id } });
    const tampered = await admin.post("/v1/decision-tokens/verify", { token: woke.body.decision_token, payload: { ...payload, amount: 1 } });
    expect(tampered.body.valid).toBe(false);
  });

  it("decides at once on a fast-path policy, with a signed decision", async () => {
    const block = await policy({ name: "No prod drops", outcome: "block", match: { actions: ["db.drop"] }, group_ids: ["g_fast"] });
    const approve = await policy({ name: "Reads are fine", outcome: "approve", match: { actions: ["db.read*"] }, group_ids: ["g_fast"] });
    const blocked = await admin.post("/v1/checkpoints", { action: "db.drop", policy_group_ids: ["g_fast"] });
    expect(blocked.status).toBe(201);
    expect(blocked.body.status).toBe("blocked");
    expect(blocked.body.reason).toContain("No prod drops");
    expect(blocked.body.decision_token).toEqual(expect.any(String));
    const approved = await admin.post("/v1/checkpoints", { action: "db.read.users", policy_group_ids: ["g_fast"] });
    expect(approved.body.status).toBe("approved");
    await verifyAsClient(gh, approved.body.decision_token, { checkpointId: approved.body.checkpoint_id, payload: undefined });
    const skipped = approved.body.evals.find((e: any) => e.policy_id === block.id);
    expect(skipped).toMatchObject({ applicability: "not_applicable", status: "skipped" });
    expect(approved.body.evals.find((e: any) => e.policy_id === approve.id)).toMatchObject({ status: "approved" });
  });

  it("fails closed when no policy applies", async () => {
    await policy({ name: "only wires", outcome: "approve", match: { actions: ["wire.*"] }, group_ids: ["g_closed"] });
    const res = await admin.post("/v1/checkpoints", { action: "email.send", policy_group_ids: ["g_closed"] });
    expect(res.body.status).toBe("pending");
    const decided = await carol.post(`/v1/checkpoints/${res.body.checkpoint_id}/decisions`, { decision: "approve" });
    expect(decided.body.status).toBe("approved");
  });

  it("counts approvals toward each policy's quorum; one reject settles", async () => {
    const p = await policy({ name: "Two of three", outcome: "review", quorum: 2, reviewers: ["alice", "bob", "carol"], group_ids: ["g_q"] });
    const c = (await admin.post("/v1/checkpoints", { action: "deploy.prod", policy_group_ids: ["g_q"] })).body;
    expect(c.evals[0]).toMatchObject({ policy_id: p.id, quorum_required: 2, quorum_met: 0, pool_size: 3 });
    const one = await alice.post(`/v1/checkpoints/${c.checkpoint_id}/decisions`, { decision: "approve" });
    expect(one.body).toMatchObject({ status: "pending", evals: [{ quorum_met: 1 }] });
    expectError(await alice.post(`/v1/checkpoints/${c.checkpoint_id}/decisions`, { decision: "approve" }), 409, "ALREADY_VOTED");
    expectError(await admin.post(`/v1/checkpoints/${c.checkpoint_id}/decisions`, { decision: "approve" }), 403, "NOT_A_REVIEWER");
    const two = await bob.post(`/v1/checkpoints/${c.checkpoint_id}/decisions`, { decision: "approve" });
    expect(two.body).toMatchObject({ status: "approved", evals: [{ quorum_met: 2, status: "approved" }] });
    expectError(await carol.post(`/v1/checkpoints/${c.checkpoint_id}/decisions`, { decision: "reject" }), 409, "CHECKPOINT_NOT_PENDING");

    const d = (await admin.post("/v1/checkpoints", { action: "deploy.prod", policy_group_ids: ["g_q"] })).body;
    await alice.post(`/v1/checkpoints/${d.checkpoint_id}/decisions`, { decision: "approve" });
    const rejected = await carol.post(`/v1/checkpoints/${d.checkpoint_id}/decisions`, { decision: "reject", reason: "not today" });
    expect(rejected.body).toMatchObject({ status: "rejected", reason: expect.stringContaining("not today") });
    expect(rejected.body.decision_token).toEqual(expect.any(String));
  });

  it("lets exactly one of many racing votes decide", async () => {
    await policy({ name: "Any one", outcome: "review", reviewers: ["alice", "bob", "carol"], group_ids: ["g_race"] });
    const c = (await admin.post("/v1/checkpoints", { action: "race", policy_group_ids: ["g_race"] })).body;
    const votes = await Promise.all([
      alice.post(`/v1/checkpoints/${c.checkpoint_id}/decisions`, { decision: "approve" }),
      bob.post(`/v1/checkpoints/${c.checkpoint_id}/decisions`, { decision: "reject" }),
      carol.post(`/v1/checkpoints/${c.checkpoint_id}/decisions`, { decision: "approve" }),
    ]);
    expect(votes.filter((v) => v.status === 200)).toHaveLength(1);
    expect(votes.filter((v) => v.status === 409).every((v) => v.body.code === "CHECKPOINT_NOT_PENDING")).toBe(true);
    await new Promise((r) => setTimeout(r, 1100));
    const final = (await admin.get(`/v1/checkpoints/${c.checkpoint_id}`)).body;
    expect(final.votes).toHaveLength(1);
    expect(final.decision_token).toBe(votes.find((v) => v.status === 200)!.body.decision_token);
  });

  it("expires a pending checkpoint and wakes its waiter", async () => {
    await policy({ name: "slow", outcome: "review", reviewers: ["alice"], group_ids: ["g_exp"] });
    const c = (await admin.post("/v1/checkpoints", { action: "slow.thing", policy_group_ids: ["g_exp"], timeout_seconds: 1 })).body;
    const woke = await admin.get(`/v1/checkpoints/${c.checkpoint_id}/wait?timeout=10`);
    expect(woke.status).toBe(200);
    expect(woke.body.status).toBe("expired");
    expect(woke.body.decision_token).toEqual(expect.any(String));
    expectError(await alice.post(`/v1/checkpoints/${c.checkpoint_id}/decisions`, { decision: "approve" }), 409, "CHECKPOINT_NOT_PENDING");
  });

  it("answers 202 with the unchanged state when the hold ends, and validates the hold", async () => {
    await policy({ name: "idle", outcome: "review", reviewers: ["alice"], group_ids: ["g_idle"] });
    const c = (await admin.post("/v1/checkpoints", { action: "idle", policy_group_ids: ["g_idle"] })).body;
    const held = await admin.get(`/v1/checkpoints/${c.checkpoint_id}/wait?timeout=1`);
    expect(held.status).toBe(202);
    expect(held.body).toMatchObject({ checkpoint_id: c.checkpoint_id, status: "pending" });
    expectError(await admin.get(`/v1/checkpoints/${c.checkpoint_id}/wait?timeout=56`), 400, "VALIDATION_ERROR", "timeout");
    expectError(await admin.get(`/v1/checkpoints/${c.checkpoint_id}/wait?timeout=0`), 400, "VALIDATION_ERROR", "timeout");
    expectError(await admin.get(`/v1/checkpoints/${c.checkpoint_id}/wait?timeout=abc`), 400, "VALIDATION_ERROR", "timeout");
    const cancelled = await admin.post(`/v1/checkpoints/${c.checkpoint_id}/cancel`, { reason: "no longer needed" });
    expect(cancelled.body).toMatchObject({ status: "cancelled" });
    expectError(await admin.post(`/v1/checkpoints/${c.checkpoint_id}/cancel`), 409, "CHECKPOINT_NOT_PENDING");
  });

  it("spaces cold polls one second apart per key and checkpoint", async () => {
    const c = (await admin.post("/v1/checkpoints", { action: "poll.me", policy_group_ids: ["g_none"] })).body;
    expect((await admin.get(`/v1/checkpoints/${c.checkpoint_id}`)).status).toBe(200);
    const tooSoon = await admin.get(`/v1/checkpoints/${c.checkpoint_id}`);
    expectError(tooSoon, 429, "POLL_TOO_FREQUENT");
    expect(Number(tooSoon.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Another key polls on its own schedule.
    expect((await alice.get(`/v1/checkpoints/${c.checkpoint_id}`)).status).toBe(200);
  });

  it("replays idempotent creates and creates exactly one checkpoint under a race", async () => {
    const key = randomUUID();
    const body = { action: "idem.once", payload: { a: 1, b: [1, 2] }, policy_group_ids: ["g_none"] };
    const results = await Promise.all(Array.from({ length: 8 }, () => admin.post("/v1/checkpoints", body, { "idempotency-key": key })));
    const ok = results.filter((r) => r.status === 201);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((r) => r.body.checkpoint_id)).size).toBe(1);
    expect(results.every((r) => r.status === 201 || (r.status === 409 && r.body.code === "IDEMPOTENCY_IN_PROGRESS"))).toBe(true);
    const replay = await admin.post("/v1/checkpoints", { policy_group_ids: ["g_none"], payload: { b: [1, 2], a: 1 }, action: "idem.once" }, { "idempotency-key": key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.checkpoint_id).toBe(ok[0]!.body.checkpoint_id);
    expectError(await admin.post("/v1/checkpoints", { ...body, action: "idem.other" }, { "idempotency-key": key }), 422, "IDEMPOTENCY_KEY_REUSED");
    const list = await admin.get("/v1/checkpoints?limit=100");
    expect(list.body.checkpoints.filter((c: any) => c.action === "idem.once")).toHaveLength(1);
  });

  it("validates the checkpoint request, naming the field", async () => {
    expectError(await admin.post("/v1/checkpoints", { payload: {} }), 400, "VALIDATION_ERROR", "action");
    expectError(await admin.post("/v1/checkpoints", { action: "x", autonomy_level: "L9" }), 400, "VALIDATION_ERROR", "autonomy_level");
    expectError(await admin.post("/v1/checkpoints", { action: "x", timeout_seconds: 0 }), 400, "VALIDATION_ERROR", "timeout_seconds");
    expectError(await admin.post("/v1/checkpoints", { action: "x", timeout_seconds: 1.5 }), 400, "VALIDATION_ERROR", "timeout_seconds");
    expectError(await admin.post("/v1/checkpoints", { action: "x", agent_id: "agent_unknown" }), 404, "NOT_FOUND");
    const agent = await admin.post("/v1/agents", { name: "deploy-bot" });
    expect(agent.status).toBe(201);
    const withAgent = await admin.post("/v1/checkpoints", { action: "x", agent_id: agent.body.agent.id, agent_name: "deploy-bot", policy_group_ids: ["g_none"] });
    expect(withAgent.body).toMatchObject({ agent_id: agent.body.agent.id, agent_name: "deploy-bot" });
  });

  it("pages the reviewer queue newest first", async () => {
    for (let i = 0; i < 5; i++) await admin.post("/v1/checkpoints", { action: `queue.${i}`, policy_group_ids: ["g_none"] });
    const first = await admin.get("/v1/checkpoints?status=pending&limit=2");
    expect(first.body.checkpoints).toHaveLength(2);
    expect(first.body.checkpoints.every((c: any) => c.status === "pending")).toBe(true);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await admin.get(`/v1/checkpoints?status=pending&limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    const ids = [...first.body.checkpoints, ...second.body.checkpoints].map((c: any) => c.checkpoint_id);
    expect(new Set(ids).size).toBe(4);
    expect(Date.parse(first.body.checkpoints[0].created_at)).toBeGreaterThanOrEqual(Date.parse(second.body.checkpoints[0].created_at));
  });

  it("manages policies: versions, active list, CEL conditions", async () => {
    const p = await policy({ name: "Big payments", outcome: "review", reviewers: ["alice"], match: { condition: "payload.amount > 1000" } });
    expect(p).toMatchObject({ version: 1, status: "active", quorum: 1, match: { actions: ["*"], condition: "payload.amount > 1000" } });
    const patched = await admin.patch(`/v1/policies/${p.id}`, { status: "inactive" }, { "if-match": '"1"' });
    expect(patched.body.policy).toMatchObject({ status: "inactive", version: 2 });
    const active = await admin.get("/v1/policies/active");
    expect(active.body.policies.map((x: any) => x.id)).not.toContain(p.id);
    expect(active.body.policies.every((x: any) => x.status === "active")).toBe(true);
    expectError(await admin.post("/v1/policies", { name: "bad", outcome: "approve", match: { condition: "payload.amount >" } }), 400, "VALIDATION_ERROR", "condition");
    expectError(await admin.post("/v1/policies", { name: "short", outcome: "review", quorum: 2, reviewers: ["alice"] }), 400, "VALIDATION_ERROR", "reviewers");
    expectError(await admin.patch(`/v1/policies/${p.id}`, { name: "x" }, { "if-match": '"1"' }), 412, "VERSION_MISMATCH");
  });

  it("isolates workspaces on every checkpoint, policy and agent route", async () => {
    const ws = (await admin.post("/v1/workspaces", { name: "Elsewhere" })).body.workspace;
    const other = client(gh.url, await createKey(gh.url, gh.adminKey, { scopes: ALL_GOVERN, workspace_id: ws.id, subject: "alice" }));
    const p = await policy({ name: "mine", outcome: "review", reviewers: ["alice"], group_ids: ["g_iso"] });
    const agent = (await admin.post("/v1/agents", { name: "mine" })).body.agent;
    const c = (await admin.post("/v1/checkpoints", { action: "iso", policy_group_ids: ["g_iso"] })).body;
    expectError(await other.get(`/v1/checkpoints/${c.checkpoint_id}`), 404, "NOT_FOUND");
    expectError(await other.get(`/v1/checkpoints/${c.checkpoint_id}/wait?timeout=1`), 404, "NOT_FOUND");
    expectError(await other.post(`/v1/checkpoints/${c.checkpoint_id}/decisions`, { decision: "approve" }), 404, "NOT_FOUND");
    expectError(await other.post(`/v1/checkpoints/${c.checkpoint_id}/cancel`), 404, "NOT_FOUND");
    expectError(await other.get(`/v1/policies/${p.id}`), 404, "NOT_FOUND");
    expectError(await other.patch(`/v1/policies/${p.id}`, { name: "theirs" }), 404, "NOT_FOUND");
    expectError(await other.get(`/v1/agents/${agent.id}`), 404, "NOT_FOUND");
    expectError(await other.post("/v1/checkpoints", { action: "x", agent_id: agent.id }), 404, "NOT_FOUND");
    expectError(await other.post("/v1/checkpoints", { action: "x", policy_ids: [p.id] }), 404, "NOT_FOUND");
    expect((await other.get("/v1/checkpoints")).body.checkpoints).toEqual([]);
    expect((await other.get("/v1/policies/active")).body.policies).toEqual([]);
    expect((await other.get("/v1/agents")).body.agents).toEqual([]);
    const theirs = (await other.post("/v1/checkpoints", { action: "x" })).body;
    const verify = await other.post("/v1/decision-tokens/verify", { token: c.decision_token ?? "x.y.z" });
    expect(verify.body.valid).toBe(false);
    expect(theirs.status).toBe("pending");
  });
});
