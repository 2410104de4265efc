import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eEngines, startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client, createKey } from "../support/http.js";
import { openEventStream, type EventStreamReader, type StreamMessage } from "../support/sse.js";

describe.each(e2eEngines())("the checkpoint event stream over HTTP on %s", (engine) => {
  let gh: TestGatehouse;
  let admin: ReturnType<typeof client>;
  let readerKey: string;
  let alice: ReturnType<typeof client>;
  const open: EventStreamReader[] = [];

  const stream = async (headers?: Record<string, string>, key = readerKey) => {
    const s = await openEventStream(gh.url, "/v1/checkpoints/events", key, headers);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    gh = await startGatehouse({ engine });
    admin = client(gh.url, gh.adminKey);
    readerKey = await createKey(gh.url, gh.adminKey, { name: "console", scopes: ["govern:checkpoints:read"] });
    alice = client(gh.url, await createKey(gh.url, gh.adminKey, { name: "alice", subject: "alice", scopes: ["govern:checkpoints:decide"] }));
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await gh?.close();
  });

  it("streams created, voted and decided with ids and the checkpoint as each change left it", async () => {
    const s = await stream();
    expect(s.status).toBe(200);
    expect(s.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(s.headers.get("cache-control")).toBe("no-store");
    expect(s.headers.get("x-request-id")).toEqual(expect.any(String));
    expect(await s.next()).toMatchObject({ comments: ["connected"], retry: 1000 });

    const created = (await admin.post("/v1/checkpoints", { action: "deploy.prod", payload: { v: 1 } })).body;
    expect((await alice.post(`/v1/checkpoints/${created.checkpoint_id}/decisions`, { decision: "approve", reason: "ok" })).status).toBe(200);

    const events = await s.events(3);
    expect(events.map((e) => e.event)).toEqual(["checkpoint.created", "checkpoint.voted", "checkpoint.decided"]);
    const bodies = events.map((e) => JSON.parse(e.data!));
    expect(bodies[0]).toEqual({
      type: "checkpoint.created",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: { checkpoint: expect.objectContaining({ checkpoint_id: created.checkpoint_id, status: "pending", action: "deploy.prod" }), revision: 1 },
    });
    expect(bodies[2].data).toMatchObject({ checkpoint: { status: "approved", decision_token: expect.any(String), votes: [{ subject: "alice" }] }, revision: 2 });
    expect(new Set(events.map((e) => e.id)).size).toBe(3);
    expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id!)].sort());
  });

  it("resumes after Last-Event-ID with everything missed, repeating only the seconds before it, never the last event", async () => {
    const s = await stream();
    await s.next();
    const first = (await admin.post("/v1/checkpoints", { action: "a.first" })).body;
    const [seen] = await s.events(1);
    expect(JSON.parse(seen!.data!).data.checkpoint.checkpoint_id).toBe(first.checkpoint_id);
    s.close();

    const missed = (await admin.post("/v1/checkpoints", { action: "a.missed" })).body;
    await admin.post(`/v1/checkpoints/${missed.checkpoint_id}/cancel`, {});
    const resumed = await stream({ "last-event-id": seen!.id! });
    const events: StreamMessage[] = [];
    while (!events.some((e) => e.event === "checkpoint.cancelled")) events.push(...(await resumed.events(1)));
    const ofMissed = events.filter((e) => JSON.parse(e.data!).data.checkpoint.checkpoint_id === missed.checkpoint_id);
    expect(ofMissed.map((e) => e.event)).toEqual(["checkpoint.created", "checkpoint.cancelled"]);
    expect(events.map((e) => e.id)).not.toContain(seen!.id);
    // Repeats are of the look-back window only (events made up to 5 s before the last one seen).
    const lastAt = Number(seen!.id!.split(".")[0]);
    for (const e of events) expect(Number(e.id!.split(".")[0])).toBeGreaterThanOrEqual(lastAt - 5000);
  });

  it("refuses before streaming: no key 401, no scope 403 naming it, a bad Last-Event-ID 400", async () => {
    const anonymous = await fetch(`${gh.url}/v1/checkpoints/events`);
    expect(anonymous.status).toBe(401);
    const noScope = await stream({}, await createKey(gh.url, gh.adminKey, { name: "writer", scopes: ["govern:checkpoints:write"] }));
    expect(noScope.status).toBe(403);
    expect(noScope.errorBody).toEqual({ statusCode: 403, code: "FORBIDDEN", message: expect.stringContaining("govern:checkpoints:read") });
    const bad = await stream({ "last-event-id": "not-an-id" });
    expect(bad.status).toBe(400);
    expect(bad.errorBody).toEqual({ statusCode: 400, code: "VALIDATION_ERROR", message: expect.stringContaining("Last-Event-ID") });
  });

  it("does not hold a key's concurrency turns, and ends when the client goes away", async () => {
    const streams = await Promise.all(Array.from({ length: 10 }, () => stream()));
    for (const s of streams) expect(s.status).toBe(200);
    const started = Date.now();
    expect((await client(gh.url, readerKey).get("/v1/checkpoints?limit=1")).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    for (const s of streams) s.close();
  });

  it("ends its open streams when the server shuts down, instead of holding the shutdown", async () => {
    const other = await startGatehouse({ engine });
    const key = await createKey(other.url, other.adminKey, { name: "console", scopes: ["govern:checkpoints:read"] });
    const s = await openEventStream(other.url, "/v1/checkpoints/events", key);
    open.push(s);
    await s.next();
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await s.next(2000)).toBeUndefined();
  });
});
