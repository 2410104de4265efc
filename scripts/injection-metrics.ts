/**
 * Precision, recall and F1 of the prompt-injection classifier on a list of
 * labelled samples: what the training script reports for its held-out split
 * and what an evaluation harness can call on any other list.
 */
import { detectionView } from "../services/secure/domain/scan/detection-view.js";
import { scoreInjection, type InjectionModel } from "../services/secure/domain/scan/injection-classifier.js";
import { normaliseText } from "../services/secure/domain/scan/normalise-text.js";

/** Counts and rates at one threshold. */
export interface BinaryMetrics {
  threshold: number;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  precision: number;
  recall: number;
  f1: number;
}

/** The classifier's score of a text exactly as a scan computes it (normalised, then the detection view). */
export function classifierScore(model: InjectionModel, text: string): number {
  return scoreInjection(model, detectionView(normaliseText(text)).text).score;
}

/** Metrics of `scores` (one per sample) against `labels` (1 = injection) at `threshold` (score ≥ threshold is positive). */
export function metricsAt(scores: readonly number[], labels: readonly (0 | 1)[], threshold: number): BinaryMetrics {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  scores.forEach((s, i) => {
    const positive = s >= threshold;
    if (labels[i] === 1) {
      if (positive) tp++;
      else fn++;
    } else if (positive) fp++;
    else tn++;
  });
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { threshold, tp, fp, fn, tn, precision, recall, f1 };
}

/**
 * Scores `samples` with `model` and answers the metrics at `threshold`
 * (default: the model's medium threshold).
 */
export function evaluateInjectionClassifier(model: InjectionModel, samples: readonly { text: string; label: 0 | 1 }[], threshold = model.thresholds.medium): BinaryMetrics {
  const scores = samples.map((s) => classifierScore(model, s.text));
  return metricsAt(
    scores,
    samples.map((s) => s.label),
    threshold,
  );
}
