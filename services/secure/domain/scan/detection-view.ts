import { ASCII_CONFUSABLES_DATA } from "./ascii-confusables.js";
import type { NormalisedText } from "./normalise-text.js";

const CONFUSABLE = new Map<number, number>(
  ASCII_CONFUSABLES_DATA.split(" ").map((e) => [parseInt(e.slice(0, -1), 36), e.charCodeAt(e.length - 1)]),
);

// Leetspeak digits and symbols, folded only inside a word that has letters.
const LEET: Readonly<Record<string, string>> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s" };
const LEET_CHARS = /[013457@$]/;
// A run of letters, digits, @ and $; one with a leet character and at least two letters is a candidate word.
const TOKEN = /[\p{L}0-9@$]+/gu;
const LETTERS = /\p{L}/gu;
const NON_ASCII = /[^\p{ASCII}]/u;
const LEET_IN_WORD = /\p{L}[013457@$]|[013457@$]\p{L}/u;

/**
 * The text the prompt-injection detectors read: the normalised text with
 * Unicode confusables replaced by the ASCII letter or digit they imitate
 * (UTS #39 skeletons of single characters: Cyrillic "і" in "іgnore" becomes
 * "i"), and leetspeak folded inside words ("1gn0r3" becomes "ignore", "@ll"
 * "all"). Numbers and words without letters keep their digits, and an
 * address's "@" (a token followed by a dot, as in a@b.com) stays.
 *
 * Only the injection detectors and the classifier read this view: folding
 * digits would break card numbers and keys for every other detector. Every
 * character of the view comes from one code point of `text`, so offsets
 * still map back to the original content (`toOriginal`). Returns `text`
 * itself when nothing is folded.
 */
export function detectionView(text: NormalisedText): NormalisedText {
  const source = text.text;
  const hasNonAscii = NON_ASCII.test(source);
  if (!hasNonAscii && !LEET_IN_WORD.test(source)) return text;
  const folds = new Map<number, string>();
  for (const m of source.matchAll(TOKEN)) {
    const token = m[0];
    if (!LEET_CHARS.test(token)) continue;
    const letters = token.match(LETTERS)?.length ?? 0;
    if (letters < 2) continue;
    const after = m.index + token.length;
    const emailLike = token.includes("@") && source[after] === "." && /\p{L}/u.test(source[after + 1] ?? "");
    for (let i = 0; i < token.length; i++) {
      const ch = token[i]!;
      if (ch === "@" && emailLike) continue;
      const folded = LEET[ch];
      if (folded) folds.set(m.index + i, folded);
    }
  }
  if (folds.size === 0 && !hasNonAscii) return text;
  const out: string[] = [];
  // starts[k]: the offset in `source` of the code point that produced output unit k.
  const starts: number[] = [];
  const ends: number[] = [];
  let changed = false;
  for (let i = 0; i < source.length; ) {
    const cp = source.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    let piece: string;
    const leet = folds.get(i);
    if (leet !== undefined) {
      piece = leet;
      changed = true;
    } else if (cp >= 0x80 && CONFUSABLE.has(cp)) {
      piece = String.fromCharCode(CONFUSABLE.get(cp)!);
      changed = true;
    } else {
      piece = width === 2 ? source.slice(i, i + 2) : source[i]!;
    }
    for (let k = 0; k < piece.length; k++) {
      starts.push(i);
      ends.push(i + width);
    }
    out.push(piece);
    i += width;
  }
  if (!changed) return text;
  const view = out.join("");
  return {
    original: text.original,
    text: view,
    identity: false,
    toOriginal(start, end) {
      if (view.length === 0) return text.toOriginal(0, 0);
      const s = start >= view.length ? source.length : starts[start]!;
      const e = end <= start ? s : ends[Math.min(end, view.length) - 1]!;
      return text.toOriginal(s, e);
    },
  };
}
