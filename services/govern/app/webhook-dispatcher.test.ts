import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MemoryEventBus } from "../../../lib/bus/memory-event-bus.js";
import { systemClock } from "../../../lib/clock.js";
import { openSqlite, type SqliteDatabase } from "../../../lib/db/sqlite.js";
import { silentLogger } from "../../../lib/logger.js";
import { SecretSeal, WEBHOOK_SECRET_SEAL } from "../../../lib/secret-seal.js";
import { checkpointFixture, creation } from "../../../test/support/checkpoint-fixture.js";
import type { Checkpoint } from "../domain/checkpoint.js";
import type { WebhookEndpoint } from "../domain/webhook-endpoint.js";
import { newWebhookSecret } from "../domain/webhook-signature.js";
import { SqliteCheckpointStore } from "../store/sqlite-checkpoint-store.js";
import { SqliteWebhookStore } from "../store/sqlite-webhook-store.js";
import type { PostResult, WebhookPost } from "./post-webhook.js";
import { WebhookDispatcher } from "./webhook-dispatcher.js";
import { WebhookSecrets } from "./webhook-secrets.js";

const logger = silentLogger();

describe("WebhookDispatcher", () => {
  let db: SqliteDatabase;
  let bus: MemoryEventBus;
  let checkpoints: SqliteCheckpointStore;
  let store: SqliteWebhookStore;
  let endpoint: WebhookEndpoint;
  const running: WebhookDispatcher[] = [];
  let serial = 0;

  beforeEach(async () => {
    db = openSqlite(":memory:");
    bus = new MemoryEventBus({ logger });
    checkpoints = new SqliteCheckpointStore(db);
    store = new SqliteWebhookStore(db);
    endpoint = {
      id: "wh_1",
      workspaceId: "ws_a",
      url: "https://hooks.example.com/in",
      events: ["checkpoint.created", "checkpoint.decided"],
      description: null,
      secret: newWebhookSecret(),
      createdAt: Date.now() - 1000,
      disabledAt: null,
      disabledReason: null,
      lastSuccessAt: null,
    };
    await store.insertEndpoint(endpoint);
  });
  afterEach(async () => {
    for (const d of running.splice(0)) await d.stop();
    await bus.close();
    db.close();
  });

  /** A started dispatcher whose requests go to `post`. */
  const dispatcher = (
    post: (p: WebhookPost, signal: AbortSignal) => Promise<PostResult | null>,
    overrides: { retryDelaysMs?: number[]; leaseMs?: number; secrets?: WebhookSecrets } = {},
  ) => {
    const d = new WebhookDispatcher({
      store,
      secrets: overrides.secrets ?? new WebhookSecrets(),
      checkpoints,
      bus,
      clock: systemClock,
      logger,
      leads: async () => true,
      post,
      leaseMs: overrides.leaseMs ?? 10_000,
      retryDelaysMs: overrides.retryDelaysMs ?? [50, 50],
      tickMs: 50,
    });
    d.start();
    running.push(d);
    return d;
  };

  const created = async (): Promise<Checkpoint> => {
    const cp = checkpointFixture({ id: `cp_${String(++serial).padStart(26, "0")}`, createdAt: Date.now(), expiresAt: Date.now() + 3_600_000 });
    await checkpoints.insert(cp, creation(cp));
    return cp;
  };
  const decide = async (cp: Checkpoint) => {
    const next: Checkpoint = { ...cp, status: "approved", decidedAt: Date.now(), decisionToken: "token", revision: 2 };
    expect(await checkpoints.update(next, 1, { at: Date.now(), events: ["checkpoint.decided"] })).toBe(true);
  };
  const until = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const typeOf = (p: WebhookPost) => (JSON.parse(p.body) as { type: string }).type;

  it("sends a checkpoint's later event only after its earlier one was accepted, retrying with the same message id", async () => {
    const posts: WebhookPost[] = [];
    dispatcher(async (p) => {
      posts.push(p);
      return posts.length === 1 ? { ok: false, status: 500, error: "HTTP 500" } : { ok: true, status: 200, error: null };
    });
    const cp = await created();
    await decide(cp);
    await until(() => posts.length >= 3);
    await new Promise((r) => setTimeout(r, 100));
    expect(posts.map(typeOf)).toEqual(["checkpoint.created", "checkpoint.created", "checkpoint.decided"]);
    expect(posts[1]!.headers["webhook-id"]).toBe(posts[0]!.headers["webhook-id"]);
    expect(posts[2]!.headers["webhook-id"]).not.toBe(posts[0]!.headers["webhook-id"]);
    for (const p of posts) expect(new Webhook(endpoint.secret).verify(p.body, p.headers)).toMatchObject({ data: { checkpoint: { checkpoint_id: cp.id } } });
  });

  it("signs with the secret its endpoint stores sealed", async () => {
    const seal = new SecretSeal("an-encryption-key-of-at-least-32-chars", WEBHOOK_SECRET_SEAL);
    await store.setSecret(endpoint.id, seal.seal(endpoint.secret, endpoint.id));
    const posts: WebhookPost[] = [];
    dispatcher(
      async (p) => {
        posts.push(p);
        return { ok: true, status: 200, error: null };
      },
      { secrets: new WebhookSecrets(seal) },
    );
    const cp = await created();
    await until(() => posts.length >= 1);
    expect(new Webhook(endpoint.secret).verify(posts[0]!.body, posts[0]!.headers)).toMatchObject({ data: { checkpoint: { checkpoint_id: cp.id } } });
  });

  it("does not hold one checkpoint's events behind another's retries", async () => {
    const posts: string[] = [];
    const stuck = await created();
    dispatcher(async (p) => {
      const id = (JSON.parse(p.body) as { data: { checkpoint: { checkpoint_id: string } } }).data.checkpoint.checkpoint_id;
      posts.push(id);
      return id === stuck.id ? { ok: false, status: 503, error: "HTTP 503" } : { ok: true, status: 200, error: null };
    }, { retryDelaysMs: [100, 60_000] });
    await until(() => posts.length >= 1);
    const other = await created();
    await until(() => posts.includes(other.id));
    expect(posts[0]).toBe(stuck.id);
  });

  it("sends each event once when two dispatchers lead at the same time", async () => {
    const posts: string[] = [];
    const post = async (p: WebhookPost) => {
      posts.push(p.headers["webhook-id"]!);
      await new Promise((r) => setTimeout(r, 20));
      return { ok: true, status: 200, error: null };
    };
    dispatcher(post);
    dispatcher(post);
    for (let i = 0; i < 10; i++) await created();
    await until(async () => (await store.listDeliveries("wh_1", { limit: 100 })).filter((d) => d.status === "delivered").length === 10);
    await new Promise((r) => setTimeout(r, 200));
    expect(posts).toHaveLength(10);
    expect(new Set(posts).size).toBe(10);
  });

  it("sends again what a stopped dispatcher had in flight, once its lease has run out", async () => {
    const first: string[] = [];
    const a = dispatcher((p, signal) => {
      first.push(p.headers["webhook-id"]!);
      return new Promise((resolve) => signal.addEventListener("abort", () => resolve(null)));
    }, { leaseMs: 300 });
    await created();
    await until(() => first.length === 1);
    await a.stop();
    running.splice(running.indexOf(a), 1);
    const second: string[] = [];
    dispatcher(async (p) => {
      second.push(p.headers["webhook-id"]!);
      return { ok: true, status: 200, error: null };
    }, { leaseMs: 300 });
    await until(() => second.length === 1);
    expect(second).toEqual(first);
    const [delivery] = await store.listDeliveries("wh_1", { limit: 1 });
    expect(delivery).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("disables an endpoint that accepted nothing while a delivery used up its schedule, and fails what is pending", async () => {
    dispatcher(async () => ({ ok: false, status: 500, error: "HTTP 500: down" }), { retryDelaysMs: [30] });
    await created();
    await until(async () => (await store.getEndpoint("ws_a", "wh_1"))?.disabledAt !== null);
    const disabled = await store.getEndpoint("ws_a", "wh_1");
    expect(disabled!.disabledReason).toMatch(/^every delivery failed since \d{4}-.*2 attempts of checkpoint\.created; the last: HTTP 500: down/);
    const [delivery] = await store.listDeliveries("wh_1", { limit: 1 });
    expect(delivery).toMatchObject({ status: "failed", attempts: 2, lastResponseStatus: 500 });
  });

  it("keeps an endpoint that accepted another delivery meanwhile", async () => {
    const failing = await created();
    dispatcher(async (p) => {
      const id = (JSON.parse(p.body) as { data: { checkpoint: { checkpoint_id: string } } }).data.checkpoint.checkpoint_id;
      return id === failing.id ? { ok: false, status: 500, error: "HTTP 500" } : { ok: true, status: 200, error: null };
    }, { retryDelaysMs: [300] });
    await until(async () => (await store.listDeliveries("wh_1", { limit: 10 })).length === 1);
    await created();
    await until(async () => (await store.listDeliveries("wh_1", { limit: 10 })).every((d) => d.status !== "pending"));
    const deliveries = await store.listDeliveries("wh_1", { limit: 10 });
    expect(deliveries.map((d) => d.status).sort()).toEqual(["delivered", "failed"]);
    expect((await store.getEndpoint("ws_a", "wh_1"))?.disabledAt).toBeNull();
  });

  it("owes an endpoint nothing made before it existed", async () => {
    const posts: WebhookPost[] = [];
    const before = checkpointFixture({ id: "cp_before000000000000000000", createdAt: endpoint.createdAt - 10, expiresAt: Date.now() + 3_600_000 });
    await checkpoints.insert(before, creation(before));
    dispatcher(async (p) => {
      posts.push(p);
      return { ok: true, status: 200, error: null };
    });
    const after = await created();
    await until(() => posts.length === 1);
    await new Promise((r) => setTimeout(r, 150));
    expect(posts.map((p) => (JSON.parse(p.body) as { data: { checkpoint: { checkpoint_id: string } } }).data.checkpoint.checkpoint_id)).toEqual([after.id]);
  });
});
