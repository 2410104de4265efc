import type { Candidate } from "./detector.js";

/**
 * True when a candidate is one part of a longer number: right before or after
 * it stands one of `joiners` next to a digit (`id 1234-4111…`, `1.2.3.4.5`,
 * the first twelve digits of a sixteen-digit card grouped by spaces).
 */
export function partOfLongerNumber({ text, start, end }: Candidate, joiners: string): boolean {
  const before = text.slice(Math.max(0, start - 2), start);
  const after = text.slice(end, end + 2);
  const joined = (pair: string, joinerFirst: boolean) =>
    pair.length === 2 && joiners.includes(joinerFirst ? pair[0]! : pair[1]!) && /[0-9]/.test(joinerFirst ? pair[1]! : pair[0]!);
  return joined(before, false) || joined(after, true);
}

/**
 * A case-insensitive pattern finding any of `words` (lower case) not inside a
 * longer word: "sin" is found in "SIN:" and `sin_number`, never in "using".
 * Underscores and digits end a word here, unlike `\b`, so snake_case field
 * names count.
 */
export function wordsPattern(words: readonly string[]): RegExp {
  const alternatives = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  return new RegExp(`(?<!\\p{L})(?:${alternatives})(?!\\p{L})`, "iu");
}

/**
 * True when `words` (a non-global pattern, e.g. from `wordsPattern`) matches
 * within `window` characters before or after the candidate.
 */
export function labelledBy({ text, start, end }: Candidate, words: RegExp, window: number): boolean {
  return words.test(text.slice(Math.max(0, start - window), start)) || words.test(text.slice(end, end + window));
}

/** The characters of `value` that are not letters or digits, as one string (`"--"` for `536-22-1234`). */
export function separatorsOf(value: string): string {
  return value.replace(/[\p{L}\p{N}]/gu, "");
}
