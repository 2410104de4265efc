import { findCategory } from "../catalog.js";
import type { ScanPlan } from "./compile-scan-plan.js";
import type { Detector, DetectorPattern } from "./detector.js";
import { detectionView } from "./detection-view.js";
import { detectionPlan, detectorFor } from "./detectors.js";
import { keywordNear } from "./keyword-near.js";
import { maskExcerpt } from "./mask-excerpt.js";
import type { NormalisedText } from "./normalise-text.js";
import type { Located } from "./pattern-matcher.js";
import type { Finding } from "./scan-types.js";
import { Utf8Text } from "./utf8-text.js";

/**
 * Most matches of one pattern located per scan. Matching needs only one; the
 * bound keeps a pattern that matches everywhere (`/a/` on a text of `a`s)
 * from costing a native call per character.
 */
export const MAX_MATCHES_PER_PATTERN = 10_000;

/** Most matches located per scan over all patterns, which bounds the cost of many dense patterns. */
export const MAX_MATCHES_PER_SCAN = 100_000;

/** The excerpt of a region left unsearched because a bound was reached. */
export const UNSEARCHED_EXCERPT = "‹not searched: too many matches before this point›";

const NONE: readonly LocatedFinding[] = Object.freeze([]);
const TEXT_MASK = { kind: "text" } as const;

/** A finding with the normalised value it was made from (for redaction keys). */
export interface LocatedFinding extends Finding {
  value: string;
  /**
   * Marks the region from where locating stopped to the end of the content.
   * It fails closed: text past a flood of decoys still counts as a match.
   */
  unsearched?: true;
  /** A heuristic finding the classifier overruled (see `Detector.overruledBy`): only rules at high sensitivity keep it. */
  overruled?: true;
}

interface Location {
  matches: Located[];
  /** Normalised UTF-16 offset where locating stopped early, if it did. */
  stoppedAt?: number;
}

// A finding at offsets of the original text. A finding of a layered detector says which layer found it
// and how surely. (Built whole: spreading a finding into a copy cost more than making it.)
function locatedFinding(kind: string, label: string, start: number, end: number, value: string, mask: Detector["mask"], layer?: Finding["layer"], score?: number): LocatedFinding {
  const excerpt = maskExcerpt(value, mask);
  return layer ? { kind, label, start, end, excerpt, value, layer, score } : { kind, label, start, end, excerpt, value };
}

// Whether `text` holds at least `n` words (runs of non-space characters); stops counting at `n`.
function hasWords(text: string, n: number): boolean {
  let words = 0;
  for (const _ of text.matchAll(/\S+/g)) if (++words >= n) return true;
  return false;
}

/**
 * What one scan finds, computed lazily and once: the single matcher pass
 * (which patterns match at all), then, only for what an applicable rule asks
 * about, where each pattern matches, validated and mapped back to the
 * original text. Several rules asking for the same category share the work.
 *
 * Locating is bounded (`MAX_MATCHES_PER_PATTERN`, `MAX_MATCHES_PER_SCAN`).
 * Where a bound cut a pattern short, its findings end with an `unsearched`
 * finding covering the rest of the content, so padding a secret behind
 * thousands of decoys makes the rule match rather than hide it.
 */
export class ScanFindings {
  private matched: Set<number> | undefined;
  private utf8: Utf8Text | undefined;
  private budget = MAX_MATCHES_PER_SCAN;
  private readonly byCategory = new Map<string, LocatedFinding[]>();
  private readonly byEntry: { spans: { start: number; end: number; value: string }[]; stoppedAt?: number }[] = [];
  /** Original offset from which some pattern was not searched, if a bound was reached. */
  truncatedAt: number | undefined;
  // The findings of the detection view (confusables and leetspeak folded): this object when the view is the text itself.
  private viewed: ScanFindings | undefined;
  // Each classifier's best span of this text, scored once whether it reports a finding or overrules one.
  private readonly classified = new Map<string, { start: number; end: number; score: number }>();

  constructor(
    private readonly plan: ScanPlan,
    readonly text: NormalisedText,
  ) {}

  /** Findings of a data category (validated, de-duplicated, left to right). */
  category(id: string): readonly LocatedFinding[] {
    let found = this.byCategory.get(id);
    if (!found) {
      found = this.detect(id);
      this.byCategory.set(id, found);
    }
    return found;
  }

  /** Findings of a custom pattern of a rule: matcher entry `entry`, `custom_patterns[index]`. */
  customPattern(entry: number, index: number): readonly LocatedFinding[] {
    // Most rules' patterns match nothing: answer those without allocating.
    if (!this.matchesEntry(entry)) return NONE;
    let located = this.byEntry[entry];
    if (!located) {
      const location = this.locate(entry, 0);
      const spans = location.matches.map((m) => ({ start: m.valueStart, end: m.valueEnd, value: this.text.text.slice(m.valueStart, m.valueEnd) }));
      located = { spans, stoppedAt: location.stoppedAt };
      this.byEntry[entry] = located;
    }
    const label = `custom_patterns[${index}]`;
    const found = located.spans.map((m) => this.finding("custom_pattern", label, m.start, m.end, m.value, TEXT_MASK));
    if (located.stoppedAt !== undefined) found.push(this.unsearched("custom_pattern", label, located.stoppedAt));
    return found;
  }

  /** Whether matcher entry `entry` matches anywhere in the normalised text (the one matcher pass, run on first use). */
  matchesEntry(entry: number): boolean {
    this.matched ??= new Set(this.plan.matcher.matching(this.bytes()));
    return this.matched.has(entry);
  }

  // The normalised text as UTF-8, once per scan: every matcher call reads these bytes.
  private bytes(): Utf8Text {
    this.utf8 ??= new Utf8Text(this.text.text);
    return this.utf8;
  }

  /** Matches of a matcher entry, in UTF-16 offsets of the normalised text, within the bounds (and `cap`). */
  private locate(entry: number, group: number, cap = Number.POSITIVE_INFINITY): Location {
    const utf8 = this.bytes();
    const limit = Math.min(MAX_MATCHES_PER_PATTERN, this.budget, cap);
    const location = this.plan.matcher.locate(entry, utf8, group, limit);
    this.budget -= location.matches.length;
    const stoppedAt = location.stoppedAt === undefined ? undefined : utf8.toUtf16(location.stoppedAt);
    if (utf8.ascii) return { matches: location.matches, stoppedAt };
    const matches = location.matches.map((m) => ({
      start: utf8.toUtf16(m.start),
      end: utf8.toUtf16(m.end),
      valueStart: utf8.toUtf16(m.valueStart),
      valueEnd: utf8.toUtf16(m.valueEnd),
    }));
    return { matches, stoppedAt };
  }

  // Built on first use by a detector that reads the view; most texts have nothing to fold.
  private view(): ScanFindings {
    if (!this.viewed) {
      const { leetspeak, splitSpellings } = this.plan.viewTriggers;
      const view = detectionView(this.text, { leetspeak: this.matchesEntry(leetspeak), splitSpellings: this.matchesEntry(splitSpellings) });
      this.viewed = view === this.text ? this : new ScanFindings(detectionPlan(), view);
    }
    return this.viewed;
  }

  private detect(id: string): LocatedFinding[] {
    const detector = detectorFor(id);
    if (!detector) return [];
    if (detector.view === "detection" && this.view() !== this) {
      const found = this.view().category(id);
      const at = this.view().truncatedAt;
      if (at !== undefined) this.truncatedAt = Math.min(this.truncatedAt ?? at, at);
      return [...found];
    }
    const label = findCategory(id)?.name ?? id;
    const found: LocatedFinding[] = [];
    if (detector.classify) {
      const best = this.classify(id, detector.classify);
      if (best.score >= (detector.threshold ?? 0.5)) {
        found.push(this.finding(id, label, best.start, best.end, this.text.text.slice(best.start, best.end), detector.mask, "classifier", Math.round(best.score * 1000) / 1000));
      }
      return detector.yieldsTo && found.length > 0 ? outside(found, detector.yieldsTo.flatMap((other) => this.category(other))) : found;
    }
    if (detector.scanOriginal) {
      // What the detector looks for is exactly what normalisation removes, so
      // pure ASCII (normalised as it is) cannot hold any.
      if (!this.text.ascii) {
        for (const span of detector.scanOriginal(this.text.original)) {
          const value = this.text.original.slice(span.start, span.end);
          found.push(locatedFinding(id, label, span.start, span.end, value, detector.mask, detector.layer, 1));
        }
      }
      return found;
    }
    const candidates: Span[] = [];
    let stoppedAt: number | undefined;
    for (const { entry, pattern } of this.plan.detectorEntries.get(id) ?? []) {
      if (!this.matchesEntry(entry)) continue;
      const location = this.locate(entry, pattern.group ?? 0, detector.maxCandidates);
      if (location.stoppedAt !== undefined) stoppedAt = Math.min(stoppedAt ?? location.stoppedAt, location.stoppedAt);
      for (const m of location.matches) {
        const span = this.validate(detector, pattern, m.valueStart, m.valueEnd);
        if (span) candidates.push({ start: span.start, end: span.end, label: pattern.label });
      }
    }
    for (const span of withoutOverlaps(candidates)) {
      const value = this.text.text.slice(span.start, span.end);
      found.push(this.finding(id, span.label ?? label, span.start, span.end, value, detector.mask, detector.layer, 1));
    }
    const kept = detector.yieldsTo && found.length > 0 ? outside(found, detector.yieldsTo.flatMap((other) => this.category(other))) : found;
    if (detector.overruledBy && kept.length > 0 && this.overrules(detector.overruledBy)) for (const f of kept) f.overruled = true;
    if (stoppedAt !== undefined) kept.push(this.unsearched(id, label, stoppedAt));
    return kept;
  }

  private classify(id: string, classify: NonNullable<Detector["classify"]>): { start: number; end: number; score: number } {
    let best = this.classified.get(id);
    if (!best) {
      best = classify(this.text.text);
      this.classified.set(id, best);
    }
    return best;
  }

  // Whether the classifier finds this text clearly benign and it is long enough for that to outweigh a phrase.
  private overrules({ category, below, minWords }: NonNullable<Detector["overruledBy"]>): boolean {
    const classify = detectorFor(category)?.classify;
    return classify !== undefined && hasWords(this.text.text, minWords) && this.classify(category, classify).score < below;
  }

  private validate(detector: Detector, pattern: DetectorPattern, start: number, end: number): { start: number; end: number } | null {
    const text = this.text.text;
    if (pattern.requireKeyword && !keywordNear(text, start, end, detector.keywords, detector.keywordWindow)) return null;
    const check = pattern.validate ?? detector.validate;
    if (!check) return { start, end };
    const verdict = check({ text, value: text.slice(start, end), start, end });
    if (verdict === true) return { start, end };
    if (verdict === false) return null;
    return { start: start + verdict.start, end: start + verdict.end };
  }

  // Offsets move from the normalised text back to the original here, once.
  private finding(kind: string, label: string, start: number, end: number, value: string, mask: Detector["mask"], layer?: Finding["layer"], score?: number): LocatedFinding {
    const [s, e] = this.text.toOriginal(start, end);
    return locatedFinding(kind, label, s, e, value, mask, layer, score);
  }

  private unsearched(kind: string, label: string, stoppedAt: number): LocatedFinding {
    const [at] = this.text.toOriginal(stoppedAt, stoppedAt);
    this.truncatedAt = Math.min(this.truncatedAt ?? at, at);
    return { kind, label, start: at, end: this.text.original.length, excerpt: UNSEARCHED_EXCERPT, value: "", unsearched: true };
  }
}

/** A validated candidate, with the label of the pattern that found it when it names a format. */
interface Span {
  start: number;
  end: number;
  label?: string;
}

// Patterns of one detector may find the same value twice (or one inside another): keep the longest.
function withoutOverlaps(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Span[] = [];
  for (const s of sorted) {
    const last = kept[kept.length - 1];
    if (last && s.start < last.end) continue;
    kept.push(s);
  }
  return kept;
}

/** The findings (sorted, disjoint) that overlap none of `stronger`; one sweep over both lists. */
function outside(found: LocatedFinding[], stronger: readonly LocatedFinding[]): LocatedFinding[] {
  if (stronger.length === 0) return found;
  const blocks = [...stronger].sort((a, b) => a.start - b.start);
  // Merge into disjoint intervals so a single forward pointer suffices.
  const merged: { start: number; end: number }[] = [];
  for (const b of blocks) {
    const last = merged[merged.length - 1];
    if (last && b.start <= last.end) last.end = Math.max(last.end, b.end);
    else merged.push({ start: b.start, end: b.end });
  }
  let j = 0;
  return found.filter((f) => {
    while (j < merged.length && merged[j]!.end <= f.start) j++;
    const block = merged[j];
    return !(block && block.start < f.end);
  });
}
