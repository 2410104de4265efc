import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client, createKey } from "../support/http.js";

const CARD = "4111 1111 1111 1111";

describe("GET /v1/checkpoints/{id}/review", () => {
  let gh: TestGatehouse;
  let admin: ReturnType<typeof client>;
  let reader: ReturnType<typeof client>;

  beforeAll(async () => {
    gh = await startGatehouse();
    admin = client(gh.url, gh.adminKey);
    reader = client(gh.url, await createKey(gh.url, gh.adminKey, { name: "reader", subject: "rita", scopes: ["govern:checkpoints:read"] }));
  });
  afterAll(async () => gh?.close());

  async function checkpoint(body: Record<string, unknown>): Promise<string> {
    const res = await admin.post("/v1/checkpoints", { action: "payments.send", ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.checkpoint_id;
  }

  it("masks card numbers and secrets in payload, context and reasoning for a key without scan scope", async () => {
    const id = await checkpoint({
      agent_name: "billing-bot",
      autonomy_level: "L2",
      payload: { amount: 12500, card: CARD, nested: { list: ["mail x@evil.test", 3] }, token: "ghp_0123456789abcdefghijABCDEFGHIJ012345" },
      context: `customer paid with ${CARD}`,
      reasoning: "the invoice matches",
    });
    const res = await reader.get(`/v1/checkpoints/${id}/review`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain("4111");
    expect(text).not.toContain("x@evil.test");
    expect(text).not.toContain("ghp_0123456789");
    expect(res.body.masked_text).toBeNull();
    expect(res.body.payload.amount).toBe(12500);
    expect(res.body.payload.card).toBe("<CREDIT_CARD_1>");
    expect(res.body.payload.nested.list[1]).toBe(3);
    expect(res.body.payload.nested.list[0]).toMatch(/^mail <EMAIL_1>$/);
    expect(res.body.context).toBe("customer paid with <CREDIT_CARD_1>");
    expect(res.body.reasoning).toBe("the invoice matches");
    expect(res.body.autonomy_level).toBe("L2");
    expect(res.body.checkpoint).toMatchObject({ checkpoint_id: id, status: "pending", action: "payments.send", agent_name: "billing-bot" });
    expect(res.body.revision).toEqual(expect.any(Number));
    expect(res.body.redactions.map((r: any) => r.kind)).toEqual(expect.arrayContaining(["credit_card", "email"]));
    for (const r of res.body.redactions) expect(r.excerpt).not.toContain("4111 1111 1111 1111");
    expect(res.body.viewer).toEqual({ subject: "rita", can_vote: false, cannot_vote_reason: "this API key lacks the scope govern:checkpoints:decide" });
  });

  it("is not a use of the rules: a review leaves their trigger_count, a scan moves it", async () => {
    const made = await admin.post("/v1/secure/rules", { name: "quokka watch", type: "prompt_pattern", custom_patterns: ["quokka"], status: "active" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = await checkpoint({ context: "feed the quokka" });
    expect((await reader.get(`/v1/checkpoints/${id}/review`)).status).toBe(200);
    expect((await admin.post("/v1/secure/scan", { content: "a quokka" })).body.verdict).toBe("flag");
    // Counts are flushed in batches: the scan's count shows, and a review counted before it would too.
    const end = Date.now() + 5000;
    let count = 0;
    while (count === 0 && Date.now() < end) {
      count = (await admin.get(`/v1/secure/rules/${made.body.rule.id}`)).body.rule.trigger_count;
      if (count === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(count).toBe(1);
  });

  it("masks a value written as a JSON number and still answers with structured JSON", async () => {
    const id = await checkpoint({ payload: { card: 4111111111111111, note: "ok" } });
    const res = await reader.get(`/v1/checkpoints/${id}/review`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain("4111111111111111");
    expect(res.body.payload).toEqual({ card: "<CREDIT_CARD_1>", note: "ok" });
  });

  it("falls back to the masked text when a rule's match breaks the JSON, never to the original", async () => {
    const rule = await admin.post("/v1/secure/rules", {
      name: "field names",
      type: "data_pattern",
      status: "active",
      custom_patterns: ['/"secret_field": "[^"]*"/'],
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    try {
      const id = await checkpoint({ payload: { secret_field: "hunter2-value", other: 1 } });
      const res = await reader.get(`/v1/checkpoints/${id}/review`);
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain("hunter2-value");
      expect(res.body.payload).toBeNull();
      expect(res.body.masked_text).toContain('"other": 1');
    } finally {
      await admin.patch(`/v1/secure/rules/${rule.body.rule.id}`, { status: "archived" });
    }
  });

  it("tells a decider when votes are closed or already cast, and answers nothing for another workspace", async () => {
    const decider = client(gh.url, await createKey(gh.url, gh.adminKey, { name: "dee", subject: "dee", scopes: ["govern:checkpoints:read", "govern:checkpoints:decide"] }));
    const id = await checkpoint({});
    const before = await decider.get(`/v1/checkpoints/${id}/review`);
    expect(before.body.viewer).toEqual({ subject: "dee", can_vote: true, cannot_vote_reason: null });
    expect(before.body.payload).toBeNull();
    expect(before.body.redactions).toEqual([]);
    expect((await decider.post(`/v1/checkpoints/${id}/decisions`, { decision: "reject", reason: "no" })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    const after = await decider.get(`/v1/checkpoints/${id}/review`);
    expect(after.body.viewer.cannot_vote_reason).toBe("votes are closed: the checkpoint is rejected");
    expect(after.body.revision).toBeGreaterThan(before.body.revision);

    const other = await admin.post("/v1/workspaces", { name: "elsewhere" });
    const outsider = client(gh.url, await createKey(gh.url, gh.adminKey, { scopes: ["govern:checkpoints:read"], workspace_id: other.body.workspace.id }));
    const res = await outsider.get(`/v1/checkpoints/${id}/review`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
  });

  it("needs govern:checkpoints:read, and spaces polls like the cold poll", async () => {
    const id = await checkpoint({});
    const scanner = client(gh.url, await createKey(gh.url, gh.adminKey, { scopes: ["secure:scan:write"] }));
    const denied = await scanner.get(`/v1/checkpoints/${id}/review`);
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ statusCode: 403, code: "FORBIDDEN", message: "missing scope govern:checkpoints:read" });
    expect((await reader.get(`/v1/checkpoints/${id}/review`)).status).toBe(200);
    const again = await reader.get(`/v1/checkpoints/${id}/review`);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe("POLL_TOO_FREQUENT");
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});
