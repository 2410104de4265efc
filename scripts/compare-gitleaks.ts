import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { findLibrary } from "../services/secure/domain/catalog.js";
import { createRuleSpec } from "../services/secure/domain/create-rule-spec.js";
import { newRule } from "../services/secure/domain/new-rule.js";
import { compileScanPlan } from "../services/secure/domain/scan/compile-scan-plan.js";
import { executeScan } from "../services/secure/domain/scan/execute-scan.js";
import { loadScanCorpus } from "../test/support/scan-corpus.js";

/** One text and whether it holds a secret. */
export interface SecretSample {
  id: string;
  text: string;
  expect: boolean;
}

/** Counts and rates of one tool over a sample set. */
export interface SecretScore {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  precision: number;
  recall: number;
  f1: number;
}

/** Both tools on the same samples. */
export interface GitleaksComparison {
  samples: number;
  gatehouse: SecretScore;
  gitleaks: SecretScore;
}

function score(samples: readonly SecretSample[], flagged: (i: number) => boolean): SecretScore {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  samples.forEach((s, i) => {
    const hit = flagged(i);
    if (s.expect && hit) tp++;
    else if (s.expect) fn++;
    else if (hit) fp++;
    else tn++;
  });
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { tp, fp, fn, tn, precision, recall, f1 };
}

/**
 * Which samples Gatehouse finds a secret in: a scan with one rule on the
 * whole `secrets` library, counting a sample when any finding is made.
 */
export function gatehouseSecretHits(samples: readonly SecretSample[]): boolean[] {
  const spec = { ...createRuleSpec({ name: "secrets", type: "data_pattern", patternLibraryIds: ["secrets"] }), status: "active" as const };
  const plan = compileScanPlan([newRule(spec, { id: "rule_secrets", workspaceId: "ws_eval" }, 0)]);
  return samples.map(
    (s) =>
      executeScan(plan, { content: s.text, scanType: "prompt_input", toolName: "", agentId: "", agentName: "", context: {}, redact: false }).matches
        .length > 0,
  );
}

/**
 * Which samples gitleaks (its default rules) finds a leak in: every sample
 * written to a file of its own in a temporary directory, one `gitleaks dir`
 * run over it, the JSON report's files mapped back to samples.
 */
export function gitleaksHits(samples: readonly SecretSample[], gitleaksBin: string): boolean[] {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-gitleaks-"));
  try {
    const files = join(dir, "samples");
    mkdirSync(files);
    // A neutral name and extension: gitleaks skips some paths (lock files, images) by name.
    samples.forEach((s, i) => writeFileSync(join(files, `sample-${i}.txt`), s.text));
    const report = join(dir, "report.json");
    execFileSync(gitleaksBin, ["dir", files, "--no-banner", "--log-level", "error", "--exit-code", "0", "--report-format", "json", "--report-path", report], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    const leaks = JSON.parse(readFileSync(report, "utf8")) as { File: string }[];
    const hit = new Array<boolean>(samples.length).fill(false);
    for (const leak of leaks) {
      const m = /^sample-(\d+)\.txt$/.exec(basename(leak.File));
      if (m) hit[Number(m[1])] = true;
    }
    return hit;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Gatehouse's `secrets` library and gitleaks side by side on the same
 * samples: precision, recall and F1 of each, a sample counting as found when
 * the tool reports anything in it.
 */
export function compareWithGitleaks(samples: readonly SecretSample[], gitleaksBin: string): GitleaksComparison {
  const ours = gatehouseSecretHits(samples);
  const theirs = gitleaksHits(samples, gitleaksBin);
  return { samples: samples.length, gatehouse: score(samples, (i) => ours[i]!), gitleaks: score(samples, (i) => theirs[i]!) };
}

/** The team's scan corpus as secret samples: a sample holds a secret when it expects a category of the `secrets` library. */
export function teamCorpusSecretSamples(): SecretSample[] {
  const secrets = new Set(findLibrary("secrets")?.categoryIds ?? []);
  return loadScanCorpus().map((s) => ({ id: s.id, text: s.text, expect: s.expect.some((c) => secrets.has(c)) }));
}

/** Samples of a JSON-lines file of `{category, expect, text}` objects whose category is `secret`. */
export function jsonlSecretSamples(path: string): SecretSample[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, i) => ({ ...(JSON.parse(line) as { category: string; expect: boolean; text: string; id?: string }), i }))
    .filter((s) => s.category === "secret")
    .map((s) => ({ id: s.id ?? `${basename(path)}:${s.i + 1}`, text: s.text, expect: s.expect }));
}

function row(set: string, tool: string, s: SecretScore): string {
  const f = (x: number) => x.toFixed(3);
  return `| ${set} | ${tool} | ${f(s.precision)} | ${f(s.recall)} | ${f(s.f1)} | ${s.tp} | ${s.fp} | ${s.fn} | ${s.tn} |`;
}

// `npx tsx scripts/compare-gitleaks.ts [--gitleaks BIN] [secrets.jsonl …]`: the
// team corpus and each given file through both tools; without files, the
// public detection set beside the repository when there is one.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--gitleaks");
  const bin = at >= 0 ? args.splice(at, 2)[1]! : "gitleaks";
  const files = args;
  const beside = resolve(import.meta.dirname, "..", "..", "shared", "eval", "detection-public", "secrets.jsonl");
  if (files.length === 0 && existsSync(beside)) files.push(beside);
  const sets: [string, SecretSample[]][] = [["team corpus", teamCorpusSecretSamples()], ...files.map((f): [string, SecretSample[]] => [basename(f), jsonlSecretSamples(f)])];
  const lines = ["| samples (positives / negatives) | tool | precision | recall | F1 | tp | fp | fn | tn |", "|---|---|---:|---:|---:|---:|---:|---:|---:|"];
  for (const [name, samples] of sets) {
    const c = compareWithGitleaks(samples, bin);
    const label = `${name} (${samples.filter((s) => s.expect).length} / ${samples.filter((s) => !s.expect).length})`;
    lines.push(row(label, "Gatehouse", c.gatehouse), row(label, "gitleaks", c.gitleaks));
  }
  process.stdout.write(lines.join("\n") + "\n");
}
