import { beforeEach, expect, it } from "vitest";
import { checkpointEventId } from "../../services/govern/domain/checkpoint-event.js";
import { deliveryId, type WebhookDelivery } from "../../services/govern/domain/webhook-delivery.js";
import type { WebhookEndpoint } from "../../services/govern/domain/webhook-endpoint.js";
import type { WebhookStore } from "../../services/govern/store/webhook-store.js";

const T0 = Date.UTC(2026, 0, 1);

function anEndpoint(id: string, overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id,
    workspaceId: "ws_a",
    url: `https://hooks.example.com/${id}`,
    events: ["checkpoint.created", "checkpoint.decided"],
    description: null,
    secret: "whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0",
    createdAt: T0,
    disabledAt: null,
    disabledReason: null,
    lastSuccessAt: null,
    ...overrides,
  };
}

/** A pending delivery to `endpointId` of event `at`/`checkpointId`/`revision`, due at `at`. */
function aDelivery(endpointId: string, checkpointId: string, at: number, revision = 1, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  const eventId = checkpointEventId(at, checkpointId, revision, 0);
  return {
    id: deliveryId(endpointId, eventId),
    endpointId,
    workspaceId: "ws_a",
    eventId,
    eventType: revision === 1 ? "checkpoint.created" : "checkpoint.decided",
    checkpointId,
    body: JSON.stringify({ type: "checkpoint.created", at }),
    createdAt: at,
    status: "pending",
    attempts: 0,
    nextAttemptAt: at,
    lastAttemptAt: null,
    lastResponseStatus: null,
    lastError: null,
    expiresAt: at + 3 * 86_400_000,
    ...overrides,
  };
}

/** The contract every `WebhookStore` adapter meets. `makeStore` returns a store on the test's fresh backend. */
export function webhookStoreContract(makeStore: () => WebhookStore): void {
  let store: WebhookStore;
  beforeEach(() => {
    store = makeStore();
  });

  it("round-trips an endpoint and keeps workspaces apart", async () => {
    const e = anEndpoint("wh_1", { description: "Slack relay", events: ["checkpoint.voted"] });
    await store.insertEndpoint(e);
    expect(await store.getEndpoint("ws_a", "wh_1")).toEqual(e);
    expect(await store.getEndpoint("ws_b", "wh_1")).toBeNull();
    expect(await store.listEndpoints("ws_b")).toEqual([]);
    await expect(store.insertEndpoint(e)).rejects.toThrow();
  });

  it("lists endpoints oldest first, of one or every workspace, and the enabled ones of one or every workspace", async () => {
    await store.insertEndpoint(anEndpoint("wh_9", { createdAt: T0 + 2 }));
    await store.insertEndpoint(anEndpoint("wh_1"));
    await store.insertEndpoint(anEndpoint("wh_2", { createdAt: T0 + 1 }));
    await store.insertEndpoint(anEndpoint("wh_3", { workspaceId: "ws_b" }));
    await store.disableEndpoint("wh_2", T0 + 1, "failing");
    expect((await store.listEndpoints("ws_a")).map((e) => e.id)).toEqual(["wh_1", "wh_2", "wh_9"]);
    expect((await store.listEndpoints()).map((e) => e.id)).toEqual(["wh_1", "wh_3", "wh_2", "wh_9"]);
    expect((await store.listEnabledEndpoints("ws_a")).map((e) => e.id)).toEqual(["wh_1", "wh_9"]);
    expect((await store.listEnabledEndpoints()).map((e) => e.id)).toEqual(["wh_1", "wh_3", "wh_9"]);
  });

  it("disables once, failing the endpoint's pending deliveries and keeping the first reason", async () => {
    await store.insertEndpoint(anEndpoint("wh_1"));
    const pending = aDelivery("wh_1", "cp_1", T0);
    const done = aDelivery("wh_1", "cp_2", T0);
    await store.enqueue([pending, done]);
    await store.recordAttempt(done.id, 0, { status: "delivered", at: T0, nextAttemptAt: null, responseStatus: 204, error: null });
    await store.disableEndpoint("wh_1", T0 + 5, "every delivery failed");
    await store.disableEndpoint("wh_1", T0 + 9, "another reason");
    expect(await store.getEndpoint("ws_a", "wh_1")).toMatchObject({ disabledAt: T0 + 5, disabledReason: "every delivery failed" });
    expect(await store.getDelivery(pending.id)).toMatchObject({ status: "failed", nextAttemptAt: null, lastError: "endpoint disabled" });
    expect(await store.getDelivery(done.id)).toMatchObject({ status: "delivered" });
    expect(await store.listDue(T0 + 10, 10)).toEqual([]);
  });

  it("replaces an endpoint's stored secret, and only its own", async () => {
    await store.insertEndpoint(anEndpoint("wh_1"));
    await store.insertEndpoint(anEndpoint("wh_2"));
    await store.setSecret("wh_1", "enc:v1:sealed");
    expect(await store.getEndpoint("ws_a", "wh_1")).toEqual(anEndpoint("wh_1", { secret: "enc:v1:sealed" }));
    expect((await store.getEndpoint("ws_a", "wh_2"))?.secret).toBe(anEndpoint("wh_2").secret);
  });

  it("notes success at most once a minute", async () => {
    await store.insertEndpoint(anEndpoint("wh_1"));
    await store.noteSuccess("wh_1", T0 + 1000);
    await store.noteSuccess("wh_1", T0 + 30_000);
    expect((await store.getEndpoint("ws_a", "wh_1"))?.lastSuccessAt).toBe(T0 + 1000);
    await store.noteSuccess("wh_1", T0 + 120_000);
    expect((await store.getEndpoint("ws_a", "wh_1"))?.lastSuccessAt).toBe(T0 + 120_000);
  });

  it("deletes an endpoint with its deliveries, only in its own workspace", async () => {
    await store.insertEndpoint(anEndpoint("wh_1"));
    const d = aDelivery("wh_1", "cp_1", T0);
    await store.enqueue([d]);
    expect(await store.deleteEndpoint("ws_b", "wh_1")).toBe(false);
    expect(await store.deleteEndpoint("ws_a", "wh_1")).toBe(true);
    expect(await store.getEndpoint("ws_a", "wh_1")).toBeNull();
    expect(await store.getDelivery(d.id)).toBeNull();
    expect(await store.listDue(T0 + 1, 10)).toEqual([]);
    expect(await store.deleteEndpoint("ws_a", "wh_1")).toBe(false);
  });

  it("enqueues idempotently: a pair already stored keeps its state", async () => {
    const d = aDelivery("wh_1", "cp_1", T0);
    await store.enqueue([d]);
    await store.recordAttempt(d.id, 0, { status: "delivered", at: T0 + 1, nextAttemptAt: null, responseStatus: 200, error: null });
    const other = aDelivery("wh_1", "cp_2", T0 + 1);
    await store.enqueue([d, other]);
    expect(await store.getDelivery(d.id)).toMatchObject({ status: "delivered", attempts: 1 });
    expect(await store.getDelivery(other.id)).toEqual(other);
  });

  it("lists an endpoint's deliveries newest first, paged by event", async () => {
    const ds = [0, 1, 2, 3, 4].map((i) => aDelivery("wh_1", `cp_${i}`, T0 + i * 1000));
    await store.enqueue([ds[2]!, ds[0]!, ds[4]!, ds[1]!, ds[3]!, aDelivery("wh_2", "cp_9", T0 + 9000)]);
    const first = await store.listDeliveries("wh_1", { limit: 2 });
    expect(first.map((d) => d.checkpointId)).toEqual(["cp_4", "cp_3"]);
    const second = await store.listDeliveries("wh_1", { limit: 2, beforeEventId: first[1]!.eventId });
    expect(second.map((d) => d.checkpointId)).toEqual(["cp_2", "cp_1"]);
    const last = await store.listDeliveries("wh_1", { limit: 2, beforeEventId: second[1]!.eventId });
    expect(last.map((d) => d.checkpointId)).toEqual(["cp_0"]);
  });

  it("lists due pending deliveries soonest first", async () => {
    const late = aDelivery("wh_1", "cp_1", T0 + 5000);
    const soon = aDelivery("wh_1", "cp_2", T0 + 1000);
    const done = aDelivery("wh_1", "cp_3", T0);
    await store.enqueue([late, soon, done]);
    await store.recordAttempt(done.id, 0, { status: "failed", at: T0, nextAttemptAt: null, responseStatus: 500, error: "HTTP 500" });
    expect((await store.listDue(T0 + 999, 10)).map((d) => d.id)).toEqual([]);
    expect((await store.listDue(T0 + 5000, 10)).map((d) => d.id)).toEqual([soon.id, late.id]);
    expect((await store.listDue(T0 + 5000, 1)).map((d) => d.id)).toEqual([soon.id]);
  });

  it("finds the earliest pending delivery of the same checkpoint to the same endpoint", async () => {
    const created = aDelivery("wh_1", "cp_1", T0, 1);
    const decided = aDelivery("wh_1", "cp_1", T0 + 10, 2);
    const elsewhere = aDelivery("wh_2", "cp_1", T0 - 10, 1);
    const otherCheckpoint = aDelivery("wh_1", "cp_2", T0 - 10, 1);
    await store.enqueue([created, decided, elsewhere, otherCheckpoint]);
    expect((await store.earlierPending(decided))?.id).toBe(created.id);
    expect(await store.earlierPending(created)).toBeNull();
    await store.recordAttempt(created.id, 0, { status: "delivered", at: T0, nextAttemptAt: null, responseStatus: 200, error: null });
    expect(await store.earlierPending(decided)).toBeNull();
  });

  it("lets exactly one of two claimers of the same state take an attempt, and leases it", async () => {
    const d = aDelivery("wh_1", "cp_1", T0);
    await store.enqueue([d]);
    const [a, b] = await Promise.all([store.claim(d, T0 + 15_000), store.claim(d, T0 + 15_000)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await store.claim(d, T0 + 15_000)).toBe(false);
    expect(await store.getDelivery(d.id)).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: T0 + 15_000 });
    expect(await store.listDue(T0 + 14_999, 10)).toEqual([]);
  });

  it("gives a delivery whose claimer died to the next claimer once its lease has passed", async () => {
    const d = aDelivery("wh_1", "cp_1", T0);
    await store.enqueue([d]);
    expect(await store.claim(d, T0 + 15_000)).toBe(true);
    const [again] = await store.listDue(T0 + 15_000, 10);
    expect(again).toMatchObject({ id: d.id, attempts: 0, nextAttemptAt: T0 + 15_000 });
    expect(await store.claim(again!, T0 + 30_000)).toBe(true);
  });

  it("records an attempt only at the attempt count it was claimed at", async () => {
    const d = aDelivery("wh_1", "cp_1", T0);
    await store.enqueue([d]);
    const retry = { status: "pending", at: T0 + 1, nextAttemptAt: T0 + 5001, responseStatus: 500, error: "HTTP 500: boom" } as const;
    expect(await store.recordAttempt(d.id, 0, retry)).toBe(true);
    expect(await store.recordAttempt(d.id, 0, retry)).toBe(false);
    expect(await store.getDelivery(d.id)).toMatchObject({
      status: "pending",
      attempts: 1,
      nextAttemptAt: T0 + 5001,
      lastAttemptAt: T0 + 1,
      lastResponseStatus: 500,
      lastError: "HTTP 500: boom",
    });
    expect(await store.recordAttempt(d.id, 1, { status: "delivered", at: T0 + 6000, nextAttemptAt: null, responseStatus: 200, error: null })).toBe(true);
    expect(await store.getDelivery(d.id)).toMatchObject({ status: "delivered", attempts: 2, nextAttemptAt: null, lastResponseStatus: 200, lastError: null });
    // A final delivery takes no more attempts.
    expect(await store.recordAttempt(d.id, 2, retry)).toBe(false);
  });

  it("defers a pending delivery only from the time it was read at", async () => {
    const d = aDelivery("wh_1", "cp_1", T0);
    await store.enqueue([d]);
    await store.defer(d, T0 + 60_000);
    expect((await store.getDelivery(d.id))?.nextAttemptAt).toBe(T0 + 60_000);
    await store.defer(d, T0 + 1);
    expect((await store.getDelivery(d.id))?.nextAttemptAt).toBe(T0 + 60_000);
  });

  it("purges deliveries past their expiry", async () => {
    const old = aDelivery("wh_1", "cp_1", T0, 1, { expiresAt: T0 + 10 });
    const young = aDelivery("wh_1", "cp_2", T0, 1, { expiresAt: T0 + 1000 });
    await store.enqueue([old, young]);
    await store.claim(old, T0 + 5);
    await store.purgeDeliveries(T0 + 11);
    expect(await store.getDelivery(old.id)).toBeNull();
    expect(await store.getDelivery(young.id)).not.toBeNull();
  });

  it("keeps the feed position of each workspace", async () => {
    expect(await store.getPosition("ws_a")).toBeNull();
    await store.savePosition("ws_a", { floor: "0001767225600000", seen: ["0001767225600001.cp_1.1.0"] });
    await store.savePosition("ws_b", { floor: "0001767225600005", seen: [] });
    await store.savePosition("ws_a", { floor: "0001767225600009", seen: [] });
    expect(await store.getPosition("ws_a")).toEqual({ floor: "0001767225600009", seen: [] });
    expect(await store.getPosition("ws_b")).toEqual({ floor: "0001767225600005", seen: [] });
  });
}
