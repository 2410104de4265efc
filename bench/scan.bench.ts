import { compileScanPlan } from "../services/secure/domain/scan/compile-scan-plan.js";
import { executeScan } from "../services/secure/domain/scan/execute-scan.js";
import type { ScanInput } from "../services/secure/domain/scan/scan-types.js";
import { startBenchServers } from "./bench-servers.js";
import type { Row } from "./checkpoints.bench.js";
import { closedLoop, keepAliveAgent, request } from "./http-load.js";
import { summarize, type Summary } from "./stats.js";
import { baselinePatterns, benchRuleBodies, benchRules, benchText, nativeScan, RULE_COUNTS, TEXT_SIZES } from "./scan-workload.js";

// Time boxes keep the whole scan benchmark around a minute on two cores.
const IN_PROCESS_MS = Number(process.env.BENCH_SCAN_MS ?? 400);
const REST_MS = Number(process.env.BENCH_SCAN_REST_MS ?? 1500);
const REST_CONCURRENCY = 8;
// Enough keys (600 requests a minute each) for every size of one rule count within a minute, however fast the machine.
const SCAN_KEYS_PER_WORKSPACE = 100;
const SETUP_KEYS_PER_WORKSPACE = 4;
// The rule count whose REST scans are also set against a bare JSON server that does no scanning.
const ECHO_RULES = 100;

interface Measured {
  latency: Summary;
  mbPerSecond: number;
}

// The two sides take turns in slices this long, so that a machine whose speed
// drifts (a shared VM) slows both alike and their ratio stays meaningful.
const SLICE_MS = 25;

/**
 * Calls `gatehouse` and `baseline` back to back, taking turns in slices of
 * `SLICE_MS`, until each has run for `budgetMs` (and at least 10 times) after
 * a warm-up, timing each call.
 */
function measurePair(gatehouse: () => unknown, baseline: () => unknown, bytes: number, budgetMs: number): [Measured, Measured] {
  const sides = [gatehouse, baseline].map((fn) => {
    for (let i = 0; i < 5; i++) fn();
    return { fn, samples: [] as number[], spent: 0 };
  });
  while (sides.some((s) => s.samples.length < 10 || s.spent < budgetMs)) {
    for (const side of sides) {
      const sliceEnd = performance.now() + SLICE_MS;
      do {
        const t0 = performance.now();
        side.fn();
        const took = performance.now() - t0;
        side.samples.push(took);
        side.spent += took;
      } while (performance.now() < sliceEnd);
    }
  }
  const measured = ({ samples, spent }: { samples: number[]; spent: number }): Measured => ({
    latency: summarize(samples),
    mbPerSecond: (bytes * samples.length) / (spent / 1000) / 1e6,
  });
  return [measured(sides[0]!), measured(sides[1]!)];
}

function rowsOf(scenario: string, gatehouse: Measured, baseline: Measured): Row[] {
  return [
    { scenario: `${scenario}: MB/s`, unit: "MB/s", gatehouse: gatehouse.mbPerSecond, baseline: baseline.mbPerSecond, lowerIsBetter: false },
    { scenario: `${scenario}: p50`, unit: "ms", gatehouse: gatehouse.latency.p50, baseline: baseline.latency.p50, lowerIsBetter: true },
    { scenario: `${scenario}: p99`, unit: "ms", gatehouse: gatehouse.latency.p99, baseline: baseline.latency.p99, lowerIsBetter: true },
  ];
}

const kb = (bytes: number) => `${bytes / 1024} KB`;

/** The engine called directly (plan compiled once) against the native RegExp loop over the same patterns. */
function inProcess(): Row[] {
  const rows: Row[] = [];
  for (const n of RULE_COUNTS) {
    const rules = benchRules(n);
    let t0 = performance.now();
    const plan = compileScanPlan(rules);
    const compileMs = performance.now() - t0;
    t0 = performance.now();
    const patterns = baselinePatterns(rules);
    const baselineCompileMs = performance.now() - t0;
    rows.push({ scenario: `in-process: compile ${n} rules (once per rule change)`, unit: "ms", gatehouse: compileMs, baseline: baselineCompileMs, lowerIsBetter: true });
    for (const size of TEXT_SIZES) {
      const text = benchText(size);
      const input: ScanInput = { content: text, scanType: "prompt_input", toolName: "", agentId: "", agentName: "", context: {}, redact: false };
      if (executeScan(plan, input).matches.length === 0) throw new Error("the benchmark text should match some rules");
      const [gatehouse, baseline] = measurePair(
        () => executeScan(plan, input),
        () => nativeScan(patterns, text),
        size,
        IN_PROCESS_MS,
      );
      rows.push(...rowsOf(`in-process ${kb(size)} × ${n} rules`, gatehouse, baseline));
    }
  }
  return rows;
}

/** `POST /v1/secure/scan` through the real server (one workspace per rule count) against a bare node:http server running the native loop. */
async function throughRest(): Promise<Row[]> {
  const servers = await startBenchServers("bench/scan-baseline-main.ts");
  const agent = keepAliveAgent(REST_CONCURRENCY + 8);
  try {
    const { url, baselineUrl, adminKey } = servers;
    const admin = { authorization: `Bearer ${adminKey}` };
    const post = async (key: Record<string, string>, path: string, body: unknown, status: number) => {
      const res = await request(agent, `${url}${path}`, "POST", key, body);
      if (res.status !== status) throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    };

    const rows: Row[] = [];
    const echoRows: Row[] = [];
    for (const n of RULE_COUNTS) {
      // A workspace per rule count; its own keys stay under 600 requests per minute each.
      const ws = (await post(admin, "/v1/workspaces", { name: `bench ${n} rules` }, 201)).workspace.id as string;
      const setup: Record<string, string>[] = [];
      for (let i = 0; i < SETUP_KEYS_PER_WORKSPACE; i++) {
        const scopes = ["admin:keys:write", "secure:rules:write", "secure:scan:write"];
        const secret = (await post(admin, "/v1/keys", { name: `setup ${i}`, scopes, workspace_id: ws }, 201)).secret as string;
        setup.push({ authorization: `Bearer ${secret}` });
      }
      const bodies = benchRuleBodies(n);
      for (let i = 0; i < bodies.length; i += 16) {
        await Promise.all(bodies.slice(i, i + 16).map((b, j) => post(setup[(i + j) % setup.length]!, "/v1/secure/rules", b, 201)));
      }
      const scanKeys: Record<string, string>[] = [];
      for (let i = 0; i < SCAN_KEYS_PER_WORKSPACE; i++) {
        const secret = (await post(setup[i % setup.length]!, "/v1/keys", { name: `scan ${i}`, scopes: ["secure:scan:write"] }, 201)).secret as string;
        scanKeys.push({ authorization: `Bearer ${secret}` });
      }
      for (const size of TEXT_SIZES) {
        const body = { content: benchText(size) };
        let i = 0;
        await post(scanKeys[0]!, "/v1/secure/scan", body, 200); // compiles the workspace's plan
        const gh = await closedLoop(REST_CONCURRENCY, REST_MS, () => request(agent, `${url}/v1/secure/scan`, "POST", scanKeys[i++ % scanKeys.length]!, body), 200);
        if (gh.errors > 0) throw new Error(`${gh.errors} scans of ${kb(size)} × ${n} rules failed; the first answered ${gh.firstError}`);
        const base = await closedLoop(REST_CONCURRENCY, REST_MS, () => request(agent, `${baselineUrl}/scan/${n}`, "POST", {}, body), 200);
        const toMeasured = (r: { latencies: number[]; perSecond: number }): Measured => ({
          latency: summarize(r.latencies),
          mbPerSecond: (r.perSecond * size) / 1e6,
        });
        rows.push(...rowsOf(`REST ${kb(size)} × ${n} rules (${REST_CONCURRENCY} concurrent)`, toMeasured(gh), toMeasured(base)));
        if (n === ECHO_RULES && (size === 1024 || size === 100 * 1024)) {
          const echo = await closedLoop(REST_CONCURRENCY, REST_MS, () => request(agent, `${baselineUrl}/echo`, "POST", {}, body), 200);
          echoRows.push(...rowsOf(`REST ${kb(size)} × ${n} rules against a bare parse-and-answer (${REST_CONCURRENCY} concurrent)`, toMeasured(gh), toMeasured(echo)));
        }
      }
    }
    return [...rows, ...echoRows];
  } finally {
    agent.destroy();
    await servers.stop();
  }
}

/**
 * Scan throughput and latency for 1, 10 and 100 KB texts against 10, 100 and
 * 1,000 active rules (plus the three built-ins): the engine in-process and
 * `POST /v1/secure/scan` through the REST gateway, each next to a baseline
 * measured in the same run — a loop of native RegExp over the same patterns
 * (in-process, and behind a bare node:http server for REST).
 */
export async function scanBenchmarks(): Promise<Row[]> {
  return [...inProcess(), ...(await throughRest())];
}
