import { metricsOf, type Metrics, type SectionScore } from "./score.js";

/** The least a target may score; an absent field is not checked. */
export interface Bar {
  precision?: number;
  /** Precision on the target's own negatives (external sets, see `Confusion.ownFp`). */
  ownPrecision?: number;
  recall?: number;
  f1?: number;
}

/** Bars by target ID, for one section of the evaluation. */
export type Bars = Readonly<Record<string, Bar>>;

/**
 * The CI gates of `npm run eval`, by section. Set from the figures the
 * detectors measured when each bar was last moved (a little below them, so
 * a change of a sample or two does not fail CI, but a regression does):
 * raise a bar when the detectors improve, never lower one without saying in
 * the commit why and what was measured.
 *
 * - `corpus`: the team corpus, `test/fixtures/scan-corpus` (also checked by
 *   `corpus.test.ts`).
 * - `external`: an external evaluation set, checked only when one is present.
 * - `holdout`: the held-out split of the injection classifier, checked only
 *   when a held-out file is given.
 */
export const THRESHOLDS: Readonly<Record<"corpus" | "external" | "holdout", Bars>> = {
  corpus: {},
  external: {},
  holdout: {},
};

/** One bar a target did not reach. */
export interface Violation {
  target: string;
  metric: keyof Bar;
  /** Null when the metric is undefined (no positive sample to measure recall on). */
  measured: number | null;
  bar: number;
}

/**
 * Every bar of `bars` that `score` misses. A target the section has no count
 * for fails (a bar for a category nobody detects any more must not pass
 * unseen); an undefined recall (no positive) fails a recall or F1 bar; an
 * undefined precision (nothing detected) passes a precision bar, as there was
 * no false positive.
 */
export function checkBars(score: SectionScore, bars: Bars): Violation[] {
  const violations: Violation[] = [];
  for (const [target, bar] of Object.entries(bars)) {
    const counts = score.counts.get(target);
    const metrics: Metrics | undefined = counts && metricsOf(counts);
    for (const metric of ["precision", "ownPrecision", "recall", "f1"] as const) {
      const min = bar[metric];
      if (min === undefined) continue;
      const measured = metrics ? metrics[metric] : null;
      const undefinedPasses = metrics !== undefined && (metric === "precision" || metric === "ownPrecision");
      if (measured === null ? !undefinedPasses : measured < min) violations.push({ target, metric, measured, bar: min });
    }
  }
  return violations;
}
