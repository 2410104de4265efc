/** How an excerpt of a found value is masked (see `maskExcerpt`). */
export type MaskStyle =
  /** `j***@e***.com`: first character of the local part and domain, and the top-level domain. */
  | { kind: "email" }
  /**
   * Letters and digits replaced by `*` except the first `keepStart` and last
   * `keepEnd` of them; separators stay, so the shape shows (`***-**-**89`).
   */
  | { kind: "chars"; keepStart: number; keepEnd: number }
  /** The public prefix `prefix` matches (`sk-ant-api03-`), `…`, and the last two characters of a long value. */
  | { kind: "secret"; prefix: RegExp }
  /** First and last two characters of a long value around `…`; a short one fully masked. */
  | { kind: "text" }
  /** Only how many invisible characters there are: what they spell is the secret. */
  | { kind: "invisible" };

/**
 * One regular expression of a detector. The source is written in the common
 * subset of RE2 and JavaScript syntax, so the same pattern runs in the scan
 * (RE2) and in the benchmark's native baseline.
 */
export interface DetectorPattern {
  source: string;
  /** Flags from `i`, `m`, `s`. */
  flags: string;
  /** The capture group holding the value; 0 (default) is the whole match. */
  group?: number;
  /** A match counts only with one of the detector's keywords near it. */
  requireKeyword?: boolean;
  /** What a finding of this pattern is called, when it names one format of the category (`Twilio API key`); default: the category's name. */
  label?: string;
  /** The check of this pattern's candidates, instead of the detector's `validate`. */
  validate?: (candidate: Candidate) => Verdict;
}

/** A candidate value a pattern found, in the normalised text. */
export interface Candidate {
  /** The normalised text scanned. */
  text: string;
  value: string;
  start: number;
  end: number;
}

/**
 * What a validator answers: whether the candidate is a real finding, or a
 * narrower span of it (offsets relative to the candidate's value) that is.
 */
export type Verdict = boolean | { start: number; end: number };

/** A detector of one data category of the catalogue. */
export interface Detector {
  /** The catalogue category it implements (see `catalog.ts`). */
  category: string;
  /** Patterns whose matches are candidates; all of them join the scan's single RE2.Set pass. */
  patterns: readonly DetectorPattern[];
  /** Checksum, range or entropy check of a candidate; absent means every candidate counts. */
  validate?: (candidate: Candidate) => Verdict;
  /**
   * Words that make a candidate likelier (lower case). Patterns marked
   * `requireKeyword` only count with one of them within `keywordWindow`
   * characters before or after the value.
   */
  keywords: readonly string[];
  keywordWindow: number;
  /** Categories whose findings win where they overlap this one's (a key inside a generic assignment). */
  yieldsTo?: readonly string[];
  mask: MaskStyle;
  /**
   * For detectors of what normalisation removes (invisible characters): finds
   * spans in the original text directly; `patterns` is then empty.
   */
  scanOriginal?: (original: string) => { start: number; end: number }[];
  /**
   * Where the patterns (or `classify`) look: the normalised text (default) or
   * the detection view, with confusables and leetspeak folded (see
   * `detectionView`); only prompt-injection detectors read the view.
   */
  view?: "normalised" | "detection";
  /**
   * For a model-based detector: its best span of the text it reads and that
   * span's score (0..1), reported when the score reaches `threshold`.
   */
  classify?: (text: string) => { start: number; end: number; score: number };
  /** Smallest score of `classify` that is a finding. */
  threshold?: number;
  /** The layer its findings report (prompt-injection detectors only). */
  layer?: "heuristic" | "classifier";
  /**
   * For a heuristic detector: the classifier that may overrule it. In a text
   * of at least `minWords` words that the `category` detector's `classify`
   * scores below `below`, this detector's findings are marked `overruled`;
   * rules at low and medium sensitivity drop them, rules at high keep them.
   */
  overruledBy?: { category: string; below: number; minWords: number };
  /**
   * Most candidates of each of its patterns located per scan, for a detector
   * whose check is costly (a numbering-plan lookup): a text padded with
   * thousands of them must not hold the scan for a second. Past the bound the
   * rest of the text is reported unsearched, which fails closed.
   */
  maxCandidates?: number;
}
