const SENTENCE_END = /[.!?\n]/;

/** The sentence a span `[start, end)` of `text` stands in. */
export interface SentenceAround {
  /** The sentence's text before the span, leading whitespace trimmed. */
  before: string;
  /** The sentence's text after the span, up to (not including) its end mark. */
  after: string;
  /** Whether the sentence ends with a question mark. */
  question: boolean;
}

/**
 * The sentence around a span, bounded by `.`, `!`, `?` or a line break (or the
 * text's ends); looks no further than that sentence, so its cost is the
 * sentence's length.
 */
export function sentenceAround(text: string, start: number, end: number): SentenceAround {
  let from = start;
  while (from > 0 && !SENTENCE_END.test(text[from - 1]!)) from--;
  let to = end;
  while (to < text.length && !SENTENCE_END.test(text[to]!)) to++;
  return { before: text.slice(from, start).trimStart(), after: text.slice(end, to), question: text[to] === "?" };
}
