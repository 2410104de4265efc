import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client } from "../support/http.js";
import { natsServerBinary, type OwnServer, startOwnNats } from "../support/own-servers.js";

const WAIT = { timeout: 10_000, interval: 50 };

// Two replicas of `gatehouse serve` sharing one store and a NATS server of the
// test's own, which it kills: a bus outage must cost latency, not availability.
describe.skipIf(!natsServerBinary() && !process.env.CI)("a NATS outage under two replicas", () => {
  let nats: OwnServer;
  let a: TestGatehouse;
  let b: TestGatehouse;
  const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-bus-outage-"));

  beforeAll(async () => {
    nats = await startOwnNats();
    const env = { GATEHOUSE_DATA_DIR: dataDir, GATEHOUSE_NATS_URL: nats.url, GATEHOUSE_BOOTSTRAP_KEY: "gh_bus_outage_admin_key" };
    a = await startGatehouse({ env });
    b = await startGatehouse({ env });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await nats?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stays ready and serving, wakes waiters on both replicas, and drops stale plans once the bus is back", async () => {
    const apiA = client(a.url, a.adminKey);
    const apiB = client(b.url, b.adminKey);
    expect((await apiA.get("/readyz")).body).toMatchObject({ status: "ready", bus: "connected" });
    expect((await apiA.post("/v1/policies", { name: "review", outcome: "review", reviewers: ["bootstrap"], match: { actions: ["outage.*"] } })).status).toBe(201);

    await nats.kill();
    for (const api of [apiA, apiB]) {
      await vi.waitFor(async () => expect((await api.get("/readyz")).body).toMatchObject({ status: "ready", bus: "degraded" }), WAIT);
    }

    const created = await apiA.post("/v1/checkpoints", { action: "outage.deploy" });
    expect(created.status).toBe(201);
    const id: string = created.body.checkpoint_id;
    const started = Date.now();
    const sameReplica = apiA.get(`/v1/checkpoints/${id}/wait?timeout=20`).then((r) => ({ r, ms: Date.now() - started }));
    const otherReplica = apiB.get(`/v1/checkpoints/${id}/wait?timeout=20`).then((r) => ({ r, ms: Date.now() - started }));
    await new Promise((r) => setTimeout(r, 300));
    const voted = Date.now();
    expect((await apiA.post(`/v1/checkpoints/${id}/decisions`, { decision: "approve" })).status).toBe(200);
    const [local, remote] = await Promise.all([sameReplica, otherReplica]);
    expect(local.r.body.status).toBe("approved");
    expect(remote.r.body.status).toBe("approved");
    // Local delivery does not need the broker; the other replica re-reads the store each second.
    console.info(`NATS down: waiter woke ${local.ms - (voted - started)} ms after the vote on its replica, ${remote.ms - (voted - started)} ms on the other`);
    expect(local.ms - (voted - started)).toBeLessThan(500);
    expect(remote.ms - (voted - started)).toBeLessThan(2000);

    // A rule made during the outage on A; B has a plan cached from before.
    const sample = "please run outage-canary-7731 now";
    expect((await apiB.post("/v1/secure/scan", { content: sample })).body.verdict).toBe("allow");
    const rule = await apiA.post("/v1/secure/rules", { name: "canary", type: "prompt_pattern", custom_patterns: ["outage-canary-7731"], action: "block", status: "active" });
    expect(rule.status).toBe(201);

    await nats.restart();
    for (const api of [apiA, apiB]) {
      await vi.waitFor(async () => expect((await api.get("/readyz")).body).toMatchObject({ bus: "connected" }), { timeout: 15_000, interval: 100 });
    }
    const back = Date.now();
    await vi.waitFor(async () => expect((await apiB.post("/v1/secure/scan", { content: sample })).body.verdict).toBe("block"), { timeout: 1000, interval: 50 });
    expect(Date.now() - back).toBeLessThan(1000);
  }, 60_000);
});
