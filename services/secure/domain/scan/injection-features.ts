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
 * prefix sums. A character n-gram that ends at the fifth or later character of
 * a run of one character ("1111111", "=====") is left out: the run says
 * nothing more than its first four characters did, and counted in full it
 * outweighed the words around it (a card number tipped a JSON payload).
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
// Character n-grams ending at this or a later character of a run of one character are left out.
const MAX_RUN = 5;

// The whitespace a compact text collapses: space, tab, line breaks, form feed, vertical tab, no-break space.
// (Written so that a letter, by far the commonest character, costs one comparison.)
function isCompactSpace(c: number): boolean {
  return c <= 32 ? c === 32 || (c >= 9 && c <= 13) : c === 0xa0;
}

/** Lower-cases ASCII letters and collapses whitespace runs (to one space) in one pass, keeping each character's offset. */
export function compactText(text: string): CompactText {
  const codes = new Uint16Array(text.length);
  const at = new Int32Array(text.length);
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
    at[n] = i;
    n++;
  }
  return { codes, at, length: n };
}

/** Whether `c` (a compact character code, or -1 past the end) belongs to a word. */
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
  // runs[j]: how many characters up to j are the same as j (1 for a character unlike the one before).
  const runs = new Int32Array(length);
  for (let j = 0; j < length; j++) runs[j] = j > 0 && codes[j] === codes[j - 1] ? runs[j - 1]! + 1 : 1;
  let wordHash = 0;
  let wordLength = 0;
  let previousWord = 0;
  let hasPrevious = false;
  for (let i = 0; i < length; i++) {
    let h = FNV_OFFSET;
    for (let k = 0; k < 4 && i + k < length; k++) {
      h = Math.imul(h ^ codes[i + k]!, FNV_PRIME);
      if (k >= 2 && runs[i + k]! < MAX_RUN) visit((h ^ (h >>> 15)) & mask, i + k + 1);
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
 * The features of a text summed per block of `stride` compact characters,
 * as scoring needs them: `sums[k]` is the sum of the int8 weights of the
 * features ending in block `k` (ends `k·stride+1 … (k+1)·stride`, as
 * `forEachFeature` numbers them), `counts[k]` their number, and `starts[k]`
 * the offset in the text of the block's first character.
 */
export interface FeatureBlocks {
  sums: Int32Array;
  counts: Int32Array;
  starts: Int32Array;
  /** Blocks filled (the compact length divided by `stride`, rounded up). */
  blocks: number;
  /** The compact text's length. */
  length: number;
  /** Spaces in the compact text. */
  spaces: number;
  /** Characters of scripts written without spaces between words (see `wordCount`). */
  unspaced: number;
}

/** Whether the UTF-16 unit `c` is a letter of a script written without spaces: kana, CJK ideographs, Thai. */
export function isUnspacedScript(c: number): boolean {
  return (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x0e00 && c <= 0x0e7f);
}

/**
 * The words a compact text of `length` characters holds, for the model's
 * minimum: one more than its spaces, and one per two characters of a script
 * written without spaces (a Chinese or Japanese word is one to three
 * characters), so a sentence in those scripts is not one "word".
 */
export function wordCount(length: number, spaces: number, unspaced: number): number {
  return length > 0 ? spaces + 1 + Math.floor(unspaced / 2) : 0;
}

// What the pass needs of an ASCII character, from a table instead of a chain
// of range tests: its compact form (lower-cased; 32 for whitespace) and its
// kind. Other characters are word characters, but for the no-break space.
const SPACE = 0;
const WORD = 1;
const OTHER = 2;
const ASCII_COMPACT = new Uint8Array(128);
const ASCII_KIND = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const lower = c >= 65 && c <= 90 ? c + 32 : c;
  ASCII_COMPACT[c] = isCompactSpace(c) ? 32 : lower;
  ASCII_KIND[c] = isCompactSpace(c) ? SPACE : isWordCode(lower) ? WORD : OTHER;
}

/**
 * The scoring pass: reads `text` once, compacting it on the fly (as
 * `compactText`) and hashing exactly the features `forEachFeature` lists
 * (a test holds the two together), and sums their weights per block of
 * `stride` characters. Nothing is allocated per character: the blocks are
 * all a sliding-window score needs when windows start at multiples of the
 * stride. Each n-gram hash is one multiplication from rolling states, and an
 * ASCII character's compact form and kind are one table read each.
 */
export function accumulateFeatureBlocks(text: string, weights: Int8Array, stride: number): FeatureBlocks {
  const codes = utf16Codes(text);
  const length = codes.length;
  const capacity = Math.ceil(length / stride) + 1;
  const sums = new Int32Array(capacity);
  const counts = new Int32Array(capacity);
  const starts = new Int32Array(capacity);
  const mask = weights.length - 1;
  let n = 0;
  let spaces = 0;
  let unspaced = 0;
  let block = -1;
  let inBlock = stride;
  let sum = 0;
  let count = 0;
  let space = true;
  // Rolling FNV states over the compact text: of the last character alone,
  // of the last two, and of the last three (the trigram that ended there).
  let unigram = 0;
  let bigram = 0;
  let previousTrigram = 0;
  let wordHash = 0;
  let wordLength = 0;
  let previousWord = 0;
  let hasPrevious = false;
  let previousCode = -1;
  let run = 0;
  for (let i = 0; i < length; i++) {
    const raw = codes[i]!;
    let c: number;
    let kind: number;
    if (raw < 128) {
      c = ASCII_COMPACT[raw]!;
      kind = ASCII_KIND[raw]!;
    } else if (raw === 0xa0) {
      c = 32;
      kind = SPACE;
    } else {
      c = raw;
      kind = WORD;
      if (isUnspacedScript(raw)) unspaced++;
    }
    if (kind === SPACE) {
      if (space) continue;
      spaces++;
    }
    space = kind === SPACE;
    // A word that ended at the previous character belongs to the previous character's block.
    if (wordLength > 0 && kind !== WORD) {
      const w = wordHash ^ (wordHash >>> 13);
      sum += weights[w & mask]!;
      count++;
      if (hasPrevious) {
        const b = Math.imul(previousWord ^ BIGRAM_SALT, FNV_PRIME) ^ w;
        sum += weights[(b ^ (b >>> 16)) & mask]!;
        count++;
      }
      previousWord = w;
      hasPrevious = true;
      wordLength = 0;
    }
    if (inBlock === stride) {
      if (block >= 0) {
        sums[block] = sum;
        counts[block] = count;
      }
      block++;
      starts[block] = i;
      inBlock = 0;
      sum = 0;
      count = 0;
    }
    inBlock++;
    run = c === previousCode ? run + 1 : 1;
    previousCode = c;
    const trigram = Math.imul(bigram ^ c, FNV_PRIME);
    // Inside a long run of one character the n-grams are left out (see forEachFeature).
    if (run < MAX_RUN && n >= 3) {
      const fourgram = Math.imul(previousTrigram ^ c, FNV_PRIME);
      sum += weights[(trigram ^ (trigram >>> 15)) & mask]! + weights[(fourgram ^ (fourgram >>> 15)) & mask]!;
      count += 2;
    } else if (run < MAX_RUN && n === 2) {
      sum += weights[(trigram ^ (trigram >>> 15)) & mask]!;
      count++;
    }
    previousTrigram = trigram;
    bigram = Math.imul(unigram ^ c, FNV_PRIME);
    unigram = Math.imul(FNV_OFFSET ^ c, FNV_PRIME);
    if (kind === WORD) {
      wordHash = Math.imul((wordLength === 0 ? FNV_OFFSET ^ WORD_SALT : wordHash) ^ c, FNV_PRIME);
      wordLength++;
    }
    n++;
  }
  if (block >= 0) {
    sums[block] = sum;
    counts[block] = count;
  }
  // The word the text ends in.
  if (wordLength > 0) {
    const w = wordHash ^ (wordHash >>> 13);
    sums[block]! += weights[w & mask]!;
    counts[block]!++;
    if (hasPrevious) {
      const b = Math.imul(previousWord ^ BIGRAM_SALT, FNV_PRIME) ^ w;
      sums[block]! += weights[(b ^ (b >>> 16)) & mask]!;
      counts[block]!++;
    }
  }
  return { sums, counts, starts, blocks: block + 1, length: n, spaces, unspaced };
}

/**
 * The UTF-16 code units of `text` as an array: one native copy, after which
 * each read is an indexed load (`charCodeAt` in the loop cost more than the
 * copy and the loads together).
 */
function utf16Codes(text: string): Uint16Array {
  const bytes = Buffer.from(text, "utf16le");
  // Pooled buffers start at multiples of 8, so the view is aligned; copy in case that ever changes.
  if (bytes.byteOffset % 2 !== 0) return new Uint16Array(new Uint8Array(bytes).buffer, 0, text.length);
  return new Uint16Array(bytes.buffer, bytes.byteOffset, text.length);
}
