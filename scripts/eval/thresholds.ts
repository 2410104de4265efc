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
 * detectors measured when each bar was last moved, one step below them (see
 * `suggestBars`: a sample or two may change without failing CI, a
 * regression may not). Raise a bar when the detectors improve; never lower
 * one without saying in the commit why and what was measured.
 *
 * - `corpus`: the team corpus, `test/fixtures/scan-corpus` (also checked by
 *   `corpus.test.ts`).
 * - `tuned`, `untouched`: the sets written elsewhere, `test/fixtures/written-eval`
 *   (the detectors were tuned on the misses of the first, never on the second).
 * - `external`: an external evaluation set, checked only when one is present.
 * - `holdout`: the held-out split of the injection classifier, checked only
 *   when a held-out file is given.
 */
export const THRESHOLDS: Readonly<Record<"corpus" | "tuned" | "untouched" | "external" | "holdout", Bars>> = {
  // Measured on 1,506 samples (2026-11-25, the detectors of main at 19d518a):
  // PII and secret categories 0.942-1.000 (us_ssn precision 0.942,
  // generic_secret recall 0.957, the rest 0.983 or more); prompt_injection
  // precision 0.983, recall 0.722 (instruction_override 0.643,
  // system_prompt_extraction 0.675, roleplay_jailbreak 0.818).
  corpus: {
    pii: { precision: 0.97, recall: 0.99 },
    email: { precision: 0.98, recall: 0.98 },
    phone: { precision: 0.96, recall: 0.98 },
    credit_card: { precision: 0.98, recall: 0.98 },
    us_ssn: { precision: 0.92, recall: 0.97 },
    iban: { precision: 0.98, recall: 0.98 },
    ip_address: { precision: 0.97, recall: 0.97 },
    // The national identifiers (2026-11-25, after the PII catalogue): 1.000 / 1.000 on 5-8
    // positives each, so one miss is 0.8 or 0.875; the bars allow one.
    uk_nino: { precision: 0.85, recall: 0.85 },
    uk_nhs_number: { precision: 0.8, recall: 0.8 },
    ca_sin: { precision: 0.8, recall: 0.8 },
    in_aadhaar: { precision: 0.8, recall: 0.8 },
    es_dni: { precision: 0.8, recall: 0.8 },
    de_tax_id: { precision: 0.8, recall: 0.8 },
    fr_nir: { precision: 0.8, recall: 0.8 },
    secret: { precision: 0.98, recall: 0.98 },
    aws_access_key_id: { precision: 0.95, recall: 0.95 },
    aws_secret_access_key: { precision: 0.95, recall: 0.95 },
    github_token: { precision: 0.95, recall: 0.95 },
    gitlab_token: { precision: 0.93, recall: 0.92 },
    slack_token: { precision: 0.93, recall: 0.93 },
    stripe_key: { precision: 0.93, recall: 0.93 },
    google_api_key: { precision: 0.93, recall: 0.92 },
    openai_api_key: { precision: 0.93, recall: 0.92 },
    anthropic_api_key: { precision: 0.93, recall: 0.92 },
    private_key: { precision: 0.93, recall: 0.92 },
    jwt: { precision: 0.93, recall: 0.92 },
    // The suggestion was 0.89 (18 of 19 found, before code snippets made it 22 of 23); the bar before this corpus was 0.90 and still holds.
    generic_secret: { precision: 0.94, recall: 0.9 },
    // After the secrets catalogue (2026-11-25): 1.000 / 1.000 on 14 and 16 positives.
    provider_token: { precision: 0.93, recall: 0.92 },
    connection_string: { precision: 0.93, recall: 0.93 },
    // prompt_injection re-measured on 1,650 samples (2026-11-25, classifier v2 and the
    // covert-persona / addressed-injection heuristics): precision 0.984, recall 0.976
    // (instruction_override 0.982 / 0.776, system_prompt_extraction 1.000 / 0.750,
    // roleplay_jailbreak 0.977 / 0.977); the bars are one step below.
    // Classifier v6 (2026-11-27): prompt_injection 0.992 / 1.000, instruction_override 0.991 / 0.837,
    // system_prompt_extraction 1.000 / 0.900; the bars moved up to one step below.
    // Classifier v7 (2026-11-28): prompt_injection 0.992 / 1.000, instruction_override 0.992 / 0.844,
    // system_prompt_extraction 1.000 / 0.925. v8 (same day): the same figures.
    prompt_injection: { precision: 0.98, recall: 0.99 },
    instruction_override: { precision: 0.98, recall: 0.83 },
    // With classifier v4 and the day's heuristics (2026-11-27): system_prompt_extraction 1.000 / 0.850,
    // instruction_override 0.991 / 0.816, prompt_injection 0.988 / 1.000.
    system_prompt_extraction: { precision: 0.97, recall: 0.9 },
    roleplay_jailbreak: { precision: 0.95, recall: 0.95 },
    encoded_payload: { precision: 0.93, recall: 0.92 },
    hidden_unicode: { precision: 0.94, recall: 0.93 },
  },
  // Measured on the 2,888 samples of the external set at hand (same day,
  // same detectors), precision on each category's own negatives: secret
  // 0.950 / recall 0.643, prompt_injection 1.000 / 0.255, iban 0.994 / 0.994,
  // credit_card 1.000 / 0.769, us_ssn 1.000 / 0.500, email 1.000 / 1.000,
  // phone 1.000 / 0.941. After the PII and secrets catalogues (same day):
  // secret 0.959 / 0.960, credit_card, us_ssn and iban 1.000 / 1.000 (13, 6
  // and 157 positives), phone 1.000 / 0.941, email 1.000 / 1.000; the bars
  // are one step (or one sample) below.
  external: {
    email: { ownPrecision: 0.85, recall: 0.83 },
    phone: { ownPrecision: 0.94, recall: 0.88 },
    credit_card: { ownPrecision: 0.92, recall: 0.92 },
    us_ssn: { ownPrecision: 0.83, recall: 0.83 },
    iban: { ownPrecision: 0.99, recall: 0.99 },
    secret: { ownPrecision: 0.95, recall: 0.95 },
    // prompt_injection re-measured with classifier v2 (2026-11-25): own-negative
    // precision 0.973, recall 0.835 (v1: 0.978 / 0.830); the bars are one step below.
    // Classifier v4 (2026-11-27): 0.994 / 0.844; the recall bar moved up with it.
    // Classifier v6 (2026-11-27): 0.989 / 0.887. v7 (2026-11-28): 0.995 / 0.882. v8 (same day): 0.995 / 0.882.
    // v9 (same day, and the classifier overruling phrases in long texts it finds benign): 0.985 / 0.915.
    // v10 (same day, eleven more written files, medium at validation precision 0.96): 0.990 / 0.920.
    // v11 (same day, a benign configuration family): 0.990 / 0.920, and precision over every
    // negative of the set (its secret and PII texts too, which hold no injection) 0.975, where v10
    // was at 0.947; the issue asks 0.95 of that figure, and its bar holds it there.
    prompt_injection: { precision: 0.95, ownPrecision: 0.98, recall: 0.9 },
  },
  // Measured 2026-11-27 with classifier v5 and the day's heuristics. The session's
  // start (v4) scored prompt_injection 0.898 / 0.393 on the two tuned injection sets
  // and 0.894 / 0.437 on the untouched one; v5 0.965 / 0.807 and 0.944 / 0.756; with
  // the last heuristics (mentions named as specimens, notes in data) 0.982 / 0.826
  // and 0.953 / 0.756. Classifier v6 (eight more written files, medium at validation precision
  // 0.97): 0.984 / 0.907 on the tuned sets; on the untouched sets, C 0.968 / 0.889 and D (added
  // then, written by one more blind session and scored once, with v6 final) 0.950 / 0.852,
  // together 0.959 / 0.870 (the session's start, on D: 0.941 / 0.704). Classifier v7 (2026-11-28,
  // thirteen more written files): 0.981 / 0.967 on the tuned sets; on the untouched ones, C 0.976 /
  // 0.904, D 0.961 / 0.904 and E (added then, 317 texts by one more blind session) 0.925 / 0.931;
  // C, D and E together 0.952 / 0.913. Classifier v8 (2026-11-28, fifteen more written files, L2 1e-4,
  // and the day's heuristics: a phrase alone in quotation marks is a mention): 0.992 / 0.963 on the tuned
  // sets; on the untouched ones, C 0.984 / 0.941, D 0.952 / 0.889, E 0.952 / 0.959 and F (added then,
  // 320 texts by one more blind session, scored first with v7: 0.946 / 0.847) 0.949 / 0.896; C to F
  // together 0.959 / 0.921 (v7 0.954 / 0.894). The classifier overruling a phrase in a text of 30+ words
  // it scores below 0.1 (chosen on the held-out split, the tuned sets, the corpus and the public set): with
  // v8, C to F 0.972 / 0.921. Classifier v9 (2026-11-28, six more written files): 0.996 / 0.978 on the tuned
  // sets; on the untouched ones, C 0.985 / 0.956, D 0.969 / 0.941, E 0.959 / 0.979, F 0.971 / 0.924 (C to F
  // 0.971 / 0.950) and G (added then, 337 texts by one more blind session, scored first with v8 and
  // the overruling: 0.950 / 0.870) 0.959 / 0.916; C to G together 0.968 / 0.942. Classifier v10 (2026-11-28,
  // eleven more written files, L2 5e-5, thresholds at validation precision 0.99 / 0.96 / 0.93): 0.985 / 0.978
  // on the tuned sets; C 0.992 / 0.956, D 0.984 / 0.933, E 0.966 / 0.979, F 0.964 / 0.938 (C to F 0.976 /
  // 0.952), G 0.972 / 0.909 and H (added then, 355 texts by one more blind session, scored first with v9:
  // 0.974 / 0.942) 0.968 / 0.955; C to H together 0.974 / 0.945 (v9 0.969 / 0.942). Classifier v11
  // (2026-11-28, a benign configuration family): 0.978 / 0.970 on the tuned sets (precision over every
  // negative; v10 0.964 / 0.978); C 0.992 / 0.956, D 0.977 / 0.941, E 0.966 / 0.966, F 0.979 / 0.951, G
  // 0.972 / 0.916, H 0.968 / 0.962; C to H 0.975 / 0.948.
  // The secret and PII sets, after the fixes their misses showed: secret 1.000 / 0.983
  // (before: 0.991 / 0.942), every PII category recall 1.000, own-negative precision
  // 1.000 but us_ssn 0.923.
  tuned: {
    prompt_injection: { ownPrecision: 0.98, recall: 0.96 },
    secret: { ownPrecision: 0.99, recall: 0.97 },
    email: { ownPrecision: 0.92, recall: 0.91 },
    phone: { ownPrecision: 0.92, recall: 0.91 },
    credit_card: { ownPrecision: 0.92, recall: 0.91 },
    us_ssn: { ownPrecision: 0.85, recall: 0.91 },
    iban: { ownPrecision: 0.92, recall: 0.91 },
    ip_address: { ownPrecision: 0.92, recall: 0.91 },
    uk_nino: { ownPrecision: 0.92, recall: 0.91 },
    ca_sin: { ownPrecision: 0.92, recall: 0.91 },
    in_aadhaar: { ownPrecision: 0.92, recall: 0.91 },
    es_dni: { ownPrecision: 0.92, recall: 0.91 },
  },
  untouched: {
    prompt_injection: { ownPrecision: 0.96, recall: 0.94 },
  },
  // No held-out split exists yet: the injection classifier's training brings one.
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
 * unseen); an undefined recall (no positive) fails a recall or F1 bar unless
 * `skipWithoutPositives` (a set brought from elsewhere need not hold every
 * category); an undefined precision (nothing detected) passes a precision
 * bar, as there was no false positive.
 */
export function checkBars(score: SectionScore, bars: Bars, skipWithoutPositives = false): Violation[] {
  const violations: Violation[] = [];
  for (const [target, bar] of Object.entries(bars)) {
    const counts = score.counts.get(target);
    if (skipWithoutPositives && counts && counts.tp + counts.fn === 0) continue;
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

const floor2 = (v: number) => Math.floor(v * 100 + 1e-9) / 100;

/**
 * Bars one step below what `score` measured, for `npm run eval --
 * --suggest-bars`: precision and recall as they would be with `slack` more
 * false positives and false negatives (1% of the samples counted, at least
 * one), rounded down to two decimals. For targets with a positive sample
 * (and in `only`, when given); `own` bars precision on the target's own
 * negatives instead.
 */
export function suggestBars(score: SectionScore, own = false, only?: ReadonlySet<string>): Record<string, Bar> {
  const bars: Record<string, Bar> = {};
  for (const [target, c] of score.counts) {
    const positives = c.tp + c.fn;
    if (positives === 0 || (only && !only.has(target))) continue;
    const fp = own ? c.ownFp : c.fp;
    const slack = (n: number) => Math.max(1, Math.round(n / 100));
    const precision = floor2(c.tp / (c.tp + fp + slack(c.tp + fp)));
    const recall = floor2(Math.max(0, c.tp - slack(positives)) / positives);
    bars[target] = own ? { ownPrecision: precision, recall } : { precision, recall };
  }
  return bars;
}
