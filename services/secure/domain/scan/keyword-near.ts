/**
 * True when one of `keywords` (lower case) occurs in `text` within `window`
 * characters before `start` or after `end`. Only that window is lower-cased,
 * so the cost does not grow with the text.
 */
export function keywordNear(text: string, start: number, end: number, keywords: readonly string[], window: number): boolean {
  if (keywords.length === 0) return false;
  const before = text.slice(Math.max(0, start - window), start).toLowerCase();
  const after = text.slice(end, end + window).toLowerCase();
  return keywords.some((k) => before.includes(k) || after.includes(k));
}

/** True when the characters right before `start` end with one of `words` (lower case), e.g. a negation. */
export function precededBy(text: string, start: number, words: readonly string[], window = 16): boolean {
  const before = text.slice(Math.max(0, start - window), start).toLowerCase();
  return words.some((w) => before.endsWith(w));
}
