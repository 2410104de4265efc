import { Code, createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GovernService } from "../../gen/gatehouse/govern/v1/govern_pb.js";
import { startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client } from "../support/http.js";
import { ferretDbBinary, type OwnServer, startOwnFerretDb } from "../support/own-servers.js";
import { rpcError } from "../support/rpc-error.js";

// A MongoDB wire server of the test's own (FerretDB), which it kills and
// restarts: an outage must be a fast, honest 503, and nothing acknowledged lost.
describe.skipIf(!ferretDbBinary() && !process.env.CI)("a MongoDB outage", () => {
  let mongo: OwnServer;
  let gh: TestGatehouse;

  beforeAll(async () => {
    mongo = await startOwnFerretDb();
    gh = await startGatehouse({ env: { GATEHOUSE_MONGODB_URI: `${mongo.url}/gatehouse_outage` } });
  }, 60_000);
  afterAll(async () => {
    await gh?.close().catch(() => undefined);
    await mongo?.stop();
  });

  it("answers 503 UNAVAILABLE with Retry-After within a second, recovers without a restart, and loses no acknowledged write", async () => {
    const api = client(gh.url, gh.adminKey);
    expect((await api.post("/v1/policies", { name: "review", outcome: "review", reviewers: ["bootstrap"] })).status).toBe(201);
    const acknowledged: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api.post("/v1/checkpoints", { action: `outage.before.${i}` });
      expect(res.status).toBe(201);
      acknowledged.push(res.body.checkpoint_id);
    }

    await mongo.kill();
    const timings: number[] = [];
    for (let i = 0; i < 8; i++) {
      const started = Date.now();
      const res = await api.post("/v1/checkpoints", { action: `outage.during.${i}` });
      timings.push(Date.now() - started);
      if (res.status === 201) acknowledged.push(res.body.checkpoint_id);
      else {
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ statusCode: 503, code: "UNAVAILABLE" });
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      }
    }
    console.info(`MongoDB down: answers in ${timings.join(", ")} ms`);
    for (const ms of timings) expect(ms).toBeLessThan(1000);
    const reads = await api.get(`/v1/checkpoints/${acknowledged[0]}`);
    expect(reads.status).toBe(503);

    const govern = createClient(GovernService, createGrpcTransport({ baseUrl: `http://127.0.0.1:${gh.grpcPort}` }));
    const grpc = await rpcError(govern.listCheckpoints({}, { headers: { authorization: `Bearer ${gh.adminKey}` } }));
    expect(grpc.connect, grpc.message).toBe(Code.Unavailable);

    await mongo.restart();
    await vi.waitFor(async () => expect((await api.get("/v1/policies")).status).toBe(200), { timeout: 15_000, interval: 200 });
    const after = await api.post("/v1/checkpoints", { action: "outage.after" });
    expect(after.status).toBe(201);
    acknowledged.push(after.body.checkpoint_id);
    for (const id of acknowledged) {
      await new Promise((r) => setTimeout(r, 5)); // distinct cold polls of distinct ids are not spaced; keep it gentle anyway
      expect((await api.get(`/v1/checkpoints/${id}`)).status, id).toBe(200);
    }
  }, 90_000);
});
