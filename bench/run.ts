import { checkpointBenchmarks, type Row } from "./checkpoints.bench.js";
import { replayBenchmarks } from "./replay.bench.js";
import { replicaBenchmarks } from "./replicas.bench.js";
import { scanBenchmarks } from "./scan.bench.js";
import { ms } from "./stats.js";

// `npm run bench`: every figure next to a baseline measured in the same run on
// the same machine, so the ratio means something where absolute numbers do not.
function table(title: string, rows: Row[]): string {
  const lines = [`## ${title}`, "", "| scenario | Gatehouse | baseline | ratio |", "|---|---:|---:|---:|"];
  for (const r of rows) {
    const fmt = (v: number) => (r.unit === "ms" ? `${ms(v)} ms` : (v < 10 ? v.toFixed(2) : `${Math.round(v)}`) + (r.unit === "MB" ? " MB" : ""));
    const ratio = r.lowerIsBetter ? r.gatehouse / r.baseline : r.baseline / r.gatehouse;
    // Below 1 Gatehouse is ahead: say by how much rather than printing "0.1× slower".
    const [worse, better] = r.unit === "ms" ? ["slower", "faster"] : r.lowerIsBetter ? ["more", "less"] : ["less", "more"];
    const verdict = ratio >= 1 ? `${ratio.toFixed(1)}× ${worse}` : `${(1 / ratio).toFixed(1)}× ${better}`;
    lines.push(`| ${r.scenario} | ${fmt(r.gatehouse)} | ${fmt(r.baseline)} | ${verdict} |`);
  }
  return lines.join("\n");
}

// `npm run bench [checkpoints|scan|replicas|replay]` runs one part.
const only = process.argv[2];
if (!only || only === "checkpoints") {
  process.stdout.write(
    table("Checkpoints through the REST gateway (embedded SQLite; baseline: bare node:http answering the same JSON)", await checkpointBenchmarks()) + "\n\n",
  );
}
if (!only || only === "scan") {
  process.stdout.write(
    table("Content scans (in-process: the engine called directly; REST: POST /v1/secure/scan, embedded SQLite; baseline: a loop of native RegExp over the same patterns, unless the row names another)", await scanBenchmarks()) + "\n\n",
  );
}
if (!only || only === "replay") {
  process.stdout.write(
    table("Policy replay (POST /v1/policies/replay through the REST gateway, embedded SQLite, the default 7-day range)", await replayBenchmarks()) + "\n\n",
  );
}
if (!only || only === "replicas") {
  process.stdout.write(
    table("Production layout: two replicas on MongoDB (FerretDB) and NATS, empty and with stored data", await replicaBenchmarks()) + "\n\n",
  );
}
