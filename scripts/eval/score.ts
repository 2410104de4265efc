import { DATA_CATEGORIES, PATTERN_LIBRARIES, type DataCategory, type PatternLibrary } from "../../services/secure/domain/catalog.js";
import type { EvalSample } from "./load-samples.js";

/**
 * What the evaluation scores: one data category, or a whole pattern library
 * (an aggregate: a hit is any finding of any of its categories).
 */
export interface EvalTarget {
  /** A category ID, or the library's aggregate ID (see `aggregateIdOf`). */
  id: string;
  libraryId: string;
  /** The categories whose findings count as a hit of this target. */
  members: readonly string[];
  aggregate: boolean;
}

/**
 * The categories (IDs) a detector found in one text. It may answer a promise,
 * for a detector that runs a model off the main thread.
 */
export type Detect = (text: string) => ReadonlySet<string> | Promise<ReadonlySet<string>>;

/** Counts of one target over a set of samples. */
export interface Confusion {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  /**
   * False positives and true negatives among the samples whose own `category`
   * is this target (external sets label one category a sample): precision on
   * a category's own negatives, free of other categories' samples that really
   * contain this one.
   */
  ownFp: number;
  ownTn: number;
}

/** One sample a target got wrong. */
export interface Miss {
  target: string;
  kind: "false positive" | "false negative";
  sampleId: string;
}

/** The counts of every target over a set of samples, in target order. */
export interface SectionScore {
  samples: number;
  counts: ReadonlyMap<string, Confusion>;
  misses: readonly Miss[];
}

// The external sets and the issue name the secrets library's aggregate "secret".
const AGGREGATE_IDS: Readonly<Record<string, string>> = { secrets: "secret" };

/** The aggregate target ID of a library: `secret` for `secrets`, else the library's own ID. */
export function aggregateIdOf(libraryId: string): string {
  return AGGREGATE_IDS[libraryId] ?? libraryId;
}

/**
 * Categories that name no particular kind of data or attack, so no sample is
 * labelled with them: the injection classifier's findings say "likely some
 * prompt injection". They count only towards their library's aggregate.
 */
export const LIBRARY_LEVEL_CATEGORIES: ReadonlySet<string> = new Set(["injection_classifier"]);

/**
 * Every target the catalogue defines, library by library: the library's
 * aggregate first, then each of its categories (but those of
 * `LIBRARY_LEVEL_CATEGORIES`). A category or library added to the catalogue
 * is scored without a change here.
 */
export function evalTargets(
  libraries: readonly PatternLibrary[] = PATTERN_LIBRARIES,
  categories: readonly DataCategory[] = DATA_CATEGORIES,
): EvalTarget[] {
  return libraries.flatMap((l) => {
    const members = categories.filter((c) => c.libraryId === l.id).map((c) => c.id);
    return [
      { id: aggregateIdOf(l.id), libraryId: l.id, members, aggregate: true },
      ...members.filter((id) => !LIBRARY_LEVEL_CATEGORIES.has(id)).map((id) => ({ id, libraryId: l.id, members: [id], aggregate: false })),
    ];
  });
}

/**
 * Whether `sample` contains `target`: true or false, or null when its labels
 * do not say. A sample labelled with a library's aggregate ID (some secret,
 * which one unstated) is a positive of the aggregate and says nothing about
 * the library's categories it does not also name.
 */
export function expectation(sample: Pick<EvalSample, "expect">, target: EvalTarget, targets: readonly EvalTarget[]): boolean | null {
  if (sample.expect.includes(target.id)) return true;
  if (target.aggregate) return target.members.some((m) => sample.expect.includes(m));
  const aggregate = targets.find((t) => t.aggregate && t.libraryId === target.libraryId);
  return aggregate && sample.expect.includes(aggregate.id) ? null : false;
}

function emptyConfusion(): Confusion {
  return { tp: 0, fp: 0, fn: 0, tn: 0, ownFp: 0, ownTn: 0 };
}

/**
 * Runs `detect` over every sample and counts, per target, true and false
 * positives and negatives (and, for samples carrying a `category`, the
 * counts on that category's own negatives).
 */
export async function scoreSamples(samples: readonly EvalSample[], detect: Detect, targets: readonly EvalTarget[] = evalTargets()): Promise<SectionScore> {
  const counts = new Map(targets.map((t) => [t.id, emptyConfusion()]));
  const misses: Miss[] = [];
  for (const sample of samples) {
    const found = await detect(sample.text);
    for (const target of targets) {
      const expected = expectation(sample, target, targets);
      if (expected === null) continue;
      const detected = target.members.some((m) => found.has(m));
      const c = counts.get(target.id)!;
      const own = sample.category === target.id;
      if (expected && detected) c.tp++;
      else if (expected) {
        c.fn++;
        misses.push({ target: target.id, kind: "false negative", sampleId: sample.id });
      } else if (detected) {
        c.fp++;
        if (own) c.ownFp++;
        misses.push({ target: target.id, kind: "false positive", sampleId: sample.id });
      } else {
        c.tn++;
        if (own) c.ownTn++;
      }
    }
  }
  return { samples: samples.length, counts, misses };
}

/** Precision, recall and F1 of one target; null where undefined (nothing detected, or no positive). */
export interface Metrics {
  precision: number | null;
  /** Precision counting only the false positives on the target's own negatives. */
  ownPrecision: number | null;
  recall: number | null;
  f1: number | null;
}

const ratio = (num: number, den: number): number | null => (den === 0 ? null : num / den);

/** The metrics of `c`. */
export function metricsOf(c: Confusion): Metrics {
  const precision = ratio(c.tp, c.tp + c.fp);
  const recall = ratio(c.tp, c.tp + c.fn);
  const f1 = precision === null || recall === null ? null : precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, ownPrecision: ratio(c.tp, c.tp + c.ownFp), recall, f1 };
}
