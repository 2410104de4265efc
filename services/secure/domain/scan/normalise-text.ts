/**
 * Text as the matchers see it, with the way back to the text as it was sent.
 * `text` is the original after Unicode NFKC, with invisible format characters
 * removed; `toOriginal` maps a span of `text` to the span of the original it
 * came from, in UTF-16 code units.
 */
export interface NormalisedText {
  readonly original: string;
  readonly text: string;
  /** True when `text` is the original unchanged (offsets are the same). */
  readonly identity: boolean;
  /**
   * True when the original is pure ASCII, and so is `text`: there is nothing
   * to normalise, fold or find outside ASCII. Known from normalising, so no
   * later step scans the text again to ask.
   */
  readonly ascii: boolean;
  /** The original span `[start, end)` that produced `text.slice(start, end)`. */
  toOriginal(start: number, end: number): [number, number];
}

// Invisible characters that split words without showing: zero-width space,
// joiners and marks (U+200B–U+200F), bidi embeddings and overrides
// (U+202A–U+202E), word joiner and invisible operators (U+2060–U+2064), bidi
// isolates (U+2066–U+2069), BOM / zero-width no-break space (U+FEFF), soft
// hyphen, combining grapheme joiner, Mongolian vowel separator, variation
// selectors, and the tag block (U+E0000–U+E007F, used for ASCII smuggling).
// eslint-disable-next-line no-misleading-character-class -- the class lists lone format and combining characters on purpose
const INVISIBLE = /[\u00AD\u034F\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFE00-\uFE0F\uFEFF]|\uDB40[\uDC00-\uDC7F]/;

/** True when `codePoint` is removed by `normaliseText` (an invisible format character). */
export function isInvisibleCodePoint(codePoint: number): boolean {
  return INVISIBLE.test(String.fromCodePoint(codePoint));
}

const ASCII_ONLY = /^\p{ASCII}*$/u;

// Segments of the text normalised one at a time: a run of ASCII, or a run of
// other characters, neither followed by a combining mark (so no composition
// crosses a segment's end); else one character with the marks that follow it.
const SEGMENT = /\p{ASCII}+(?!\p{M})|[^\p{ASCII}\p{M}]+(?!\p{M})|\P{M}\p{M}*|\p{M}+/gu;
const SAFE_RUN = /^\p{ASCII}+$/u;
const MARK = /\p{M}/u;

// One character with its combining marks (or marks alone): NFKC rewrites it as a whole.
function isCluster(segment: string): boolean {
  return MARK.test(segment) || segment.length === 1 || (segment.length === 2 && segment.codePointAt(0)! > 0xffff);
}

const identityMap = (original: string, ascii: boolean): NormalisedText => ({
  original,
  text: original,
  identity: true,
  ascii,
  toOriginal: (start, end) => [start, end],
});

/**
 * Normalises `original` for matching: NFKC (full-width and stylised letters,
 * ligatures and compatibility forms become their plain equivalents) and
 * removal of invisible format characters (see `isInvisibleCodePoint`). Case
 * is left alone: literals match case-insensitively instead.
 *
 * NFKC is applied per segment (a character with its combining marks, or a run
 * that NFKC leaves unchanged), so every character of the result maps back to
 * the segment it came from: offsets into the result map back to the original
 * exactly where a segment is unchanged, and to the whole segment where NFKC
 * rewrote it. Pure ASCII text is returned as it is, at no cost.
 */
export function normaliseText(original: string): NormalisedText {
  if (ASCII_ONLY.test(original)) return identityMap(original, true);
  const parts: string[] = [];
  // startOf[i] / endOf[i]: the original span of the segment that produced output unit i.
  const startOf: number[] = [];
  const endOf: number[] = [];
  let changed = false;
  const emit = (piece: string, from: number, to: number, exact: boolean) => {
    parts.push(piece);
    for (let k = 0; k < piece.length; k++) {
      startOf.push(exact ? from + k : from);
      endOf.push(exact ? from + k + 1 : to);
    }
  };
  for (const m of original.matchAll(SEGMENT)) {
    const segment = m[0];
    const at = m.index;
    if (SAFE_RUN.test(segment)) {
      emit(segment, at, at + segment.length, true);
      continue;
    }
    if (!INVISIBLE.test(segment)) {
      const nfkc = segment.normalize("NFKC");
      if (nfkc === segment) {
        emit(segment, at, at + segment.length, true);
        continue;
      }
      if (isCluster(segment)) {
        changed = true;
        emit(nfkc, at, at + segment.length, false);
        continue;
      }
    }
    // A run that NFKC rewrites or that holds an invisible character: one
    // code point at a time, so unchanged characters keep exact offsets.
    let offset = at;
    for (const ch of segment) {
      const end = offset + ch.length;
      if (INVISIBLE.test(ch)) {
        changed = true;
      } else {
        const nfkc = ch.normalize("NFKC");
        if (nfkc !== ch) changed = true;
        emit(nfkc, offset, end, nfkc === ch);
      }
      offset = end;
    }
  }
  if (!changed) return identityMap(original, false);
  const text = parts.join("");
  return {
    original,
    text,
    identity: false,
    ascii: false,
    toOriginal(start, end) {
      if (text.length === 0) return [0, 0];
      const s = start >= text.length ? original.length : startOf[start]!;
      if (end <= start) return [s, s];
      return [s, endOf[Math.min(end, text.length) - 1]!];
    },
  };
}
