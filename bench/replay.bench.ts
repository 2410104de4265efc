import { join } from "node:path";
import { openSqlite } from "../lib/db/sqlite.js";
import { DEFAULT_WORKSPACE_ID } from "../services/auth/domain/workspace.js";
import type { Checkpoint } from "../services/govern/domain/checkpoint.js";
import { SqliteCheckpointStore } from "../services/govern/store/sqlite-checkpoint-store.js";
import { startBenchServers } from "./bench-servers.js";
import type { Row } from "./checkpoints.bench.js";
import { keepAliveAgent, request } from "./http-load.js";
import { summarize } from "./stats.js";

// The bar: a replay over at least 10,000 recorded checkpoints in under 5 s on SQLite.
const COUNTS = (process.env.BENCH_REPLAY_COUNTS ?? "10000,100000").split(",").map(Number);
const RUNS = Number(process.env.BENCH_REPLAY_RUNS ?? 5);
const TARGET_MS = 5000;
const DAY = 24 * 3600 * 1000;

/** A draft set of the kind a workspace tries: globs, agent lists and CEL conditions over the payload. */
const DRAFTS = [
  { name: "Small payments", outcome: "approve", match: { actions: ["payments.*"], condition: "payload.amount < 500 && payload.currency == 'EUR'" } },
  { name: "Large payments", outcome: "review", reviewers: ["alice", "bob"], quorum: 2, match: { actions: ["payments.*"], condition: "payload.amount >= 10000" } },
  { name: "No prod deletes", outcome: "block", match: { actions: ["db.delete", "db.drop*"], condition: "payload.env == 'prod'" } },
  { name: "Reads", outcome: "approve", match: { actions: ["docs.read", "search.*"] } },
  { name: "Untrusted agents", outcome: "reject", match: { actions: ["*"], condition: "agent.name.startsWith('sandbox-')" } },
];

/**
 * `count` checkpoints of the default workspace spread over the last 6 days,
 * as the service would have recorded them: a third decided at once, the rest
 * pending, some of those since decided by a reviewer.
 */
async function seed(dataDir: string, count: number): Promise<void> {
  const db = openSqlite(join(dataDir, "govern.db"));
  const store = new SqliteCheckpointStore(db);
  const now = Date.now();
  const actions = ["payments.send", "db.delete", "docs.read", "search.web", "email.send"];
  const batch: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const createdAt = now - 6 * DAY + Math.floor((i * 6 * DAY) / count);
    const fast = i % 3 === 0;
    const voted = !fast && i % 5 === 0;
    const cp: Checkpoint = {
      id: `cp_bench${String(i).padStart(9, "0")}`,
      workspaceId: DEFAULT_WORKSPACE_ID,
      agentId: null,
      agentName: i % 7 === 0 ? "sandbox-runner" : "ops-bot",
      action: actions[i % actions.length]!,
      payload: { amount: (i * 37) % 20_000, currency: i % 4 === 0 ? "USD" : "EUR", env: i % 2 === 0 ? "prod" : "dev", ref: `inv-${i}` },
      context: "nightly run",
      reasoning: null,
      autonomyLevel: "L2",
      policyIds: [],
      policyGroupIds: [],
      status: fast ? "approved" : voted ? "approved" : "pending",
      reason: fast ? 'approved by policy "Reads"' : null,
      decisionToken: fast || voted ? "x".repeat(600) : null,
      expiresAt: createdAt + 3600_000,
      createdAt,
      decidedAt: fast ? createdAt : voted ? createdAt + 60_000 : null,
      evals: [],
      votes: voted ? [{ subject: "alice", decision: "approve", reason: null, at: createdAt + 60_000 }] : [],
      revision: voted ? 2 : 1,
    };
    batch.push(store.insert(cp, { at: createdAt, events: [] }));
    if (batch.length === 1000) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
  db.close();
}

/**
 * The floor of a replay: the same rows of the same file read by a bare
 * better-sqlite3 loop in this process, payloads parsed, nothing evaluated
 * and no HTTP in between.
 */
function bareRead(dataDir: string, since: number, until: number): number {
  const db = openSqlite(join(dataDir, "govern.db"));
  const t0 = performance.now();
  let n = 0;
  for (const row of db
    .prepare("SELECT id, action, payload, agent_name, status FROM govern_checkpoints WHERE workspace_id = ? AND created_at >= ? AND created_at < ? ORDER BY created_at, id")
    .iterate(DEFAULT_WORKSPACE_ID, since, until) as Iterable<{ payload: string }>) {
    JSON.parse(row.payload);
    n++;
  }
  const ms = performance.now() - t0;
  db.close();
  if (n === 0) throw new Error("the bare read found no checkpoint");
  return ms;
}

/** `POST /v1/policies/replay` of `DRAFTS` over `count` seeded checkpoints (the default range: the last 7 days). */
async function replayOver(count: number): Promise<Row[]> {
  let dataDir = "";
  const servers = await startBenchServers("bench/baseline-main.ts", {
    seed: async (dir) => {
      dataDir = dir;
      const t0 = performance.now();
      await seed(dir, count);
      process.stderr.write(`seeded ${count} checkpoints in ${Math.round(performance.now() - t0)} ms\n`);
    },
  });
  const agent = keepAliveAgent(1);
  try {
    const auth = { authorization: `Bearer ${servers.adminKey}` };
    const samples: number[] = [];
    let last: { since: string; until: string } | undefined;
    for (let i = 0; i < RUNS + 1; i++) {
      const t0 = performance.now();
      const res = await request(agent, `${servers.url}/v1/policies/replay`, "POST", auth, { policies: DRAFTS });
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`replay answered ${res.status}: ${JSON.stringify(res.body)}`);
      const readAll = res.body.evaluated === count || (res.body.truncated === true && res.body.evaluated === 100_000);
      if (!readAll) throw new Error(`replay evaluated ${res.body.evaluated} of ${count}`);
      if (res.body.changed === 0) throw new Error("the benchmark drafts should change some outcomes");
      // The first run warms the CEL cache and the page cache; it is not counted.
      if (i > 0) samples.push(ms);
      last = res.body;
    }
    const bare = summarize(Array.from({ length: RUNS }, () => bareRead(dataDir, Date.parse(last!.since), Date.parse(last!.until))));
    const replay = summarize(samples);
    const label = `replay of ${DRAFTS.length} draft policies over ${count.toLocaleString("en")} checkpoints`;
    return [
      { scenario: `${label}, p50 (baseline: a bare SELECT + JSON.parse of the same rows)`, unit: "ms", gatehouse: replay.p50, baseline: bare.p50, lowerIsBetter: true },
      { scenario: `${label}, slowest of ${RUNS} (baseline: 5 s, the target)`, unit: "ms", gatehouse: replay.max, baseline: TARGET_MS, lowerIsBetter: true },
    ];
  } finally {
    agent.destroy();
    await servers.stop();
  }
}

/** Policy replays through the REST gateway on embedded SQLite, one fresh server per checkpoint count. */
export async function replayBenchmarks(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const count of COUNTS) rows.push(...(await replayOver(count)));
  return rows;
}
