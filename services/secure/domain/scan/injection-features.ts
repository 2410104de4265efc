/**
 * The features the prompt-injection classifier reads, shared by training
 * (`scripts/train-injection-model.ts`) and scanning (`injection-classifier.ts`)
 * so both see a text the same way.
 *
 * The text is read lower-cased with runs of whitespace as one space. Each
 * feature is a hashed character 3- or 4-gram, or a hashed word unigram
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

// The whitespace a compact text collapses: space, tab, line breaks, form feed, vertical tab, no-break space.
function isCompactSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11 || c === 0xa0;
}

/**
 * The one walk behind `compactText` and `compactCodes`: lower-cases ASCII
 * letters and collapses whitespace runs to one space, writing each compact
 * character's source offset to `at` when given.
 */
function compactWalk(text: string, at?: Int32Array): { codes: Uint16Array; length: number } {
  const codes = new Uint16Array(text.length);
  let n = 0;
  let space = true;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (isCompactSpace(c)) {
      if (space) continue;
      space = true;
      c = 32;
    } else {
      space = false;
      if (c >= 65 && c <= 90) c += 32;
    }
    codes[n] = c;
    if (at) at[n] = i;
    n++;
  }
  return { codes, length: n };
}

/** Lower-cases ASCII letters and collapses whitespace runs (to one space) in one pass, keeping each character's offset. */
export function compactText(text: string): CompactText {
  const at = new Int32Array(text.length);
  return { ...compactWalk(text, at), at };
}

/**
 * The compact form's characters only (as `compactText`), without offsets:
 * scoring needs offsets for one span, and `offsetOfCompact` finds them.
 */
export function compactCodes(text: string): { codes: Uint16Array; length: number } {
  return compactWalk(text);
}

/** The offset in `text` of compact character `index` (`text.length` past the end), by the same rule as `compactWalk`. */
export function offsetOfCompact(text: string, index: number): number {
  let n = 0;
  let space = true;
  for (let i = 0; i < text.length; i++) {
    if (isCompactSpace(text.charCodeAt(i))) {
      if (space) continue;
      space = true;
    } else space = false;
    if (n === index) return i;
    n++;
  }
  return text.length;
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
    for (let k = 0; k < 4 && i + k < length; k++) {
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

/**
 * `forEachFeature` specialised for scoring, with no call per feature: adds
 * the int8 weight of every feature to `sums[end]` and 1 to `counts[end]`.
 * Hashing is exactly `forEachFeature`'s (a test holds the two together).
 */
export function accumulateFeatures(text: Pick<CompactText, "codes" | "length">, weights: Int8Array, sums: Int32Array, counts: Int32Array): void {
  const { codes, length } = text;
  const mask = weights.length - 1;
  let wordHash = 0;
  let wordLength = 0;
  let previousWord = 0;
  let hasPrevious = false;
  for (let i = 0; i < length; i++) {
    const c = codes[i]!;
    let h = Math.imul(FNV_OFFSET ^ c, FNV_PRIME);
    if (i + 2 < length) {
      h = Math.imul(h ^ codes[i + 1]!, FNV_PRIME);
      h = Math.imul(h ^ codes[i + 2]!, FNV_PRIME);
      sums[i + 3]! += weights[(h ^ (h >>> 15)) & mask]!;
      counts[i + 3]!++;
      if (i + 3 < length) {
        h = Math.imul(h ^ codes[i + 3]!, FNV_PRIME);
        sums[i + 4]! += weights[(h ^ (h >>> 15)) & mask]!;
        counts[i + 4]!++;
      }
    }
    if (isWordCode(c)) {
      wordHash = Math.imul((wordLength === 0 ? FNV_OFFSET ^ WORD_SALT : wordHash) ^ c, FNV_PRIME);
      wordLength++;
    }
    if (wordLength > 0 && (i + 1 === length || !isWordCode(codes[i + 1]!))) {
      const w = wordHash ^ (wordHash >>> 13);
      sums[i + 1]! += weights[w & mask]!;
      counts[i + 1]!++;
      if (hasPrevious) {
        const b = Math.imul(previousWord ^ BIGRAM_SALT, FNV_PRIME) ^ w;
        sums[i + 1]! += weights[(b ^ (b >>> 16)) & mask]!;
        counts[i + 1]!++;
      }
      previousWord = w;
      hasPrevious = true;
      wordLength = 0;
    }
  }
}
