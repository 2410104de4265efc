import { ASCII_CONFUSABLES_DATA } from "./ascii-confusables.js";
import type { NormalisedText } from "./normalise-text.js";

const CONFUSABLE = new Map<number, number>([
  ...ASCII_CONFUSABLES_DATA.split(" ").map((e): [number, number] => [parseInt(e.slice(0, -1), 36), e.charCodeAt(e.length - 1)]),
  // Typographic quotes and the modifier apostrophe, so "doesn’t" reads as "doesn't".
  [0x2018, 0x27],
  [0x2019, 0x27],
  [0x02bc, 0x27],
  [0x201c, 0x22],
  [0x201d, 0x22],
]);

// Leetspeak digits and symbols, folded only inside a word that has letters.
const LEET: Readonly<Record<string, string>> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s" };
// A leet character next to a letter: where a folded word can be. Tokens are
// runs of letters, digits, @ and $; one with at least two letters is a word.
const LEET_NEXT_TO_LETTER = /\p{L}[013457@$]|[013457@$]\p{L}/gu;
const TOKEN_CHAR = /[\p{L}0-9@$]/u;
const LETTERS = /\p{L}/gu;
const NON_ASCII = /[^\p{ASCII}]/u;

/**
 * The text the prompt-injection detectors read: the normalised text with
 * Unicode confusables replaced by the ASCII letter or digit they imitate
 * (UTS #39 skeletons of single characters: Cyrillic "і" in "іgnore" becomes
 * "i"; typographic quotes become ASCII ones), and leetspeak folded inside words ("1gn0r3" becomes "ignore", "@ll"
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
  const folds = new Map<number, string>();
  // Only the tokens around a leet character next to a letter are looked at, so plain text costs one regex pass.
  let done = 0;
  for (const m of source.matchAll(LEET_NEXT_TO_LETTER)) {
    if (m.index < done) continue;
    let start = m.index;
    while (start > 0 && TOKEN_CHAR.test(source[start - 1]!)) start--;
    let end = m.index + m[0].length;
    while (end < source.length && TOKEN_CHAR.test(source[end]!)) end++;
    done = end;
    const token = source.slice(start, end);
    if ((token.match(LETTERS)?.length ?? 0) < 2) continue;
    const emailLike = token.includes("@") && source[end] === "." && /\p{L}/u.test(source[end + 1] ?? "");
    for (let i = 0; i < token.length; i++) {
      const ch = token[i]!;
      if (ch === "@" && emailLike) continue;
      const folded = LEET[ch];
      if (folded) folds.set(start + i, folded);
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
