import { accumulateFeatureBlocks, wordCount, type FeatureSpec } from "./injection-features.js";

import type { DetectionSensitivity } from "../rule.js";

/**
 * A trained logistic-regression model over hashed character and word
 * n-grams (see `injection-features.ts`), as `parseInjectionModel` reads it
 * from its versioned file.
 */
export interface InjectionModel {
  version: string;
  spec: FeatureSpec;
  bias: number;
  /** Weights as stored, in units of `scale` (small enough to stay in cache while scoring). */
  weights: Int8Array;
  scale: number;
  /** Window length and stride, in compact characters, of the sliding windows a long text is scored in (the length a multiple of the stride). */
  window: number;
  stride: number;
  /** Score (0..1) from which a text counts as an injection, per sensitivity. */
  thresholds: Readonly<Record<DetectionSensitivity, number>>;
  /** Texts of fewer words score 0: too little evidence for the model (the heuristics still read them). */
  minWords: number;
}

/** The model file's JSON form (written by `scripts/train-injection-model.ts`). */
export interface InjectionModelFile {
  format: "gatehouse-injection-model";
  version: string;
  buckets: number;
  window: number;
  stride: number;
  bias: number;
  /** Weight = int8 value × scale. */
  scale: number;
  /** The int8 weights, base64. */
  weights: string;
  thresholds: Record<DetectionSensitivity, number>;
  minWords: number;
}

/** Reads a model file; throws on a file of another format or with weights of the wrong size. */
export function parseInjectionModel(file: InjectionModelFile): InjectionModel {
  if (file.format !== "gatehouse-injection-model") throw new Error(`not an injection model file: ${String(file.format)}`);
  if (file.buckets <= 0 || (file.buckets & (file.buckets - 1)) !== 0) throw new Error("model buckets must be a power of two");
  if (!(file.stride > 0 && file.window >= file.stride && file.window % file.stride === 0)) throw new Error("model window must be a positive multiple of its stride");
  const raw = Buffer.from(file.weights, "base64");
  if (raw.length !== file.buckets) throw new Error(`model has ${raw.length} weights, expected ${file.buckets}`);
  return {
    version: file.version,
    spec: { buckets: file.buckets },
    bias: file.bias,
    weights: new Int8Array(raw.buffer, raw.byteOffset, raw.length).slice(),
    scale: file.scale,
    window: file.window,
    stride: file.stride,
    thresholds: { ...file.thresholds },
    minWords: file.minWords,
  };
}

/** The classifier's view of a text: its highest-scoring span and that score. */
export interface InjectionScore {
  /** Probability-like score in 0..1 of the best span (the whole text or one window). */
  score: number;
  /** The best span, in UTF-16 offsets of the text scored. */
  start: number;
  end: number;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

// Added to a span's feature count before scaling: a text of a few words has
// little evidence, and this pulls its score towards the prior instead of
// letting two or three features decide.
const SHRINK = 64;

/**
 * The logit of features summing to `sum` over `count` features: the model's
 * linear score with the feature vector scaled by 1/√(count + 64), so long
 * and short spans score on one scale and very short ones stay near the
 * prior. Training uses the same formula.
 */
export function spanLogit(bias: number, sum: number, count: number): number {
  return bias + sum / Math.sqrt(count + SHRINK);
}

/** The factor a span of `count` features scales each feature by (see `spanLogit`). */
export function spanScale(count: number): number {
  return 1 / Math.sqrt(count + SHRINK);
}

/**
 * Scores `text` with `model`: the whole text, and for a text longer than one
 * window every window of `model.window` characters at `model.stride` steps;
 * the answer is the best of them, so one injected paragraph in a long
 * document is not diluted by the rest. A text of fewer than
 * `model.minWords` words scores 0. Cost is one pass over the text: features
 * are summed per stride-long block, and each window is a few blocks.
 * Pure, and needs no network or file access.
 */
export function scoreInjection(model: InjectionModel, text: string): InjectionScore {
  const { sums, counts, starts, blocks, length, spaces, unspaced } = accumulateFeatureBlocks(text, model.weights, model.stride);
  if (wordCount(length, spaces, unspaced) < model.minWords) return { score: 0, start: 0, end: text.length };
  // Sums of int8 weights stay exact in int32 (at most 127 × 13 features per character).
  let total = 0;
  let totalCount = 0;
  for (let k = 0; k < blocks; k++) {
    total += sums[k]!;
    totalCount += counts[k]!;
  }
  const scale = model.scale;
  let best = spanLogit(model.bias, total * scale, totalCount);
  let from = 0;
  let to = blocks;
  const span = model.window / model.stride;
  if (blocks > span) {
    for (let k = 0; k < blocks; k++) {
      const last = Math.min(blocks, k + span);
      let sum = 0;
      let count = 0;
      for (let j = k; j < last; j++) {
        sum += sums[j]!;
        count += counts[j]!;
      }
      const z = spanLogit(model.bias, sum * scale, count);
      if (z > best) {
        best = z;
        from = k;
        to = last;
      }
      if (last === blocks) break;
    }
  }
  return { score: sigmoid(best), start: starts[from]!, end: to >= blocks ? text.length : starts[to]! };
}
