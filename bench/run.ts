import { checkpointBenchmarks, type Row } from "./checkpoints.bench.js";
import { ms } from "./stats.js";

// `npm run bench`: every figure next to a baseline measured in the same run on
// the same machine, so the ratio means something where absolute numbers do not.
function table(title: string, rows: Row[]): string {
  const lines = [`## ${title}`, "", "| scenario | Gatehouse | baseline | ratio |", "|---|---:|---:|---:|"];
  for (const r of rows) {
    const fmt = (v: number) => (r.unit === "ms" ? `${ms(v)} ms` : `${Math.round(v)}`);
    const ratio = r.lowerIsBetter ? r.gatehouse / r.baseline : r.baseline / r.gatehouse;
    lines.push(`| ${r.scenario} | ${fmt(r.gatehouse)} | ${fmt(r.baseline)} | ${ratio.toFixed(1)}× ${r.lowerIsBetter ? "slower" : "less"} |`);
  }
  return lines.join("\n");
}

const only = process.argv[2];
if (!only || only === "checkpoints") {
  process.stdout.write(
    table("Checkpoints through the REST gateway (embedded SQLite; baseline: bare node:http answering the same JSON)", await checkpointBenchmarks()) + "\n\n",
  );
}
