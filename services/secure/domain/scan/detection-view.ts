import { ASCII_CONFUSABLES_DATA } from "./ascii-confusables.js";
import type { NormalisedText } from "./normalise-text.js";
import type { MatcherPattern } from "./pattern-matcher.js";

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
// runs of letters, digits, @ and $ (read by code point); one with at least two letters is a word.
const LEET_NEXT_TO_LETTER = /\p{L}[013457@$]|[013457@$]\p{L}/gu;
const TOKEN_CHAR = /[\p{L}0-9@$]/u;
const LETTERS = /\p{L}/gu;
const NON_ASCII = /[^\p{ASCII}]/u;

// RE2 classes: an ASCII letter or digit, or any non-ASCII character, as the passes below approximate them.
const RE2_LETTER = "[A-Za-z\\x{80}-\\x{10FFFF}]";
const RE2_WORD = "[0-9A-Za-z\\x{80}-\\x{10FFFF}]";
const RE2_NOT_WORD = "[^0-9A-Za-z\\x{80}-\\x{10FFFF}]";

/**
 * Patterns that say which folds a text may need, for a scan's one matcher
 * pass to answer (see `ViewHints`): each matches wherever its fold could
 * apply, and more (the folds themselves decide). Most texts match none, and
 * then their passes, a regular expression and a character loop costing
 * about as much as the classifier's whole pass over a plain text, are skipped.
 */
export const DETECTION_VIEW_TRIGGERS: Readonly<Record<keyof ViewHints, MatcherPattern>> = {
  // An "@" counts unless its word is followed by a dot and a letter: the view keeps an address's "@", and most texts that hold one hold nothing else to fold.
  leetspeak: {
    source: `${RE2_LETTER}[013457$]|[013457$]${RE2_LETTER}|(?:${RE2_LETTER}@|@${RE2_LETTER})[0-9A-Za-z@$]*(?:$|[^.0-9A-Za-z@$]|\\.(?:$|[^A-Za-z]))`,
    flags: "",
  },
  splitSpellings: {
    source: `(?:^|${RE2_NOT_WORD})${RE2_WORD}[ ._*-]${RE2_WORD}[ ._*-]${RE2_WORD}(?:${RE2_NOT_WORD}|$)|${RE2_LETTER}-${RE2_LETTER}+-${RE2_LETTER}`,
    flags: "",
  },
};

/** Which folds `detectionView` looks for; by default all of them. */
export interface ViewHints {
  /** Leetspeak digits and symbols next to letters. */
  leetspeak: boolean;
  /** Single characters with a repeated separator, and hyphen-joined words. */
  splitSpellings: boolean;
}

const ALL_FOLDS: ViewHints = { leetspeak: true, splitSpellings: true };

/** Adds `DETECTION_VIEW_TRIGGERS` to a scan plan's matcher `patterns`, answering their entries. */
export function addViewTriggers(patterns: MatcherPattern[]): Record<keyof ViewHints, number> {
  const entry = (p: MatcherPattern) => patterns.push(p) - 1;
  return { leetspeak: entry(DETECTION_VIEW_TRIGGERS.leetspeak), splitSpellings: entry(DETECTION_VIEW_TRIGGERS.splitSpellings) };
}

/**
 * The text the prompt-injection detectors read: the normalised text with
 * Unicode confusables replaced by the ASCII letter or digit they imitate
 * (UTS #39 skeletons of single characters: Cyrillic "і" in "іgnore" becomes
 * "i"; typographic quotes become ASCII ones), leetspeak folded inside words ("1gn0r3" becomes "ignore", "@ll"
 * "all"), and split spellings joined: "i g n o r e   a l l" reads
 * "ignore   all", "r.e.v.e.a.l" "reveal", and "ignore-all-previous" "ignore all
 * previous". Numbers and words without letters keep their digits, and an
 * address's "@" (a token followed by a dot, as in a@b.com) stays.
 *
 * Only the injection detectors and the classifier read this view: folding
 * digits would break card numbers and keys for every other detector. Every
 * character of the view comes from one code point of `text`, so offsets
 * still map back to the original content (`toOriginal`). Returns `text`
 * itself when nothing is folded. `hints` may rule folds out that a matcher
 * pass over `DETECTION_VIEW_TRIGGERS` found no trace of.
 */
export function detectionView(text: NormalisedText, hints: ViewHints = ALL_FOLDS): NormalisedText {
  const source = text.text;
  const hasNonAscii = !text.ascii && NON_ASCII.test(source);
  const folds = new Map<number, string>();
  // Only the tokens around a leet character next to a letter are looked at.
  let done = 0;
  for (const m of hints.leetspeak ? source.matchAll(LEET_NEXT_TO_LETTER) : []) {
    if (m.index < done) continue;
    let start = m.index;
    for (let w = tokenCharBefore(source, start); w > 0; w = tokenCharBefore(source, start)) start -= w;
    let end = m.index + m[0].length;
    for (let w = tokenCharAt(source, end); w > 0; w = tokenCharAt(source, end)) end += w;
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
  if (hints.splitSpellings) joinSplitSpellings(source, folds);
  if (folds.size === 0 && !hasNonAscii) return text;
  const out: string[] = [];
  // starts[k]: the offset in `source` of the code point that produced output unit k.
  const starts: number[] = [];
  const ends: number[] = [];
  let changed = false;
  // The word the last confusable was in, and whether its confusables fold.
  let wordEnd = -1;
  let foldWord = false;
  // Where the word the loop is in began (see charKind).
  let wordStart = 0;
  for (let i = 0; i < source.length; ) {
    const cp = source.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (charKind(cp) === NOT_WORD) wordStart = i + width;
    let piece: string;
    const leet = folds.get(i);
    if (leet !== undefined) {
      piece = leet;
      changed = true;
    } else if (cp >= 0x80 && CONFUSABLE.has(cp) && (i < wordEnd ? foldWord : ([wordEnd, foldWord] = disguisedWord(source, i, wordStart))[1])) {
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
    ascii: text.ascii,
    toOriginal(start, end) {
      if (view.length === 0) return text.toOriginal(0, 0);
      const s = start >= view.length ? source.length : starts[start]!;
      const e = end <= start ? s : ends[Math.min(end, view.length) - 1]!;
      return text.toOriginal(s, e);
    },
  };
}

const LETTER = 1;
const OTHER_WORD_CHAR = 2;
const NOT_WORD = 3;
// The kind of each BMP code point met so far (0: not yet met): a view reads every character of a text.
const BMP_KINDS = new Uint8Array(0x10000);

// A letter (\p{L}), another character of a word (\p{M}, \p{N}), or no word character.
function charKind(cp: number): number {
  if (cp < 128) return (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122) ? LETTER : cp >= 48 && cp <= 57 ? OTHER_WORD_CHAR : NOT_WORD;
  if (cp > 0xffff) return kindOf(cp);
  return (BMP_KINDS[cp] ||= kindOf(cp));
}

function kindOf(cp: number): number {
  const ch = String.fromCodePoint(cp);
  return /\p{L}/u.test(ch) ? LETTER : /[\p{M}\p{N}]/u.test(ch) ? OTHER_WORD_CHAR : NOT_WORD;
}

/**
 * The end of the word around the confusable at `at`, and whether its
 * confusables fold: a confusable that is no word character (a typographic
 * quote) always does; letters do in a word that mixes them with ASCII
 * letters ("іgnore" with a Cyrillic "і"), or in a word made of confusables
 * only, which reads as a Latin word in disguise ("сору"). A word of another
 * script ("система", "السابقة") keeps its letters, so its own n-grams and
 * phrases stay readable. The word runs from `start`, where the caller saw it
 * begin, and is read once: this runs on every word of a Cyrillic text.
 */
function disguisedWord(source: string, at: number, start: number): [number, boolean] {
  const first = source.codePointAt(at)!;
  if (charKind(first) === NOT_WORD) return [at + (first > 0xffff ? 2 : 1), true];
  let end = start;
  let ascii = false;
  let foreign = false;
  while (end < source.length) {
    const cp = source.codePointAt(end)!;
    const kind = charKind(cp);
    if (kind === NOT_WORD) break;
    if (cp < 128) ascii ||= kind === LETTER;
    else if (kind === LETTER && !CONFUSABLE.has(cp)) foreign = true;
    end += cp > 0xffff ? 2 : 1;
  }
  return [end, ascii || !foreign];
}

// The width in code units of the token character (letter, digit, @ or $) that ends at `end`, or 0.
function tokenCharBefore(source: string, end: number): number {
  if (end <= 0) return 0;
  const c = source.charCodeAt(end - 1);
  const pair = c >= 0xdc00 && c <= 0xdfff && end >= 2 && (source.charCodeAt(end - 2) & 0xfc00) === 0xd800;
  const start = pair ? end - 2 : end - 1;
  return TOKEN_CHAR.test(String.fromCodePoint(source.codePointAt(start)!)) ? end - start : 0;
}

// The width in code units of the token character that starts at `at`, or 0.
function tokenCharAt(source: string, at: number): number {
  if (at >= source.length) return 0;
  const cp = source.codePointAt(at)!;
  return TOKEN_CHAR.test(String.fromCodePoint(cp)) ? (cp > 0xffff ? 2 : 1) : 0;
}

// Separators repeated between single characters: "i g n o r e", "r.e.v.e.a.l", "a-l-l", "s_y_s", "p*w*n".
function isSplitSeparator(c: number): boolean {
  return c === 32 || c === 46 || c === 45 || c === 95 || c === 42;
}

// ASCII letters and digits, and (approximately, for speed) any non-ASCII code unit.
function isWordUnit(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c >= 128;
}

function isLetterUnit(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c >= 128;
}

/**
 * Marks in `folds` the separators of spellings that split words to slip
 * past phrase patterns: three or more single characters with one separator
 * repeated ("i g n o r e", "r.e.v.e.a.l") lose it; three or more words of
 * letters joined by hyphens ("ignore-all-previous") get spaces. A hand-written
 * pass rather than a regular expression: it runs on every scanned text, and
 * the expression with look-behinds cost five times as much.
 */
function joinSplitSpellings(source: string, folds: Map<number, string>): void {
  const n = source.length;
  let i = 0;
  while (i < n) {
    if (!isWordUnit(source.charCodeAt(i))) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < n && isWordUnit(source.charCodeAt(end))) end++;
    const next = end < n ? source.charCodeAt(end) : -1;
    if (end - i === 1 && isSplitSeparator(next)) {
      // Extend while the pattern "separator, one character, then no word character" repeats.
      let last = i;
      let count = 1;
      while (last + 2 < n && source.charCodeAt(last + 1) === next && isWordUnit(source.charCodeAt(last + 2)) && !(last + 3 < n && isWordUnit(source.charCodeAt(last + 3)))) {
        last += 2;
        count++;
      }
      if (count >= 3) {
        for (let k = i + 1; k < last; k += 2) folds.set(k, "");
        i = last + 1;
        continue;
      }
    } else if (next === 45 && isLetters(source, i, end)) {
      const hyphens: number[] = [];
      let wordEnd = end;
      while (wordEnd < n && source.charCodeAt(wordEnd) === 45 && wordEnd + 1 < n && isLetterUnit(source.charCodeAt(wordEnd + 1))) {
        let k = wordEnd + 1;
        while (k < n && isLetterUnit(source.charCodeAt(k))) k++;
        // A word ending in a digit is part of a code ("build-2024"), not a phrase.
        if (k < n && isWordUnit(source.charCodeAt(k))) break;
        hyphens.push(wordEnd);
        wordEnd = k;
      }
      if (hyphens.length >= 2) {
        for (const h of hyphens) folds.set(h, " ");
        i = wordEnd;
        continue;
      }
    }
    i = end;
  }
}

function isLetters(source: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (!isLetterUnit(source.charCodeAt(k))) return false;
  return true;
}
