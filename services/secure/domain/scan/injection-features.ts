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
  /** Spaces in the compact text (a text of `n > 0` characters has `spaces + 1` words). */
  spaces: number;
}

/**
 * The scoring pass: reads `text` once, compacting it on the fly (as
 * `compactText`) and hashing exactly the features `forEachFeature` lists
 * (a test holds the two together), and sums their weights per block of
 * `stride` characters. Nothing is allocated per character: the blocks are
 * all a sliding-window score needs when windows start at multiples of the
 * stride.
 */
export function accumulateFeatureBlocks(text: string, weights: Int8Array, stride: number): FeatureBlocks {
  const walk = new FeatureWalk(text, weights, stride);
  // In chunks, so the hot loop is a function called many times rather than one
  // long loop V8 optimises on the stack: when the first texts were long, the
  // function was deoptimised at the end of every call (seen on Node 20 and 24,
  // 100 KB in 1.6 ms instead of 1.1).
  for (let from = 0; from < text.length; from += WALK_CHUNK) walk.run(from, Math.min(text.length, from + WALK_CHUNK));
  walk.endWord();
  return { sums: walk.sums, counts: walk.counts, starts: walk.starts, blocks: walk.block + 1, length: walk.n, spaces: walk.spaces };
}

const WALK_CHUNK = 1024;

/** The state of the scoring pass between chunks of the text. */
class FeatureWalk {
  readonly sums: Int32Array;
  readonly counts: Int32Array;
  readonly starts: Int32Array;
  private readonly mask: number;
  n = 0;
  spaces = 0;
  block = -1;
  private space = true;
  // The two compact characters before the current one, and the raw hash of the trigram that ended there.
  private c1 = 0;
  private c2 = 0;
  private previousTrigram = 0;
  private inBlock: number;
  private wordHash = 0;
  private wordLength = 0;
  private previousWord = 0;
  private hasPrevious = false;

  constructor(
    private readonly text: string,
    private readonly weights: Int8Array,
    private readonly stride: number,
  ) {
    const capacity = Math.ceil(text.length / stride) + 1;
    this.sums = new Int32Array(capacity);
    this.counts = new Int32Array(capacity);
    this.starts = new Int32Array(capacity);
    this.mask = weights.length - 1;
    this.inBlock = stride;
  }

  /** Walks text offsets `from` … `to` - 1 (state in locals while it runs). */
  run(from: number, to: number): void {
    const { text, weights, mask, stride, sums, counts, starts } = this;
    let { n, spaces, block, space, c1, c2, previousTrigram, inBlock, wordHash, wordLength, previousWord, hasPrevious } = this;
    // The current block's sum and count, written back when it is full and at the chunk's end.
    let sum = block >= 0 ? sums[block]! : 0;
    let count = block >= 0 ? counts[block]! : 0;
    for (let i = from; i < to; i++) {
      let c = text.charCodeAt(i);
      if (isCompactSpace(c)) {
        if (space) continue;
        space = true;
        c = 32;
        spaces++;
      } else {
        space = false;
        if (c >= 65 && c <= 90) c += 32;
      }
      const word = isWordCode(c);
      // A word that ended at the previous character belongs to the previous character's block.
      if (wordLength > 0 && !word) {
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
      if (n >= 3) {
        const t = Math.imul(Math.imul(Math.imul(FNV_OFFSET ^ c2, FNV_PRIME) ^ c1, FNV_PRIME) ^ c, FNV_PRIME);
        const f = Math.imul(previousTrigram ^ c, FNV_PRIME);
        sum += weights[(t ^ (t >>> 15)) & mask]! + weights[(f ^ (f >>> 15)) & mask]!;
        count += 2;
        previousTrigram = t;
      } else if (n === 2) {
        const t = Math.imul(Math.imul(Math.imul(FNV_OFFSET ^ c2, FNV_PRIME) ^ c1, FNV_PRIME) ^ c, FNV_PRIME);
        sum += weights[(t ^ (t >>> 15)) & mask]!;
        count++;
        previousTrigram = t;
      }
      if (word) {
        wordHash = Math.imul((wordLength === 0 ? FNV_OFFSET ^ WORD_SALT : wordHash) ^ c, FNV_PRIME);
        wordLength++;
      }
      c2 = c1;
      c1 = c;
      n++;
    }
    if (block >= 0) {
      sums[block] = sum;
      counts[block] = count;
    }
    this.n = n;
    this.spaces = spaces;
    this.block = block;
    this.space = space;
    this.c1 = c1;
    this.c2 = c2;
    this.previousTrigram = previousTrigram;
    this.inBlock = inBlock;
    this.wordHash = wordHash;
    this.wordLength = wordLength;
    this.previousWord = previousWord;
    this.hasPrevious = hasPrevious;
  }

  /** Adds the features of a word the text ends in. */
  endWord(): void {
    if (this.wordLength === 0) return;
    const { weights, mask } = this;
    const w = this.wordHash ^ (this.wordHash >>> 13);
    this.sums[this.block]! += weights[w & mask]!;
    this.counts[this.block]!++;
    if (this.hasPrevious) {
      const b = Math.imul(this.previousWord ^ BIGRAM_SALT, FNV_PRIME) ^ w;
      this.sums[this.block]! += weights[(b ^ (b >>> 16)) & mask]!;
      this.counts[this.block]!++;
    }
  }
}
