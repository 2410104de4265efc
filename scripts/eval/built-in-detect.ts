import { BUILT_IN_RULES } from "../../services/secure/domain/built-in-rules.js";
import { compileScanPlan } from "../../services/secure/domain/scan/compile-scan-plan.js";
import { aRule, scan } from "../../services/secure/domain/scan/scan-fixture.js";
import type { Detect } from "./score.js";

/**
 * The scan engine as every workspace runs it: the built-in rules (all three
 * libraries, so every data category of the catalogue) compiled into one plan
 * and each text scanned as a `prompt_input`, the path `corpus.test.ts` takes.
 * Answers the category IDs of every finding.
 */
export function builtInDetect(): Detect {
  const plan = compileScanPlan(BUILT_IN_RULES.map((r) => aRule(r.id, { ...r.spec })));
  return (text) => new Set(scan(plan, text).matches.flatMap((m) => m.findings.map((f) => f.kind)));
}
