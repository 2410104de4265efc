import { readFileSync } from "node:fs";
import { connectMongo } from "../lib/db/mongo.js";
import { newId } from "../lib/ids.js";
import type { Checkpoint } from "../services/govern/domain/checkpoint.js";
import { eventsOfChange } from "../services/govern/domain/checkpoint-event.js";
import { MongoCheckpointStore } from "../services/govern/store/mongo-checkpoint-store.js";
import { freePort } from "../test/support/gatehouse.js";
import { startOwnFerretDb, startOwnNats, type OwnServer } from "../test/support/own-servers.js";
import type { Row } from "./checkpoints.bench.js";
import { buildOnce, startGatehouseProcess, startNode, until } from "./child-process.js";
import { keepAliveAgent, openLoop, request } from "./http-load.js";
import { summarize, type Summary } from "./stats.js";

const ADMIN = "gh_bench_replicas_admin_key_01";
const DATABASE = "gatehouse_bench";
const STORED = Number(process.env.BENCH_STORED ?? 100_000);
const STORED_PENDING = Math.round(STORED / 20);
const CREATE_RATE = Number(process.env.BENCH_MONGO_RATE ?? 500);
/** The rate the empty and the full store are compared at: one the store serves without a backlog. */
const GROWTH_RATE = Number(process.env.BENCH_GROWTH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const IDLE_SECONDS = 15;
const VOTES = 50;
const SCOPES = ["govern:checkpoints:write", "govern:checkpoints:read", "govern:checkpoints:decide"];

/** CPU seconds process `pid` has used (user + system, from /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The share of one core `pid` used over `seconds` (0.5 = half a core). */
async function coreShare(pid: number, seconds: number): Promise<number> {
  const before = cpuSeconds(pid);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return (cpuSeconds(pid) - before) / seconds;
}

interface Deployment {
  urls: string[];
  stop(): Promise<void>;
}

/** Two `gatehouse serve` replicas on the benchmark's FerretDB and NATS. */
async function startReplicas(mongo: OwnServer, nats: OwnServer): Promise<Deployment> {
  await buildOnce();
  const procs: ReturnType<typeof startNode>[] = [];
  const urls: string[] = [];
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    procs.push(
      startGatehouseProcess(["serve"], {
        GATEHOUSE_HTTP_PORT: String(port),
        GATEHOUSE_GRPC_PORT: "0",
        GATEHOUSE_LISTEN_HOST: "127.0.0.1",
        GATEHOUSE_MONGODB_URI: `${mongo.url}/${DATABASE}`,
        GATEHOUSE_NATS_URL: nats.url,
        GATEHOUSE_BOOTSTRAP_KEY: ADMIN,
        GATEHOUSE_LOG_LEVEL: "warn",
      }),
    );
    urls.push(`http://127.0.0.1:${port}`);
  }
  const probe = keepAliveAgent(2);
  for (const [i, url] of urls.entries()) {
    await until(async () => (await request(probe, `${url}/readyz`, "GET", {})).status === 200, 120_000, `replica ${i}`).catch((err) => {
      throw new Error(`${err}\n${procs[i]!.output()}`);
    });
  }
  probe.destroy();
  return {
    urls,
    async stop() {
      for (const p of procs) p.kill("SIGTERM");
      await Promise.all(procs.map((p) => new Promise((r) => (p.exitCode === null ? p.once("exit", r) : r(null)))));
    },
  };
}

interface Measured {
  idleCores: number;
  create: Summary;
  vote: Summary;
  wake: Summary;
}

/**
 * What one state of the store costs: the store's CPU while both replicas sit
 * idle, then create (open loop across both replicas), vote and the wake of
 * a waiter on the other replica.
 */
async function measure(d: Deployment, mongo: OwnServer, keys: string[], rate: number): Promise<Measured> {
  const agent = keepAliveAgent(512);
  const auth = (i: number) => ({ authorization: `Bearer ${keys[i % keys.length]}` });
  // Let start-up work (index creation, the expiry schedule's first load) finish.
  await new Promise((r) => setTimeout(r, 12_000));
  const idleCores = await coreShare(mongo.pid()!, IDLE_SECONDS);

  const ids: string[] = [];
  const created = await openLoop(
    rate,
    SECONDS * 1000,
    (i) =>
      request(agent, `${d.urls[i % 2]}/v1/checkpoints`, "POST", auth(i), { action: "bench.review", payload: { n: i } }).then((res) => {
        if (res.status === 201) ids.push(res.body.checkpoint_id);
        return res;
      }),
    201,
  );
  if (created.errors > 0) throw new Error(`${created.errors} creates failed`);

  const votes: number[] = [];
  const wakes: number[] = [];
  let n = 0;
  for (const id of ids.slice(0, VOTES)) {
    const waiting = request(agent, `${d.urls[1]}/v1/checkpoints/${id}/wait?timeout=30`, "GET", auth(n++));
    await new Promise((r) => setTimeout(r, 5));
    const sent = performance.now();
    const vote = await request(agent, `${d.urls[0]}/v1/checkpoints/${id}/decisions`, "POST", auth(n++), { decision: "approve" });
    votes.push(performance.now() - sent);
    if (vote.status !== 200) throw new Error(`vote answered ${vote.status}: ${JSON.stringify(vote.body)}`);
    const woke = await waiting;
    wakes.push(performance.now() - sent);
    if (woke.body?.status !== "approved") throw new Error(`waiter answered ${woke.status}`);
  }
  agent.destroy();
  return { idleCores, create: summarize(created.latencies), vote: summarize(votes), wake: summarize(wakes) };
}

/** Stores `STORED` checkpoints (one in twenty pending, the rest decided) straight through the MongoDB adapter. */
async function seed(mongo: OwnServer): Promise<void> {
  const conn = await connectMongo(`${mongo.url}/${DATABASE}`);
  const store = new MongoCheckpointStore(conn.db);
  const now = Date.now();
  const make = (i: number): Checkpoint => {
    const pending = i < STORED_PENDING;
    return {
      id: newId("cp", now - STORED + i),
      workspaceId: "default",
      agentId: null,
      agentName: "seed",
      action: "bench.seed",
      payload: { n: i, note: "stored before the measurement" },
      context: null,
      reasoning: null,
      autonomyLevel: null,
      policyIds: [],
      policyGroupIds: [],
      status: pending ? "pending" : "approved",
      reason: pending ? "awaiting review" : "approved by bench",
      decisionToken: pending ? null : "seeded",
      // Pending ones fall due over the next day, a few every minute.
      expiresAt: now + 3_600_000 + i * 17_000,
      createdAt: now - STORED + i,
      decidedAt: pending ? null : now - STORED + i,
      evals: [],
      votes: [],
      revision: 1,
    };
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < STORED) {
        const cp = make(next++);
        await store.insert(cp, { at: cp.createdAt, events: eventsOfChange(null, cp) });
      }
    }),
  );
  await conn.close();
}

/**
 * Gatehouse as it is deployed: two replicas on MongoDB (FerretDB here) and
 * NATS, each a process of its own. Measured on an empty store and again with
 * `STORED` checkpoints stored (5 % pending): the store's CPU while both
 * replicas are idle, create at `GROWTH_RATE` a second offered across both,
 * a vote, and the wake of a waiter on the other replica — each against the
 * empty store's figure. Create at `CREATE_RATE` a second is measured on the
 * empty store against a bare node:http server at the same rate.
 */
export async function replicaBenchmarks(): Promise<Row[]> {
  const [mongo, nats] = await Promise.all([startOwnFerretDb(), startOwnNats()]);
  let d: Deployment | undefined;
  const baseline = startNode("bench/baseline-main.ts", [], {});
  try {
    d = await startReplicas(mongo, nats);
    const admin = keepAliveAgent(8);
    const adminAuth = { authorization: `Bearer ${ADMIN}` };
    await request(admin, `${d.urls[0]}/v1/policies`, "POST", adminAuth, { name: "bench review", outcome: "review", reviewers: ["bench-reviewer"], match: { actions: ["bench.*"] } });
    // Enough keys to stay under 600 requests a minute each.
    const keys: string[] = [];
    for (let i = 0; i < Math.ceil((CREATE_RATE * SECONDS * 3) / 500) + 4; i++) {
      const res = await request(admin, `${d.urls[0]}/v1/keys`, "POST", adminAuth, { name: `bench ${i}`, scopes: SCOPES, subject: "bench-reviewer" });
      keys.push(res.body.secret);
    }
    admin.destroy();

    const offered = await measure(d, mongo, keys, CREATE_RATE);
    const empty = await measure(d, mongo, keys, GROWTH_RATE);
    await d.stop();
    const seeding = performance.now();
    await seed(mongo);
    process.stderr.write(`stored ${STORED} checkpoints in ${((performance.now() - seeding) / 1000).toFixed(0)} s\n`);
    d = await startReplicas(mongo, nats);
    const full = await measure(d, mongo, keys, GROWTH_RATE);

    await until(async () => baseline.output().includes("http://"), 30_000, "baseline");
    const baseAgent = keepAliveAgent(512);
    const baseUrl = baseline.output().trim().split("\n")[0]!;
    const base = await openLoop(CREATE_RATE, SECONDS * 1000, () => request(baseAgent, `${baseUrl}/v1/checkpoints`, "POST", {}, { action: "bench.review" }), 201);
    baseAgent.destroy();
    const baseCreate = summarize(base.latencies);

    const k = `${STORED.toLocaleString("en")} stored`;
    return [
      { scenario: `create at ${CREATE_RATE}/s offered, 2 replicas on FerretDB: p50 (baseline: bare node:http)`, unit: "ms", gatehouse: offered.create.p50, baseline: baseCreate.p50, lowerIsBetter: true },
      { scenario: `create at ${CREATE_RATE}/s offered, 2 replicas on FerretDB: p99 (baseline: bare node:http)`, unit: "ms", gatehouse: offered.create.p99, baseline: baseCreate.p99, lowerIsBetter: true },
      { scenario: `store CPU, both replicas idle, % of a core: ${k} (baseline: empty store)`, unit: "%", gatehouse: 100 * full.idleCores, baseline: 100 * empty.idleCores, lowerIsBetter: true },
      { scenario: `create p99 at ${GROWTH_RATE}/s: ${k} (baseline: empty store)`, unit: "ms", gatehouse: full.create.p99, baseline: empty.create.p99, lowerIsBetter: true },
      { scenario: `vote p99: ${k} (baseline: empty store)`, unit: "ms", gatehouse: full.vote.p99, baseline: empty.vote.p99, lowerIsBetter: true },
      { scenario: `vote → waiter on the other replica p99: ${k} (baseline: empty store)`, unit: "ms", gatehouse: full.wake.p99, baseline: empty.wake.p99, lowerIsBetter: true },
    ];
  } finally {
    baseline.kill("SIGTERM");
    await d?.stop();
    await mongo.stop();
    await nats.stop();
  }
}
