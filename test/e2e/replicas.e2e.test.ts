import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../support/gatehouse.js";
import { exited, type GatehouseProcess, spawnGatehouse, until } from "../support/gatehouse-process.js";
import { client, createKey } from "../support/http.js";
import { openEventStream } from "../support/sse.js";
import { ferretDbBinary, natsServerBinary, type OwnServer, startOwnFerretDb, startOwnNats } from "../support/own-servers.js";

const ADMIN = "gh_replicas_admin_key_for_tests";
const canRun = (ferretDbBinary() && natsServerBinary()) || process.env.CI;

/** Quantile of sorted-able numbers. */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Runs `total` calls of `call` from `concurrency` loops; returns each call's latency and result. */
async function load<T>(total: number, concurrency: number, call: (i: number) => Promise<T>): Promise<Array<{ ms: number; result: T }>> {
  const out: Array<{ ms: number; result: T }> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const started = performance.now();
        const result = await call(i);
        out.push({ ms: performance.now() - started, result });
      }
    }),
  );
  return out;
}

// Gatehouse's production shape: two replicas as separate processes sharing
// MongoDB (FerretDB) and NATS — servers of the test's own, so it may kill them.
describe.skipIf(!canRun)("two replicas on MongoDB and NATS", () => {
  let mongo: OwnServer;
  let nats: OwnServer;
  const replicas: Array<{ proc: GatehouseProcess; url: string; port: number }> = [];
  const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-replicas-"));
  let env: Record<string, string> = {};

  async function startReplica(): Promise<{ proc: GatehouseProcess; url: string; port: number }> {
    const port = await freePort();
    const proc = spawnGatehouse("all", { ...env, GATEHOUSE_HTTP_PORT: String(port), GATEHOUSE_LOG_LEVEL: "warn" });
    const url = `http://127.0.0.1:${port}`;
    await until(() => fetch(`${url}/readyz`).then((r) => r.status === 200), 60_000).catch((err: unknown) => {
      throw new Error(`${String(err)}\n${proc.output()}`);
    });
    return { proc, url, port };
  }

  beforeAll(async () => {
    [mongo, nats] = await Promise.all([startOwnFerretDb(), startOwnNats()]);
    env = {
      GATEHOUSE_DATA_DIR: dataDir,
      GATEHOUSE_GRPC_PORT: "0",
      GATEHOUSE_LISTEN_HOST: "127.0.0.1",
      GATEHOUSE_BOOTSTRAP_KEY: ADMIN,
      GATEHOUSE_MONGODB_URI: `${mongo.url}/gatehouse_replicas`,
      GATEHOUSE_NATS_URL: nats.url,
    };
    replicas.push(await startReplica(), await startReplica());
  }, 120_000);

  afterAll(async () => {
    for (const r of replicas) if (r.proc.exitCode === null) r.proc.kill("SIGKILL");
    await Promise.all(replicas.map((r) => exited(r.proc)));
    await mongo?.stop();
    await nats?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = (i: number, key = ADMIN) => client(replicas[i]!.url, key);

  it("wakes a waiter on one replica within a second of a vote on the other", async () => {
    expect((await api(0).post("/v1/policies", { name: "ops", outcome: "review", reviewers: ["bootstrap"], match: { actions: ["ops.*"] } })).status).toBe(201);
    const cp = await api(0).post("/v1/checkpoints", { action: "ops.restart" });
    const waiting = api(1).get(`/v1/checkpoints/${cp.body.checkpoint_id}/wait?timeout=30`);
    await new Promise((r) => setTimeout(r, 300));
    const voted = Date.now();
    expect((await api(0).post(`/v1/checkpoints/${cp.body.checkpoint_id}/decisions`, { decision: "approve" })).status).toBe(200);
    const woke = await waiting;
    const ms = Date.now() - voted;
    console.info(`cross-replica wake: ${ms} ms after the vote`);
    expect(woke.body).toMatchObject({ status: "approved", decision_token: expect.any(String) });
    expect(ms).toBeLessThan(1000);
  });

  it("streams to a client of one replica the events of checkpoints made and decided on the other", async () => {
    const stream = await openEventStream(replicas[1]!.url, "/v1/checkpoints/events", ADMIN);
    try {
      expect((await stream.next())?.comments).toEqual(["connected"]);
      const made = Date.now();
      const cp = await api(0).post("/v1/checkpoints", { action: "ops.stream" });
      await api(0).post(`/v1/checkpoints/${cp.body.checkpoint_id}/decisions`, { decision: "reject" });
      const events = await stream.events(3, 5000);
      console.info(`cross-replica event stream: 3 events ${Date.now() - made} ms after the create`);
      expect(events.map((e) => [e.event, JSON.parse(e.data!).data.checkpoint.checkpoint_id])).toEqual([
        ["checkpoint.created", cp.body.checkpoint_id],
        ["checkpoint.voted", cp.body.checkpoint_id],
        ["checkpoint.decided", cp.body.checkpoint_id],
      ]);
      expect(Date.now() - made).toBeLessThan(2000);
    } finally {
      stream.close();
    }
  });

  it("applies a rule made on one replica to the next scan on the other, and a revocation within 1 s", async () => {
    const sample = "deploy with token replica-canary-5521";
    expect((await api(1).post("/v1/secure/scan", { content: sample })).body.verdict).toBe("allow");
    const rule = await api(0).post("/v1/secure/rules", { name: "canary", type: "prompt_pattern", custom_patterns: ["replica-canary-5521"], action: "block", status: "active" });
    expect(rule.status).toBe(201);
    await vi.waitFor(async () => expect((await api(1).post("/v1/secure/scan", { content: sample })).body.verdict).toBe("block"), { timeout: 1000, interval: 20 });

    const made = await api(0).post("/v1/keys", { name: "short", scopes: ["secure:rules:read"] });
    expect((await api(1, made.body.secret).get("/v1/secure/rules")).status).toBe(200);
    expect((await api(0).post(`/v1/keys/${made.body.key.id}/revoke`)).status).toBe(200);
    const revoked = Date.now();
    // Each replica admits from its key cache; the revocation reaches it over NATS.
    await vi.waitFor(async () => expect((await api(1, made.body.secret).get("/v1/secure/rules")).status).toBe(401), { timeout: 1000, interval: 10 });
    console.info(`cross-replica revocation: refused ${Date.now() - revoked} ms after the revoke`);
  });

  it("lets exactly one of racing votes decide, and makes one checkpoint of racing idempotent creates", async () => {
    const reviewers = ["r1", "r2", "r3", "r4", "r5", "r6"];
    expect((await api(0).post("/v1/policies", { name: "race", outcome: "review", reviewers, match: { actions: ["race.*"] } })).status).toBe(201);
    const keys = await Promise.all(reviewers.map((subject) => createKey(replicas[0]!.url, ADMIN, { subject, scopes: ["govern:checkpoints:decide"] })));
    const cp = await api(1).post("/v1/checkpoints", { action: "race.go" });
    const votes = await Promise.all(keys.map((k, i) => api(i % 2, k).post(`/v1/checkpoints/${cp.body.checkpoint_id}/decisions`, { decision: "approve" })));
    expect(votes.filter((v) => v.status === 200)).toHaveLength(1);
    expect(votes.filter((v) => v.status === 409).every((v) => v.body.code === "CHECKPOINT_NOT_PENDING")).toBe(true);

    const creates = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api(i % 2).post("/v1/checkpoints", { action: "race.idem" }, { "Idempotency-Key": "replicas-idem-1" })),
    );
    const ids = new Set(creates.filter((c) => c.status === 201).map((c) => c.body.checkpoint_id));
    expect(ids.size).toBe(1);
    expect(creates.every((c) => c.status === 201 || (c.status === 409 && c.body.code === "IDEMPOTENCY_IN_PROGRESS"))).toBe(true);
  });

  it("holds one key's limit at 64 concurrent requests over both replicas, as cheaply as 64 keys", async () => {
    const hot = await createKey(replicas[0]!.url, ADMIN, { scopes: ["secure:rules:read"] });
    const spread = await Promise.all(Array.from({ length: 64 }, () => createKey(replicas[0]!.url, ADMIN, { scopes: ["secure:rules:read"] })));
    const unrelated = await createKey(replicas[0]!.url, ADMIN, { scopes: ["secure:rules:read"] });
    const ask = () => api(1, unrelated).get("/v1/secure/libraries");
    const idle = (await load(60, 1, ask)).map((r) => r.ms);

    const manyKeys = await load(320, 64, (i) => api(i % 2, spread[i % 64]).get("/v1/secure/libraries"));
    // The limit is a sliding-window counter over minutes of the clock: a hot-key load that
    // crossed into the next minute would rightly be admitted a little more than 600 (the last
    // minute's count decays as the new one goes on), so it starts with time left in its minute.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
    // The unrelated key asks one request after another for as long as the hot key's load lasts;
    // only answers that came back while it lasted count.
    let hotLoadEnded = false;
    const busy: number[] = [];
    const asking = (async () => {
      while (!hotLoadEnded) {
        const started = performance.now();
        await ask();
        if (!hotLoadEnded) busy.push(performance.now() - started);
      }
    })();
    const oneKey = await load(320, 64, (i) => api(i % 2, hot).get("/v1/secure/libraries"));
    hotLoadEnded = true;
    await asking;
    expect(busy.length).toBeGreaterThanOrEqual(10);
    const ms = (rs: Array<{ ms: number }>) => rs.map((r) => r.ms);
    console.info(
      `64 keys: p50 ${quantile(ms(manyKeys), 0.5).toFixed(0)} ms, p99 ${quantile(ms(manyKeys), 0.99).toFixed(0)} ms; ` +
        `one key: p50 ${quantile(ms(oneKey), 0.5).toFixed(0)} ms, p99 ${quantile(ms(oneKey), 0.99).toFixed(0)} ms; ` +
        `unrelated key p99 idle ${quantile(idle, 0.99).toFixed(0)} ms, meanwhile ${quantile(busy, 0.99).toFixed(0)} ms (${busy.length} requests)`,
    );
    expect(oneKey.every((r) => r.result.status === 200)).toBe(true);

    // Past the limit: 700 more of the hot key within the same minute.
    const flood = await load(700, 64, (i) => api(i % 2, hot).get("/v1/secure/libraries"));
    const admitted = 320 + flood.filter((r) => r.result.status === 200).length;
    const refused = flood.filter((r) => r.result.status === 429);
    console.info(`hot key: ${admitted} admitted of 1,020 within a minute, ${refused.length} refused`);
    expect(admitted).toBeGreaterThanOrEqual(594);
    expect(admitted).toBeLessThanOrEqual(606);
    expect(refused.length + admitted).toBe(1020);
    expect(refused.every((r) => Number(r.result.headers.get("retry-after")) >= 1)).toBe(true);
  }, 120_000);

  it("keeps serving when one replica is killed under load, and loses nothing it acknowledged", async () => {
    const worker = await createKey(replicas[0]!.url, ADMIN, { scopes: ["govern:checkpoints:write", "govern:checkpoints:read"] });
    const acknowledged: string[] = [];
    let killed = false;
    const results = await load(120, 8, async (i) => {
      if (i === 60) {
        replicas[0]!.proc.kill("SIGKILL");
        killed = true;
      }
      const target = i % 2;
      const res = await api(target, worker).post("/v1/checkpoints", { action: `kill.${i}` }).catch(() => undefined);
      if (res?.status === 201) acknowledged.push(res.body.checkpoint_id);
      return { target, status: res?.status };
    });
    expect(killed).toBe(true);
    expect(results.filter((r) => r.result.target === 1).every((r) => r.result.status === 201)).toBe(true);
    for (const id of acknowledged) {
      await new Promise((r) => setTimeout(r, 2));
      expect((await api(1, worker).get(`/v1/checkpoints/${id}`)).status, id).toBe(200);
    }
    replicas[0] = await startReplica();
  }, 120_000);

  it("stays ready through a NATS outage, waking cross-replica waiters within two seconds", async () => {
    await nats.kill();
    for (const i of [0, 1]) {
      await vi.waitFor(async () => expect((await api(i).get("/readyz")).body).toMatchObject({ status: "ready", bus: "degraded" }), { timeout: 10_000, interval: 100 });
    }
    const cp = await api(0).post("/v1/checkpoints", { action: "ops.nats-down" });
    const waiting = api(1).get(`/v1/checkpoints/${cp.body.checkpoint_id}/wait?timeout=30`);
    await new Promise((r) => setTimeout(r, 300));
    const voted = Date.now();
    expect((await api(0).post(`/v1/checkpoints/${cp.body.checkpoint_id}/decisions`, { decision: "approve" })).status).toBe(200);
    expect((await waiting).body.status).toBe("approved");
    const ms = Date.now() - voted;
    console.info(`NATS down: cross-replica wake ${ms} ms after the vote`);
    expect(ms).toBeLessThan(2000);
    await nats.restart();
    for (const i of [0, 1]) {
      await vi.waitFor(async () => expect((await api(i).get("/readyz")).body).toMatchObject({ bus: "connected" }), { timeout: 20_000, interval: 200 });
    }
  }, 60_000);

  it("answers fast 503s through a MongoDB outage on both replicas and recovers without a restart", async () => {
    const before = await api(0).post("/v1/checkpoints", { action: "ops.before-outage" });
    expect(before.status).toBe(201);
    await mongo.kill();
    const timings: number[] = [];
    for (let i = 0; i < 6; i++) {
      const started = Date.now();
      const res = await api(i % 2).post("/v1/checkpoints", { action: "ops.during-outage" });
      timings.push(Date.now() - started);
      expect(res.status, `${JSON.stringify(res.body)}\n${replicas[i % 2]!.proc.output().slice(-3000)}`).toBe(503);
      expect(res.body.code).toBe("UNAVAILABLE");
      expect(res.headers.get("retry-after")).toBeTruthy();
    }
    console.info(`MongoDB down: 503 in ${timings.join(", ")} ms`);
    expect(Math.max(...timings)).toBeLessThan(1000);
    await mongo.restart();
    for (const i of [0, 1]) {
      await vi.waitFor(async () => expect((await api(i).get(`/v1/checkpoints/${before.body.checkpoint_id}`)).status).toBe(200), { timeout: 20_000, interval: 1100 });
    }
  }, 60_000);
});
