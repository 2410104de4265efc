import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { builtInDetect } from "./built-in-detect.js";
import { loadCorpusSamples, loadExternalSamples, loadHoldoutSamples, type EvalSample } from "./load-samples.js";
import { readModelCard } from "./read-model-card.js";
import { formatComparisonTable, formatScoreTable, formatViolations, type ComparisonRow } from "./report.js";
import { runGitleaks } from "./run-gitleaks.js";
import { aggregateIdOf, evalTargets, scoreSamples, type Detect, type EvalTarget, type SectionScore } from "./score.js";
import { checkBars, suggestBars, THRESHOLDS } from "./thresholds.js";

// `npm run eval [-- --misses] [-- --suggest-bars]`: precision, recall and F1 of the built-in
// detectors per category and library, on the team corpus, the sets written
// elsewhere, a held-out split and an external set when there are, and next to
// gitleaks for secrets.
// Exits 1 when a bar of scripts/eval/thresholds.ts is missed.
//
// Environment:
//   GATEHOUSE_EVAL_PUBLIC_DIR   an external evaluation set (*.jsonl of {category, expect, text, source});
//                               default ../shared/eval/detection-public from the repository, when it exists
//   GATEHOUSE_EVAL_HOLDOUT      a held-out split (JSONL of {text, expect}) scored for prompt_injection
//   GATEHOUSE_EVAL_MODEL_CARD   else: a model card (file or directory) whose held-out figures are shown
//                               (default: the shipped injection model's MODEL_CARD.md)
//   GATEHOUSE_GITLEAKS_BIN      the gitleaks binary; default ~/go/bin/gitleaks, else gitleaks on PATH
const ROOT = resolve(import.meta.dirname, "..", "..");
const showMisses = process.argv.includes("--misses");
const showSuggestions = process.argv.includes("--suggest-bars");
const suggestions: Record<string, unknown> = {};
const began = performance.now();
const failures: string[] = [];
let checked = 0;

const out = (text = "") => process.stdout.write(`${text}\n`);
const count = (n: number) => n.toLocaleString("en-US");

function section(title: string): void {
  out();
  out(`== ${title}`);
}

// An external set is for measuring only: its misses are listed by ID, never
// shown, so that nobody tunes a detector or writes a sample after its texts.
function printMisses(score: SectionScore, samples: readonly EvalSample[], withText: boolean): void {
  if (!showMisses) return;
  const text = new Map(samples.map((s) => [s.id, s.text]));
  for (const m of score.misses) {
    out(`  ${m.kind} ${m.target}: ${m.sampleId}${withText ? `  ${JSON.stringify(text.get(m.sampleId)?.slice(0, 120))}` : ""}`);
  }
}

// The corpus must hold every barred target; a held-out split or an external
// set is held only to the bars of the targets it has positives of.
function gate(name: keyof typeof THRESHOLDS, score: SectionScore) {
  const bars = THRESHOLDS[name];
  const lenient = name !== "corpus";
  const violations = checkBars(score, bars, lenient);
  checked += Object.entries(bars)
    .filter(([t]) => !lenient || (score.counts.get(t)?.tp ?? 0) + (score.counts.get(t)?.fn ?? 0) > 0)
    .reduce((n, [, b]) => n + Object.keys(b).length, 0);
  failures.push(...formatViolations(name, violations));
  return violations;
}

function whichGitleaks(): string | null {
  const named = process.env.GATEHOUSE_GITLEAKS_BIN;
  if (named) return existsSync(named) ? named : null;
  const candidates = [join(homedir(), "go", "bin", "gitleaks"), ...(process.env.PATH ?? "").split(delimiter).filter(Boolean).map((d) => join(d, "gitleaks"))];
  return candidates.find((c) => existsSync(c)) ?? null;
}

const detect: Detect = builtInDetect();
const targets: EvalTarget[] = evalTargets();
out("Gatehouse detection evaluation: the built-in libraries, every data category on");
out("(a target is a data category, or a whole library: a hit of any of its categories; pos/neg = samples scored)");

let writtenTuned: [EvalSample[], SectionScore] | null = null;

// 1. The team corpus.
const corpus = loadCorpusSamples();
const corpusScore = await scoreSamples(corpus, detect, targets);
const files = [...new Set(corpus.map((s) => s.origin))];
section(`Team corpus (test/fixtures/scan-corpus): ${count(corpus.length)} samples in ${files.length} files`);
out(formatScoreTable(corpusScore, targets, { bars: THRESHOLDS.corpus, violations: gate("corpus", corpusScore) }));
printMisses(corpusScore, corpus, true);
suggestions.corpus = suggestBars(corpusScore);

// 2. Sets written elsewhere: by separate writing sessions that saw neither the
// detectors nor the corpus. The detectors were since tuned on the misses of
// the `tuned` sets; the `untouched` set is measured, never read: its misses
// are listed by ID only, as an external set's are.
for (const [name, tuned] of [["tuned", true], ["untouched", false]] as const) {
  const dir = resolve(ROOT, "test", "fixtures", "written-eval", name);
  const samples = loadExternalSamples(dir);
  const score = await scoreSamples(samples, detect, targets);
  section(`Written elsewhere, ${name} (test/fixtures/written-eval/${name}): ${count(samples.length)} samples`);
  out(formatScoreTable(score, targets, { ownPrecision: true, labelledOnly: true, bars: THRESHOLDS[name], violations: gate(name, score) }));
  printMisses(score, samples, tuned);
  suggestions[name] = suggestBars(score, true, new Set(samples.map((s) => s.category!)));
  if (tuned) writtenTuned = [samples, score];
}

// 3. The held-out split of the injection classifier.
section("Held-out split (prompt_injection)");
const holdoutFile = process.env.GATEHOUSE_EVAL_HOLDOUT;
// The shipped model's card records its held-out figures; another card may be named.
const modelCard = process.env.GATEHOUSE_EVAL_MODEL_CARD ?? resolve(ROOT, "services", "secure", "domain", "scan", "injection-model", "MODEL_CARD.md");
if (holdoutFile) {
  const holdout = loadHoldoutSamples(holdoutFile);
  const holdoutTargets = targets.filter((t) => t.id === aggregateIdOf("prompt_injection"));
  const score = await scoreSamples(holdout, detect, holdoutTargets);
  out(`${holdoutFile}: ${count(holdout.length)} samples`);
  out(formatScoreTable(score, holdoutTargets, { bars: THRESHOLDS.holdout, violations: gate("holdout", score) }));
  printMisses(score, holdout, true);
  suggestions.holdout = suggestBars(score);
} else {
  const card = readModelCard(modelCard);
  if ("unavailable" in card) out(`not available: ${card.unavailable}`);
  else {
    out(`as recorded by ${card.source} (not measured here; no bar applies):`);
    for (const l of card.lines) out(`  ${l}`);
  }
}

// 4. An external evaluation set, when there is one.
const externalDir = process.env.GATEHOUSE_EVAL_PUBLIC_DIR ?? resolve(ROOT, "..", "shared", "eval", "detection-public");
let external: EvalSample[] | null = null;
let externalScore: SectionScore | null = null;
section("External evaluation set");
if (existsSync(externalDir)) {
  external = loadExternalSamples(externalDir);
  externalScore = await scoreSamples(external, detect, targets);
  out(`${externalDir}: ${count(external.length)} samples; each is labelled for one target and counts as a negative for the others,`);
  out("so 'own-neg P' (precision on the target's own negatives) is the figure to read where other samples really contain the target");
  out(
    formatScoreTable(externalScore, targets, {
      ownPrecision: true,
      labelledOnly: true,
      bars: THRESHOLDS.external,
      violations: gate("external", externalScore),
    }),
  );
  printMisses(externalScore, external, false);
  suggestions.external = suggestBars(externalScore, true, new Set(external.map((s) => s.category!)));
} else {
  out(`not present: ${externalDir}`);
}

// 5. Secrets next to gitleaks.
section("Secrets: Gatehouse next to gitleaks (target 'secret')");
const gitleaks = whichGitleaks();
if (!gitleaks) {
  out(`not available: no gitleaks binary at ${process.env.GATEHOUSE_GITLEAKS_BIN ?? `${join(homedir(), "go", "bin", "gitleaks")} or on PATH`} (set GATEHOUSE_GITLEAKS_BIN)`);
} else {
  const secret = targets.filter((t) => t.id === aggregateIdOf("secrets"));
  const sets: [string, EvalSample[], SectionScore][] = [["team corpus", corpus, corpusScore]];
  if (writtenTuned) sets.push(["written set", ...writtenTuned]);
  if (external && externalScore) sets.push(["external set", external, externalScore]);
  try {
    const rows: ComparisonRow[] = [];
    for (const [name, samples, score] of sets) {
      const hits = await runGitleaks(gitleaks, samples.map((s) => s.text));
      const hitOf = new Map(samples.map((s, i) => [s.text, hits[i]!]));
      // gitleaks names rules of its own, not our categories: a hit counts for the aggregate only.
      const gitleaksDetect: Detect = (text) => new Set(hitOf.get(text) ? secret[0]!.members : []);
      rows.push({ set: name, tool: "Gatehouse", counts: score.counts.get(secret[0]!.id)! });
      rows.push({ set: name, tool: "gitleaks", counts: (await scoreSamples(samples, gitleaksDetect, secret)).counts.get(secret[0]!.id)! });
    }
    out(`${gitleaks} (no bar applies)`);
    out(formatComparisonTable(rows));
  } catch (err) {
    out(`not available: ${gitleaks} failed: ${(err as Error).message.split("\n")[0]}`);
  }
}

out();
out(`Bars (scripts/eval/thresholds.ts): ${checked} checked, ${failures.length} missed; ${((performance.now() - began) / 1000).toFixed(1)} s`);
for (const f of failures) out(`  below the bar: ${f}`);
if (showSuggestions) {
  out();
  out("Bars one step below today's figures (for scripts/eval/thresholds.ts):");
  out(JSON.stringify(suggestions, null, 2));
}
process.exitCode = failures.length > 0 ? 1 : 0;
