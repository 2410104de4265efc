import http from "node:http";
import { startBenchServers } from "./bench-servers.js";
import { rssMb } from "./child-process.js";
import { closedLoop, keepAliveAgent, openLoop, request } from "./http-load.js";
import { type Summary, summarize } from "./stats.js";

/** One row of the report: Gatehouse next to the baseline measured in the same run. */
export interface Row {
  scenario: string;
  unit: string;
  gatehouse: number;
  baseline: number;
  /** For latencies lower is better; for throughput higher is better. */
  lowerIsBetter: boolean;
}

const SCOPES = ["govern:checkpoints:write", "govern:checkpoints:read", "govern:checkpoints:decide", "govern:policies:write"];
const CREATE_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = 32;
const WAITERS = 1000;
const HELD_WAITERS = Number(process.env.BENCH_HELD_WAITERS ?? 10_000);

interface Target {
  url: string;
  /** Authorization header for request `i` (Gatehouse rotates keys to stay under 600/min/key). */
  auth(i: number): Record<string, string>;
}

async function createThroughput(t: Target, body: unknown, agent = keepAliveAgent(CONCURRENCY)) {
  let n = 0;
  const res = await closedLoop(CONCURRENCY, CREATE_SECONDS * 1000, () => request(agent, `${t.url}/v1/checkpoints`, "POST", t.auth(n++), body), 201);
  if (res.errors > 0) throw new Error(`${res.errors} creates failed against ${t.url}; the first answered ${res.firstError}`);
  return { perSecond: res.perSecond, latency: summarize(res.latencies) };
}

/** Creates `count` pending checkpoints, 100 at a time; their ids. */
async function createWaitable(t: Target, agent: ReturnType<typeof keepAliveAgent>, count: number, auth: () => Record<string, string>): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, () => request(agent, `${t.url}/v1/checkpoints`, "POST", auth(), { action: "bench.wait" })),
    );
    ids.push(...batch.map((r) => r.body.checkpoint_id as string));
  }
  return ids;
}

// Rounds of the half-load measurement, each side in turn, and how long each round lasts.
const HALF_LOAD_ROUNDS = 5;
const HALF_LOAD_ROUND_MS = 2500;

/** Latency of one open-loop round at a steady `perSecond`, where a server that keeps up answers at its floor. */
async function openLoopRound(t: Target, body: unknown, perSecond: number, first: number): Promise<Summary> {
  const agent = keepAliveAgent(256);
  const res = await openLoop(perSecond, HALF_LOAD_ROUND_MS, (i) => request(agent, `${t.url}/v1/checkpoints`, "POST", t.auth(first + i), body), 201);
  agent.destroy();
  if (res.errors > 0) throw new Error(`${res.errors} creates failed against ${t.url}`);
  return summarize(res.latencies);
}

/**
 * The p99 of creates offered at a steady `perSecond` to Gatehouse and to the
 * baseline, in `HALF_LOAD_ROUNDS` rounds that alternate between the two; for
 * each, the median of its rounds' p99. A shared machine's slow moments then
 * fall on both alike and move neither figure much, where one long run per
 * side gave whichever side they hit a p99 several times its usual one.
 */
async function halfLoadP99(gatehouse: Target, baseline: Target, body: unknown, perSecond: number): Promise<{ gatehouse: number; baseline: number }> {
  const rounds = { gatehouse: [] as number[], baseline: [] as number[] };
  let sent = 0;
  for (let r = 0; r < HALF_LOAD_ROUNDS; r++) {
    rounds.baseline.push((await openLoopRound(baseline, body, perSecond, sent)).p99);
    rounds.gatehouse.push((await openLoopRound(gatehouse, body, perSecond, sent)).p99);
    sent += Math.floor((perSecond * HALF_LOAD_ROUND_MS) / 1000);
  }
  return { gatehouse: summarize(rounds.gatehouse).p50, baseline: summarize(rounds.baseline).p50 };
}

/**
 * The server's resident memory (MB, from /proc) while `HELD_WAITERS`
 * long-polls are held at once, one per checkpoint: the whole process, since
 * what a create left behind is reused by the waiters and a difference would
 * flatter.
 */
async function heldWaiters(t: Target, pid: number, lagOf?: () => Promise<number>): Promise<{ rssMb: number; lagP99Ms?: number }> {
  const agent = keepAliveAgent(HELD_WAITERS + 64);
  let n = 0;
  const ids = await createWaitable(t, agent, HELD_WAITERS, () => t.auth(n++));
  for (const id of ids) void request(agent, `${t.url}/v1/checkpoints/${id}/wait?timeout=55`, "GET", t.auth(n++)).catch(() => undefined);
  await new Promise((r) => setTimeout(r, 5000)); // every waiter is held by now
  // The lag histogram restarts at every scrape: what follows is the lag while they are held.
  await lagOf?.();
  await new Promise((r) => setTimeout(r, 5000));
  const lagP99Ms = await lagOf?.();
  const held = rssMb(pid);
  agent.destroy();
  await new Promise((r) => setTimeout(r, 1000));
  return { rssMb: held, lagP99Ms };
}

/** The event-loop delay p99 (ms) the server's `/metrics` reports since the previous scrape. */
async function eventLoopLagP99(url: string): Promise<number> {
  const agent = keepAliveAgent(1);
  const res = await new Promise<string>((resolve, reject) => {
    http.get(`${url}/metrics`, { agent }, (r) => {
      let text = "";
      r.on("data", (c: Buffer) => (text += c));
      r.on("end", () => resolve(text));
    }).on("error", reject);
  });
  agent.destroy();
  const m = /^gatehouse_nodejs_eventloop_lag_p99_seconds (\S+)$/m.exec(res);
  if (!m) throw new Error("/metrics has no gatehouse_nodejs_eventloop_lag_p99_seconds");
  return Number(m[1]) * 1000;
}

/**
 * Decision-to-waiter wake latency: `WAITERS` long-polls held at once, one per
 * checkpoint; each checkpoint is then decided and the time from sending the
 * decision to the waiter's answer is recorded.
 */
async function wakeLatency(t: Target): Promise<Summary> {
  const agent = keepAliveAgent(WAITERS + 64);
  let n = 0;
  const ids = await createWaitable(t, agent, WAITERS, () => t.auth(n++));
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const waits = ids.map((id) =>
    request(agent, `${t.url}/v1/checkpoints/${id}/wait?timeout=55`, "GET", t.auth(n++)).then((res) => {
      if (res.status !== 200) throw new Error(`waiter answered ${res.status}`);
      latencies.push(performance.now() - sentAt.get(id)!);
    }),
  );
  await new Promise((r) => setTimeout(r, 2000)); // every waiter is held by now
  for (let i = 0; i < ids.length; i += 10) {
    await Promise.all(
      ids.slice(i, i + 10).map((id) => {
        sentAt.set(id, performance.now());
        return request(agent, `${t.url}/v1/checkpoints/${id}/decisions`, "POST", t.auth(n++), { decision: "approve" });
      }),
    );
  }
  await Promise.all(waits);
  agent.destroy();
  return summarize(latencies);
}

/** 400 keys holding the benchmark's scopes, so that each stays under 600 requests a minute at the create rate this machine now reaches (150 ran out in the fast-path phase); the admin key making them stays under its own 600. */
async function benchKeys(url: string, adminKey: string): Promise<string[]> {
  const admin = keepAliveAgent(8);
  const keys: string[] = [];
  for (let i = 0; i < 400; i++) {
    const res = await request(admin, `${url}/v1/keys`, "POST", { authorization: `Bearer ${adminKey}` }, { name: `bench ${i}`, scopes: SCOPES, subject: "bench-reviewer" });
    keys.push(res.body.secret);
  }
  admin.destroy();
  return keys;
}

/** Runs the checkpoint benchmarks against Gatehouse (embedded mode) and the bare baseline. */
export async function checkpointBenchmarks(): Promise<Row[]> {
  const servers = await startBenchServers("bench/baseline-main.ts");
  try {
    const { url, baselineUrl, adminKey } = servers;
    const admin = keepAliveAgent(8);

    const keys = await benchKeys(url, adminKey);
    await request(admin, `${url}/v1/policies`, "POST", { authorization: `Bearer ${adminKey}` }, { name: "bench fast path", outcome: "approve", match: { actions: ["bench.fast"] } });
    const gh: Target = { url, auth: (i) => ({ authorization: `Bearer ${keys[i % keys.length]}` }) };
    const base: Target = { url: baselineUrl, auth: () => ({}) };

    const pendingBody = { action: "bench.create", agent_name: "bench-agent", payload: { amount: 100, to: "acme" } };
    const fastBody = { action: "bench.fast", agent_name: "bench-agent", payload: { amount: 100, to: "acme" } };
    const basePending = await createThroughput(base, pendingBody);
    const ghPending = await createThroughput(gh, pendingBody);
    const ghFast = await createThroughput(gh, fastBody);
    // Half of what Gatehouse itself sustains, offered to both at the same rate.
    const halfRate = Math.max(100, Math.round(ghPending.perSecond / 2));
    const half = await halfLoadP99(gh, base, pendingBody, halfRate);
    const baseWake = await wakeLatency(base);
    const ghWake = await wakeLatency(gh);
    const baseHeld = await heldWaiters(base, servers.baselinePid);
    // On a process of its own: what the earlier runs left on the heap is not the waiters' doing.
    const fresh = await startBenchServers("bench/baseline-main.ts");
    const freshKeys = await benchKeys(fresh.url, fresh.adminKey);
    const ghHeld = await heldWaiters(
      { url: fresh.url, auth: (i) => ({ authorization: `Bearer ${freshKeys[i % freshKeys.length]}` }) },
      fresh.gatehousePid,
      () => eventLoopLagP99(fresh.url),
    ).finally(() => fresh.stop());

    return [
      { scenario: "create → pending (req/s)", unit: "req/s", gatehouse: ghPending.perSecond, baseline: basePending.perSecond, lowerIsBetter: false },
      { scenario: "create → pending p50", unit: "ms", gatehouse: ghPending.latency.p50, baseline: basePending.latency.p50, lowerIsBetter: true },
      { scenario: "create → pending p99", unit: "ms", gatehouse: ghPending.latency.p99, baseline: basePending.latency.p99, lowerIsBetter: true },
      {
        scenario: `create → pending p99 at half load (${halfRate} req/s offered; median of ${HALF_LOAD_ROUNDS} alternating rounds)`,
        unit: "ms",
        gatehouse: half.gatehouse,
        baseline: half.baseline,
        lowerIsBetter: true,
      },
      { scenario: "create → approved + signed token (req/s)", unit: "req/s", gatehouse: ghFast.perSecond, baseline: basePending.perSecond, lowerIsBetter: false },
      { scenario: "create → approved + signed token p50", unit: "ms", gatehouse: ghFast.latency.p50, baseline: basePending.latency.p50, lowerIsBetter: true },
      { scenario: "create → approved + signed token p99", unit: "ms", gatehouse: ghFast.latency.p99, baseline: basePending.latency.p99, lowerIsBetter: true },
      { scenario: `decision → waiter wake p50 (${WAITERS} waiters)`, unit: "ms", gatehouse: ghWake.p50, baseline: baseWake.p50, lowerIsBetter: true },
      { scenario: `decision → waiter wake p99 (${WAITERS} waiters)`, unit: "ms", gatehouse: ghWake.p99, baseline: baseWake.p99, lowerIsBetter: true },
      { scenario: `resident memory with ${HELD_WAITERS} long-polls held (a fresh process)`, unit: "MB", gatehouse: ghHeld.rssMb, baseline: baseHeld.rssMb, lowerIsBetter: true },
      { scenario: `event-loop delay p99 while ${HELD_WAITERS} long-polls are held (baseline: 20 ms, the target)`, unit: "ms", gatehouse: ghHeld.lagP99Ms!, baseline: 20, lowerIsBetter: true },
    ];
  } finally {
    await servers.stop();
  }
}
