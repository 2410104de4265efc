import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eEngines, startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client, createKey } from "../support/http.js";

function expectError(res: { status: number; body: any }, status: number, code: string, mentions?: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ statusCode: status, code, message: expect.any(String) });
  if (mentions) expect(res.body.message).toContain(mentions);
}

const DAY = 24 * 3600 * 1000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(e2eEngines())("POST /v1/policies/replay over HTTP on %s", (engine) => {
  let gh: TestGatehouse;
  let api: ReturnType<typeof client>;
  // Checkpoint IDs by what they were made to be.
  const made: Record<"small" | "large" | "reviewed" | "pinned", string[]> = { small: [], large: [], reviewed: [], pinned: [] };
  let between = "";
  let activeId = "";
  let ruleId = "";

  // The draft set: payments under 1000 approved at once (today: under 100), deletes blocked (today: reviewed).
  const drafts = [
    { name: "Payments under 1000", outcome: "approve", match: { actions: ["payments.*"], condition: "payload.amount < 1000" } },
    { name: "No deletes", outcome: "block", match: { actions: ["db.delete"] } },
  ];

  beforeAll(async () => {
    gh = await startGatehouse({ engine });
    api = client(gh.url, gh.adminKey);
    const active = await api.post("/v1/policies", {
      name: "Small payments",
      outcome: "approve",
      match: { actions: ["payments.*"], condition: "payload.amount < 100" },
    });
    expect(active.status).toBe(201);
    activeId = active.body.policy.id;
    // Every payment's payload holds "amount": a scan would block them all.
    const rule = await api.post("/v1/secure/rules", {
      name: "Amounts",
      type: "prompt_pattern",
      action: "block",
      severity: "critical",
      status: "active",
      custom_patterns: ["amount"],
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    ruleId = rule.body.rule.id;
    const create = async (body: Record<string, unknown>, expected: string) => {
      const res = await api.post("/v1/checkpoints", body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.status).toBe(expected);
      return res.body.checkpoint_id as string;
    };
    for (let i = 0; i < 3; i++) made.small.push(await create({ action: "payments.send", payload: { amount: 50 } }, "approved"));
    await pause(20);
    between = new Date().toISOString();
    await pause(20);
    for (let i = 0; i < 7; i++) made.large.push(await create({ action: "payments.send", payload: { amount: 500 } }, "pending"));
    // Started pending, then a reviewer approved it: its recorded outcome is pending.
    const reviewed = await create({ action: "db.delete", payload: { table: "users" } }, "pending");
    const vote = await api.post(`/v1/checkpoints/${reviewed}/decisions`, { decision: "approve" });
    expect(vote.body.status).toBe("approved");
    made.reviewed.push(reviewed);
    made.pinned.push(await create({ action: "payments.send", payload: { amount: 50 }, policy_ids: [activeId] }, "approved"));
  });
  afterAll(async () => gh?.close());

  it("counts the outcomes the drafts would change, by status pair, with the oldest examples, over the last 7 days", async () => {
    const before = Date.now();
    const res = await api.post("/v1/policies/replay", { policies: drafts });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      since: expect.any(String),
      until: expect.any(String),
      evaluated: 11,
      changed: 8,
      unchanged: 3,
      skipped_pinned: 1,
      needs_scan: 0,
      by_transition: [
        { from: "pending", to: "approved", count: 7, examples: made.large.slice(0, 5) },
        { from: "pending", to: "blocked", count: 1, examples: made.reviewed },
      ],
      truncated: false,
      resume_since: null,
    });
    const until = Date.parse(res.body.until);
    expect(until).toBeGreaterThanOrEqual(before - 1000);
    expect(until).toBeLessThanOrEqual(Date.now());
    expect(until - Date.parse(res.body.since)).toBe(7 * DAY);
  });

  it("counts in needs_scan the checkpoints a gated draft asks to have scanned, and scans none: to is the outcome before the gate", async () => {
    // A scan of a payment's payload would block it (a rehearsal: no trigger count moves).
    const rehearsed = await api.post("/v1/secure/rules/test", { rule_id: ruleId, content: JSON.stringify({ amount: 500 }) });
    expect(rehearsed.body).toMatchObject({ verdict: "block" });
    const gated = [{ ...drafts[0], reviewers: ["alice"], scan: { on_block: "block", on_flag: "review" } }, drafts[1]];
    const res = await api.post("/v1/policies/replay", { policies: gated });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The 10 unpinned payments ask for a scan (the rule would block each); the delete matches no gated draft.
    expect(res.body).toMatchObject({
      evaluated: 11,
      changed: 8,
      unchanged: 3,
      skipped_pinned: 1,
      needs_scan: 10,
      by_transition: [
        { from: "pending", to: "approved", count: 7, examples: made.large.slice(0, 5) },
        { from: "pending", to: "blocked", count: 1, examples: made.reviewed },
      ],
    });
    // Since the 3 small payments: the gate asks for a scan of the 7 large ones only.
    const later = await api.post("/v1/policies/replay", { policies: gated, since: between });
    expect(later.body).toMatchObject({ evaluated: 8, needs_scan: 7 });
    // The same set with the gate inactive asks for none.
    const inactive = await api.post("/v1/policies/replay", { policies: [{ ...gated[0], status: "inactive" }, drafts[1]] });
    expect(inactive.body).toMatchObject({ evaluated: 11, needs_scan: 0 });
  });

  it("keeps to since and until: at or after since, before until", async () => {
    const later = await api.post("/v1/policies/replay", { policies: drafts, since: between });
    expect(later.body).toMatchObject({ evaluated: 8, changed: 8, unchanged: 0, since: between });
    const earlier = await api.post("/v1/policies/replay", { policies: drafts, until: between });
    expect(earlier.body).toMatchObject({ evaluated: 3, changed: 0, unchanged: 3, by_transition: [], until: between });
    expect(Date.parse(earlier.body.until) - Date.parse(earlier.body.since)).toBe(7 * DAY);
    const offset = await api.post("/v1/policies/replay", { policies: drafts, since: "2020-01-01T01:00:00+01:00", until: "2020-01-02T00:00:00Z" });
    expect(offset.body).toMatchObject({ since: "2020-01-01T00:00:00.000Z", evaluated: 0, changed: 0, by_transition: [] });
  });

  it("replays the active set itself with no change, and an empty set as reviews for everything", async () => {
    const same = await api.post("/v1/policies/replay", {
      policies: [{ name: "Small payments", outcome: "approve", match: { actions: ["payments.*"], condition: "payload.amount < 100" } }],
    });
    expect(same.body).toMatchObject({ evaluated: 11, changed: 0, unchanged: 11, by_transition: [] });
    const none = await api.post("/v1/policies/replay", { policies: [] });
    expect(none.body).toMatchObject({ evaluated: 11, changed: 3, by_transition: [{ from: "approved", to: "pending", count: 3, examples: made.small }] });
    // An inactive draft takes no part.
    const inactive = await api.post("/v1/policies/replay", { policies: drafts.map((p) => ({ ...p, status: "inactive" })) });
    expect(inactive.body).toMatchObject({ changed: 3, by_transition: [{ from: "approved", to: "pending" }] });
  });

  it("stores and changes nothing: policies and checkpoints stay as they were", async () => {
    const policies = (await api.get("/v1/policies")).body.policies;
    await api.post("/v1/policies/replay", { policies: drafts });
    expect((await api.get("/v1/policies")).body.policies).toEqual(policies);
    const large = await api.get(`/v1/checkpoints/${made.large[0]}`);
    expect(large.body.status).toBe("pending");
  });

  it("answers 400 for an invalid draft, naming policies[i].<field>, as a create of it would", async () => {
    const bodies: [unknown, string][] = [
      [{ name: "x" }, "policies[1].outcome"],
      [{ name: "x", outcome: "review", quorum: 2, reviewers: ["alice"] }, "policies[1].reviewers"],
      [{ name: "x", outcome: "approve", match: { condition: "payload.amount <" } }, "policies[1].match.condition"],
      [{ name: "x", outcome: "approve", surprise: true }, "policies[1].surprise"],
      [{ name: "", outcome: "approve" }, "policies[1].name"],
    ];
    for (const [draft, field] of bodies) {
      expectError(await api.post("/v1/policies/replay", { policies: [drafts[0], draft] }), 400, "VALIDATION_ERROR", field);
      expect((await api.post("/v1/policies", draft)).status).toBe(400);
    }
    expectError(await api.post("/v1/policies/replay", {}), 400, "VALIDATION_ERROR", "policies");
    const many = Array.from({ length: 101 }, (_, i) => ({ name: `p${i}`, outcome: "approve" }));
    expectError(await api.post("/v1/policies/replay", { policies: many }), 400, "VALIDATION_ERROR", "policies");
  });

  it("answers 400 for a range that is not one: since not before until, or not a timestamp", async () => {
    const at = "2026-01-01T00:00:00Z";
    expectError(await api.post("/v1/policies/replay", { policies: drafts, since: at, until: at }), 400, "VALIDATION_ERROR", "since");
    expectError(await api.post("/v1/policies/replay", { policies: drafts, since: "2026-01-02T00:00:00Z", until: at }), 400, "VALIDATION_ERROR", "since");
    expectError(await api.post("/v1/policies/replay", { policies: drafts, since: "last week" }), 400, "VALIDATION_ERROR", "since");
    expectError(await api.post("/v1/policies/replay", { policies: drafts, until: 1767225600000 }), 400, "VALIDATION_ERROR", "until");
  });

  it("needs govern:policies:write, and sees only the caller's workspace", async () => {
    const reader = client(gh.url, await createKey(gh.url, gh.adminKey, { scopes: ["govern:policies:read"] }));
    expectError(await reader.post("/v1/policies/replay", { policies: drafts }), 403, "FORBIDDEN", "govern:policies:write");
    const ws = await api.post("/v1/workspaces", { name: `replay-other-${engine}` });
    const other = client(gh.url, await createKey(gh.url, gh.adminKey, { scopes: ["govern:policies:write"], workspace_id: ws.body.workspace.id }));
    const res = await other.post("/v1/policies/replay", { policies: drafts });
    expect(res.body).toMatchObject({ evaluated: 0, changed: 0, skipped_pinned: 0, needs_scan: 0, by_transition: [] });
  });

  it("is a route of its own, not /v1/policies/{id}", async () => {
    expectError(await api.get("/v1/policies/replay"), 405, "METHOD_NOT_ALLOWED");
  });
});
