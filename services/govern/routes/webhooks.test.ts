import { expect, it } from "vitest";
import { callerOf, onEveryEngine, rpcError } from "../../../test/support/govern-harness.js";

const a = callerOf("ws_a", "alice");
const PUBLIC_URL = "https://93.184.215.14/hook";

onEveryEngine({}, (h) => {
  it("answers the secret at creation only, and lists endpoints oldest first", async () => {
    const c = h().client;
    const first = await c.createWebhook({ caller: a, url: PUBLIC_URL, events: ["checkpoint.decided", "checkpoint.decided"], description: "one" });
    expect(first.secret).toMatch(/^whsec_/);
    expect(first.webhook).toMatchObject({ url: PUBLIC_URL, events: ["checkpoint.decided"], description: "one", workspaceId: "ws_a" });
    expect(first.webhook!.id).toMatch(/^wh_[0-9a-z]{26}$/);
    // A millisecond apart: endpoints made in the same one are listed by ID.
    await new Promise((r) => setTimeout(r, 2));
    const second = await c.createWebhook({ caller: a, url: PUBLIC_URL, events: ["checkpoint.created"] });
    expect(second.secret).not.toBe(first.secret);
    const listed = await c.listWebhooks({ caller: a });
    expect(listed.webhooks.map((w) => w.id)).toEqual([first.webhook!.id, second.webhook!.id]);
    expect(JSON.stringify(listed, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v))).not.toContain(first.secret.slice(6));
  });

  it("refuses non-public targets without the operator's flag, naming url", async () => {
    for (const url of ["http://93.184.215.14/hook", "https://10.0.0.8/hook", "https://localhost/hook", "https://[fe80::1]/hook"]) {
      expect(await rpcError(h().client.createWebhook({ caller: a, url, events: ["checkpoint.created"] })), url).toMatchObject({
        code: "VALIDATION_ERROR",
        field: "url",
      });
    }
    expect((await h().client.listWebhooks({ caller: a })).webhooks).toEqual([]);
  });

  it("holds at most 20 endpoints in a workspace", async () => {
    for (let i = 0; i < 20; i++) await h().client.createWebhook({ caller: a, url: `${PUBLIC_URL}/${i}`, events: ["checkpoint.created"] });
    expect(await rpcError(h().client.createWebhook({ caller: a, url: PUBLIC_URL, events: ["checkpoint.created"] }))).toMatchObject({
      code: "VALIDATION_ERROR",
      message: expect.stringContaining("20 webhook endpoints"),
    });
  });

  it("validates the deliveries page and cursor", async () => {
    const { webhook } = await h().client.createWebhook({ caller: a, url: PUBLIC_URL, events: ["checkpoint.created"] });
    expect((await h().client.listWebhookDeliveries({ caller: a, id: webhook!.id })).deliveries).toEqual([]);
    expect(await rpcError(h().client.listWebhookDeliveries({ caller: a, id: webhook!.id, limit: 101 }))).toMatchObject({ field: "limit" });
    expect(await rpcError(h().client.listWebhookDeliveries({ caller: a, id: webhook!.id, cursor: "bm90LWFuLWV2ZW50" }))).toMatchObject({ field: "cursor" });
    expect(await rpcError(h().client.deleteWebhook({ caller: a, id: "wh_nope" }))).toMatchObject({ code: "NOT_FOUND" });
  });
});
