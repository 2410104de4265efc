// Runs of characters that render as nothing: zero-width characters and
// directional marks, bidi embeddings/overrides/isolates, word joiner and
// invisible operators, BOM, tag characters (U+E0000–E007F), and variation
// selectors (U+FE00–FE0F, U+E0100–E01EF).
const INVISIBLE_RUN =
  // eslint-disable-next-line no-misleading-character-class -- the class lists lone format and combining characters on purpose
  /(?:[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\uFE00-\uFE0F]|\uDB40[\uDC00-\uDC7F\uDD00-\uDDEF])+/g;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const TAG = /\uDB40[\uDC00-\uDC7F]/;
const VARIATION_SELECTOR = /[\uFE00-\uFE0F]|\uDB40[\uDD00-\uDDEF]/g;
const WORD_CHAR = /[A-Za-z0-9]/;
// A subdivision flag (🏴 + tag letters + cancel tag) is the one legitimate use of tag characters.
const FLAG_BASE = "\uD83C\uDFF4";
const CANCEL_TAG = "\uDB40\uDC7F";

/** How many characters of invisible text make a run suspicious whatever surrounds it (zero-width binary encodings). */
export const SUSPICIOUS_RUN_LENGTH = 3;

/**
 * Spans of `original` (UTF-16 offsets) where invisible characters hide or
 * reorder text: any bidi embedding, override or isolate (Trojan Source); any
 * tag character outside a subdivision flag (ASCII smuggling); two or more
 * variation selectors in a row (data smuggled after an emoji); and zero-width
 * characters, directional marks or a BOM that split a word (both neighbours
 * letters or digits: `ig\u200Bnore`) or come three or more in a row. A
 * zero-width joiner inside an emoji sequence, a non-joiner in Persian or
 * Hindi text, a single variation selector after an emoji and a leading BOM
 * are ordinary text and are left alone.
 */
export function findHiddenUnicode(original: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  for (const m of original.matchAll(INVISIBLE_RUN)) {
    const run = m[0];
    const start = m.index;
    const end = start + run.length;
    if (suspicious(original, run, start, end)) spans.push({ start, end });
  }
  return spans;
}

function suspicious(text: string, run: string, start: number, end: number): boolean {
  if (BIDI_CONTROL.test(run)) return true;
  if (TAG.test(run)) return !(text.slice(start - 2, start) === FLAG_BASE && run.endsWith(CANCEL_TAG));
  const selectors = run.match(VARIATION_SELECTOR)?.length ?? 0;
  if (selectors >= 2) return true;
  const rest = [...run].length - selectors;
  if (rest === 0) return false;
  if (rest >= SUSPICIOUS_RUN_LENGTH) return true;
  if (start === 0 && run === "\uFEFF") return false;
  return WORD_CHAR.test(text[start - 1] ?? "") && WORD_CHAR.test(text[end] ?? "");
}
