import { DATA_CATEGORIES, findLibrary } from "../catalog.js";
import type { ScanPlan } from "./compile-scan-plan.js";
import { addViewTriggers } from "./detection-view.js";
import type { Detector } from "./detector.js";
import { PatternMatcher, type MatcherPattern } from "./pattern-matcher.js";
import { PII_DETECTORS } from "./pii-detectors.js";
import { PROMPT_INJECTION_DETECTORS } from "./prompt-injection-detectors.js";
import { SECRET_DETECTORS } from "./secret-detectors.js";

const BY_CATEGORY = new Map<string, Detector>(
  [...PII_DETECTORS, ...SECRET_DETECTORS, ...PROMPT_INJECTION_DETECTORS].map((d) => [d.category, d]),
);

// Every catalogue category has its detector and no detector lacks a category:
// a gap here would let a rule reference a category that silently finds nothing.
for (const c of DATA_CATEGORIES) {
  if (!BY_CATEGORY.has(c.id)) throw new Error(`no detector implements data category ${c.id}`);
}
if (BY_CATEGORY.size !== DATA_CATEGORIES.length) throw new Error("a detector implements a category the catalogue lacks");

/** Every detector, in catalogue order. */
export const DETECTORS: readonly Detector[] = DATA_CATEGORIES.map((c) => BY_CATEGORY.get(c.id)!);

/** The detector of a catalogue category, or undefined for an unknown ID. */
export function detectorFor(categoryId: string): Detector | undefined {
  return BY_CATEGORY.get(categoryId);
}

/**
 * The category IDs `id` stands for: a category itself, or every category of
 * a pattern library. Empty for an unknown ID.
 */
export function categoriesOf(id: string): readonly string[] {
  if (BY_CATEGORY.has(id)) return [id];
  return findLibrary(id)?.categoryIds ?? [];
}

let viewPlan: ScanPlan | undefined;

/**
 * The plan the detection view is scanned with: only the patterns of the
 * detectors that read the view, in one matcher shared by every scan (it does
 * not depend on a workspace's rules). Built on first use.
 */
export function detectionPlan(): ScanPlan {
  if (!viewPlan) {
    const patterns: MatcherPattern[] = [];
    const detectorEntries = new Map<string, { entry: number; pattern: Detector["patterns"][number] }[]>();
    for (const d of DETECTORS) {
      if (d.view !== "detection") continue;
      detectorEntries.set(
        d.category,
        d.patterns.map((p) => {
          patterns.push({ source: p.source, flags: p.flags });
          return { entry: patterns.length - 1, pattern: p };
        }),
      );
    }
    const viewTriggers = addViewTriggers(patterns);
    viewPlan = { key: "detection-view", rules: [], matcher: new PatternMatcher(patterns), detectorEntries, viewTriggers };
  }
  return viewPlan;
}
