import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eEngines, startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client, createKey } from "../support/http.js";
import { type Received, startReceiver, verified } from "../support/webhook-receiver.js";

describe.each(e2eEngines())("webhooks over HTTP on %s", (engine) => {
  let gh: TestGatehouse;
  let admin: ReturnType<typeof client>;
  const receivers: { close(): Promise<void> }[] = [];
  const receiver = async (answer?: (n: number, r: Received) => number) => {
    const r = await startReceiver(answer);
    receivers.push(r);
    return r;
  };

  beforeAll(async () => {
    gh = await startGatehouse({
      engine,
      env: { GATEHOUSE_WEBHOOK_ALLOW_PRIVATE: "true" },
      webhooks: { retryDelaysMs: [300, 300], tickMs: 200 },
    });
    admin = client(gh.url, gh.adminKey);
  });
  afterAll(async () => {
    await gh?.close();
    for (const r of receivers) await r.close();
  });

  it("sends created and decided, signed so that standardwebhooks verifies them, and lists the deliveries", async () => {
    const hook = await receiver();
    const created = await admin.post("/v1/webhooks", { url: hook.url, events: ["checkpoint.created", "checkpoint.decided"], description: "tests" });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.body.webhook).toMatchObject({ url: hook.url, events: ["checkpoint.created", "checkpoint.decided"], status: "enabled", disabled_reason: null });
    const secret: string = created.body.secret;

    const cp = (await admin.post("/v1/checkpoints", { action: "deploy.prod", payload: { v: 1 } })).body;
    const alice = client(gh.url, await createKey(gh.url, gh.adminKey, { name: "alice", subject: "alice", scopes: ["govern:checkpoints:decide"] }));
    expect((await alice.post(`/v1/checkpoints/${cp.checkpoint_id}/decisions`, { decision: "approve" })).status).toBe(200);

    const got = await hook.atLeast(2);
    const bodies = got.map((r) => verified(secret, r));
    expect(bodies.map((b) => [b.type, b.data.checkpoint.checkpoint_id, b.data.checkpoint.status])).toEqual([
      ["checkpoint.created", cp.checkpoint_id, "pending"],
      ["checkpoint.decided", cp.checkpoint_id, "approved"],
    ]);
    expect(bodies[1]!.data.revision).toBe(2);
    expect(got[0]!.headers["content-type"]).toBe("application/json");
    expect(Math.abs(Number(got[0]!.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
    // The voted event was not subscribed to.
    await new Promise((r) => setTimeout(r, 500));
    expect(hook.received).toHaveLength(2);
    // A tampered body does not verify.
    expect(() => verified(secret, { ...got[0]!, body: got[0]!.body.replace("pending", "approved") })).toThrow();

    const listed = await admin.get(`/v1/webhooks/${created.body.webhook.id}/deliveries`);
    expect(listed.status).toBe(200);
    expect(listed.body.deliveries.map((d: any) => [d.event_type, d.status, d.attempts, d.last_response_status])).toEqual([
      ["checkpoint.decided", "delivered", 1, 204],
      ["checkpoint.created", "delivered", 1, 204],
    ]);
    expect(listed.body.deliveries.map((d: any) => d.id)).toEqual([got[1]!.headers["webhook-id"], got[0]!.headers["webhook-id"]]);
    const page = await admin.get(`/v1/webhooks/${created.body.webhook.id}/deliveries?limit=1`);
    expect(page.body.deliveries).toHaveLength(1);
    const next = await admin.get(`/v1/webhooks/${created.body.webhook.id}/deliveries?limit=1&cursor=${page.body.next_cursor}`);
    expect(next.body.deliveries.map((d: any) => d.event_type)).toEqual(["checkpoint.created"]);
    expect(next.body.next_cursor).toBeNull();

    const all = await admin.get("/v1/webhooks");
    expect(JSON.stringify(all.body)).not.toContain(secret.slice(6));
    expect((await admin.send("DELETE", `/v1/webhooks/${created.body.webhook.id}`)).status).toBe(204);
  });

  it("retries a failed delivery with the same webhook-id, and orders a checkpoint's events behind it", async () => {
    const hook = await receiver((n) => (n === 1 ? 500 : 200));
    const created = (await admin.post("/v1/webhooks", { url: hook.url, events: ["checkpoint.created", "checkpoint.cancelled"] })).body;
    const cp = (await admin.post("/v1/checkpoints", { action: "db.drop" })).body;
    await admin.post(`/v1/checkpoints/${cp.checkpoint_id}/cancel`, {});

    const got = await hook.atLeast(3);
    const types = got.map((r) => verified(created.secret, r).type);
    // The cancellation waited for the creation's retry.
    expect(types).toEqual(["checkpoint.created", "checkpoint.created", "checkpoint.cancelled"]);
    expect(got[1]!.headers["webhook-id"]).toBe(got[0]!.headers["webhook-id"]);
    expect(got[1]!.headers["webhook-signature"]).toMatch(/^v1,/);

    const deliveries = (await admin.get(`/v1/webhooks/${created.webhook.id}/deliveries`)).body.deliveries;
    expect(deliveries.find((d: any) => d.event_type === "checkpoint.created")).toMatchObject({
      status: "delivered",
      attempts: 2,
      last_response_status: 200,
      last_error: null,
      next_attempt_at: null,
    });
    await admin.send("DELETE", `/v1/webhooks/${created.webhook.id}`);
  });

  it("gives up after the schedule and disables an endpoint that never accepted, with the reason", async () => {
    const hook = await receiver(() => 503);
    const created = (await admin.post("/v1/webhooks", { url: hook.url, events: ["checkpoint.created"] })).body;
    await admin.post("/v1/checkpoints", { action: "a.b" });
    await hook.atLeast(3);
    let webhook: any;
    for (let i = 0; i < 50; i++) {
      webhook = (await admin.get("/v1/webhooks")).body.webhooks.find((w: any) => w.id === created.webhook.id);
      if (webhook.status === "disabled") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(webhook).toMatchObject({ status: "disabled", disabled_at: expect.any(String), disabled_reason: expect.stringContaining("HTTP 503") });
    const [delivery] = (await admin.get(`/v1/webhooks/${created.webhook.id}/deliveries`)).body.deliveries;
    expect(delivery).toMatchObject({ status: "failed", attempts: 3, last_response_status: 503, last_error: "HTTP 503: receiver says no", next_attempt_at: null });
    // Nothing more goes to a disabled endpoint.
    await admin.post("/v1/checkpoints", { action: "a.c" });
    await new Promise((r) => setTimeout(r, 800));
    expect(hook.received).toHaveLength(3);
  });

  it("stops delivering once an endpoint is deleted, and hides another workspace's endpoints", async () => {
    const hook = await receiver();
    const created = (await admin.post("/v1/webhooks", { url: hook.url, events: ["checkpoint.created"] })).body;
    expect((await admin.send("DELETE", `/v1/webhooks/${created.webhook.id}`)).status).toBe(204);
    await admin.post("/v1/checkpoints", { action: "after.delete" });
    await new Promise((r) => setTimeout(r, 800));
    expect(hook.received).toHaveLength(0);
    expect((await admin.get(`/v1/webhooks/${created.webhook.id}/deliveries`)).status).toBe(404);
    expect((await admin.send("DELETE", `/v1/webhooks/${created.webhook.id}`)).body).toEqual({ statusCode: 404, code: "NOT_FOUND", message: expect.any(String) });

    const other = (await admin.post("/v1/workspaces", { name: "other" })).body.workspace;
    const outsider = client(gh.url, await createKey(gh.url, gh.adminKey, { name: "o", scopes: ["govern:webhooks:read", "govern:webhooks:write"], workspace_id: other.id }));
    const mine = (await admin.post("/v1/webhooks", { url: hook.url, events: ["checkpoint.created"] })).body.webhook;
    expect((await outsider.get("/v1/webhooks")).body).toEqual({ webhooks: [] });
    expect((await outsider.get(`/v1/webhooks/${mine.id}/deliveries`)).status).toBe(404);
    expect((await outsider.send("DELETE", `/v1/webhooks/${mine.id}`)).status).toBe(404);
    await admin.send("DELETE", `/v1/webhooks/${mine.id}`);
  });

  it("validates the registration and needs the webhook scopes", async () => {
    const bad = async (body: unknown, field: string) => {
      const res = await admin.post("/v1/webhooks", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, code: "VALIDATION_ERROR", message: expect.stringContaining(field) });
    };
    await bad({ url: "ftp://example.com/x", events: ["checkpoint.created"] }, "url");
    await bad({ url: "not a url", events: ["checkpoint.created"] }, "url");
    await bad({ url: "https://user:pw@example.com/x", events: ["checkpoint.created"] }, "url");
    await bad({ url: "https://example.com/x", events: [] }, "events");
    await bad({ url: "https://example.com/x", events: ["checkpoint.exploded"] }, "events");
    const reader = client(gh.url, await createKey(gh.url, gh.adminKey, { name: "r", scopes: ["govern:webhooks:read"] }));
    const refused = await reader.post("/v1/webhooks", { url: "https://example.com/x", events: ["checkpoint.created"] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("govern:webhooks:write");
    expect((await client(gh.url, await createKey(gh.url, gh.adminKey, { name: "n", scopes: ["govern:checkpoints:read"] })).get("/v1/webhooks")).status).toBe(403);
  });
});

describe("webhook targets without GATEHOUSE_WEBHOOK_ALLOW_PRIVATE", () => {
  let gh: TestGatehouse;
  beforeAll(async () => {
    gh = await startGatehouse();
  });
  afterAll(async () => {
    await gh?.close();
  });

  it("refuses http:, private, loopback, link-local and unique-local targets, naming url", async () => {
    const admin = client(gh.url, gh.adminKey);
    for (const url of [
      "http://example.com/hook",
      "https://127.0.0.1/hook",
      "https://10.1.2.3/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hook",
      "https://[fd00::1]/hook",
      "https://[::ffff:192.168.0.1]/hook",
      "https://0x7f000001/hook",
      "https://localhost/hook",
    ]) {
      const res = await admin.post("/v1/webhooks", { url, events: ["checkpoint.created"] });
      expect(res.status, url).toBe(400);
      expect(res.body, url).toEqual({ statusCode: 400, code: "VALIDATION_ERROR", message: expect.stringMatching(/^url: /) });
    }
    expect((await admin.get("/v1/webhooks")).body).toEqual({ webhooks: [] });
  });
});
