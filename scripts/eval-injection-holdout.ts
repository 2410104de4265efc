/**
 * Scores the shipped classifier on the held-out test split of the training
 * data, recomputed from a data directory (see scripts/injection-training-sources.json):
 * the classifier alone at each sensitivity, and the whole prompt_injection
 * library (heuristics and classifier) as the built-in rule runs it.
 *
 *   npx tsx scripts/eval-injection-holdout.ts --data <dir>
 *
 * An evaluation harness can import `heldOutInjectionSamples` and
 * `evaluateInjectionClassifier` instead.
 */
import { parseArgs } from "node:util";
import { BUILT_IN_RULES } from "../services/secure/domain/built-in-rules.js";
import { DATA_CATEGORIES } from "../services/secure/domain/catalog.js";
import { compileScanPlan } from "../services/secure/domain/scan/compile-scan-plan.js";
import { executeScan } from "../services/secure/domain/scan/execute-scan.js";
import { INJECTION_MODEL } from "../services/secure/domain/scan/prompt-injection-detectors.js";
import { aRule, anInput } from "../services/secure/domain/scan/scan-fixture.js";
import { evaluateInjectionClassifier, metricsAt } from "./injection-metrics.js";
import { injectionSplitOf, loadInjectionTrainingData, type LabelledSample } from "./injection-training-data.js";

/** The samples of the held-out test split (never trained or tuned on) of the data in `dataDir`. */
export function heldOutInjectionSamples(dataDir: string): LabelledSample[] {
  return loadInjectionTrainingData(dataDir).filter((s) => injectionSplitOf(s.text) === "test");
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const { values } = parseArgs({ options: { data: { type: "string" } } });
  if (!values.data) throw new Error("usage: eval-injection-holdout.ts --data <dir>");
  const samples = heldOutInjectionSamples(values.data);
  const f = (x: number) => x.toFixed(3);
  console.log(`held-out test split: ${samples.length} samples (${samples.filter((s) => s.label === 1).length} attacks)`);
  for (const sensitivity of ["low", "medium", "high"] as const) {
    const m = evaluateInjectionClassifier(INJECTION_MODEL, samples, INJECTION_MODEL.thresholds[sensitivity]);
    console.log(`classifier ${sensitivity.padEnd(6)} precision ${f(m.precision)} recall ${f(m.recall)} F1 ${f(m.f1)} (tp ${m.tp} fp ${m.fp} fn ${m.fn})`);
  }
  const injection = new Set(DATA_CATEGORIES.filter((c) => c.libraryId === "prompt_injection").map((c) => c.id));
  const plan = compileScanPlan(BUILT_IN_RULES.map((r) => aRule(r.id, { ...r.spec })));
  const hits = samples.map((s) => (executeScan(plan, anInput(s.text)).matches.some((m) => m.findings.some((x) => injection.has(x.kind))) ? 1 : 0));
  const m = metricsAt(
    hits,
    samples.map((s) => s.label),
    1,
  );
  console.log(`library (heuristics + classifier, medium) precision ${f(m.precision)} recall ${f(m.recall)} F1 ${f(m.f1)} (tp ${m.tp} fp ${m.fp} fn ${m.fn})`);
}
