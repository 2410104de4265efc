/**
 * The features the prompt-injection classifier reads, shared by training
 * (`scripts/train-injection-model.ts`) and scanning (`injection-classifier.ts`)
 * so both see a text the same way.
 *
 * The text is read lower-cased with runs of whitespace as one space. Each
 * feature is a hashed character 3-, 4- or 5-gram, or a hashed word unigram
 * or bigram (words are runs of letters, digits and apostrophes), reduced to
 * one of `buckets` slots (a power of two). A feature belongs to the position
 * of the text where it ends, so the features of any span can be summed from
 * prefix sums.
 */
export interface FeatureSpec {
  /** Number of weight slots; a power of two. */
  buckets: number;
}

/** The compact form of a text: lower-cased char codes, whitespace runs collapsed, with their offsets in the text. */
export interface CompactText {
  codes: Uint16Array;
  /** `at[i]`: offset in the source text of compact character `i`. */
  at: Int32Array;
  length: number;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
// Salts keep a word and a character n-gram with equal hashes apart.
const WORD_SALT = 0x9e3779b9;
const BIGRAM_SALT = 0x85ebca6b;

/** Lower-cases ASCII letters and collapses whitespace runs (to one space) in one pass. */
export function compactText(text: string): CompactText {
  const codes = new Uint16Array(text.length);
  const at = new Int32Array(text.length);
  let n = 0;
  let space = true;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11 || c === 0xa0) {
      if (space) continue;
      space = true;
      c = 32;
    } else {
      space = false;
      if (c >= 65 && c <= 90) c += 32;
    }
    codes[n] = c;
    at[n] = i;
    n++;
  }
  return { codes, at, length: n };
}

function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 39 || c > 0x7f;
}

/**
 * Calls `visit(slot, end)` for every feature of `text` (compact form), where
 * `end` is the compact position after the feature's last character. Character
 * n-grams come in text order; a word's unigram and bigram come at its end.
 */
export function forEachFeature(text: CompactText, spec: FeatureSpec, visit: (slot: number, end: number) => void): void {
  const { codes, length } = text;
  const mask = spec.buckets - 1;
  let wordHash = 0;
  let wordLength = 0;
  let previousWord = 0;
  let hasPrevious = false;
  for (let i = 0; i < length; i++) {
    let h = FNV_OFFSET;
    for (let k = 0; k < 5 && i + k < length; k++) {
      h = Math.imul(h ^ codes[i + k]!, FNV_PRIME);
      if (k >= 2) visit((h ^ (h >>> 15)) & mask, i + k + 1);
    }
    const c = codes[i]!;
    if (isWordCode(c)) {
      wordHash = Math.imul((wordLength === 0 ? FNV_OFFSET ^ WORD_SALT : wordHash) ^ c, FNV_PRIME);
      wordLength++;
    }
    if (wordLength > 0 && (i + 1 === length || !isWordCode(codes[i + 1]!))) {
      const w = wordHash ^ (wordHash >>> 13);
      visit(w & mask, i + 1);
      if (hasPrevious) {
        const b = Math.imul(previousWord ^ BIGRAM_SALT, FNV_PRIME) ^ w;
        visit((b ^ (b >>> 16)) & mask, i + 1);
      }
      previousWord = w;
      hasPrevious = true;
      wordLength = 0;
    }
  }
}
