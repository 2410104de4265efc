import type { Candidate, Detector, DetectorPattern } from "./detector.js";
import { PROVIDER_TOKEN_FORMATS, type ProviderTokenFormat } from "./provider-token-formats.js";
import { shannonEntropy } from "./shannon-entropy.js";
import { STRUCTURED_TOKEN_PATTERNS } from "./structured-token-formats.js";
import { caselessSource, compileTokenShape, type TokenShape } from "./token-shape.js";

/** A format of the table compiled: its shape and the patterns that join the scan. */
export interface CompiledTokenFormat {
  format: ProviderTokenFormat;
  shape: TokenShape;
  pattern: DetectorPattern;
  /** The token given to one of the format's command-line options, when it lists any. */
  flagPattern?: DetectorPattern;
}

/** Random values of a shape drawn to learn how much entropy its real tokens have. */
const ENTROPY_SAMPLES = 64;

/**
 * The least entropy (bits per character) the random part of a token of
 * `shape` needs when its format sets none: six standard deviations below
 * the mean entropy of random values of the shape in one letter case, drawn with a fixed seed
 * (so the threshold is the same on every start). The tail below the mean is
 * long: 0.1% of random 64-character hex tokens score under mean − 4 sd.
 * A 64-character hex token then needs about 3.4 bits, a 16-character
 * alphanumeric one about 2.9; typed values (deadbeef…, words) score less.
 */
export function defaultMinEntropy(shape: TokenShape): number {
  let seed = 0x9e3779b9;
  const random = () => {
    // xorshift32: deterministic and good enough to draw characters.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4294967296;
  };
  // Folded to one case: many vendors issue lower-case tokens where the shape
  // allows both cases, and those must pass too.
  const bits = Array.from({ length: ENTROPY_SAMPLES }, () => shannonEntropy((shape.randomPart(shape.sample(random)) ?? "").toLowerCase()));
  const mean = bits.reduce((a, b) => a + b, 0) / bits.length;
  const sd = Math.sqrt(bits.reduce((a, b) => a + (b - mean) ** 2, 0) / bits.length);
  return mean - 6 * sd;
}

const WORD_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_";

// Placeholders people write where a key goes, and signs of a template rather than a value.
const PLACEHOLDER = /example|sample|dummy|placeholder|your[_-]?(?:api|key|token|secret)|redacted|x{6}|X{6}|\*\*\*|\.\.\.|<|>|\$\{|\{\{|changeme|insert/i;

/** Six or more of one character, or an ascending run like `123456` / `abcdef`: typed, not drawn at random. */
function looksTyped(random: string): boolean {
  if (/(.)\1{5}/.test(random)) return true;
  let run = 1;
  for (let i = 1; i < random.length; i++) {
    run = random.charCodeAt(i) === random.charCodeAt(i - 1) + 1 ? run + 1 : 1;
    if (run >= 6) return true;
  }
  return false;
}

// The operators between a setting's name and its value: = : := => ?= , > ( and friends.
const ASSIGNMENT = `[\\w .-]{0,20}[\\s'"]{0,3}(?:=|:{1,3}=?|=>|\\?=|\\|\\|=?|,|>|\\()[\\s'"=\`]{0,5}`;
const escapeKeyword = (k: string) => k.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");

function compileFormat(format: ProviderTokenFormat): CompiledTokenFormat {
  const keyed = format.keywords !== undefined;
  const shape = compileTokenShape(format.shape, { ignoreCase: keyed });
  // A token cannot start in the middle of a word: a shape that starts with a
  // word character is anchored at a boundary; one that starts with a random
  // part is checked for a character of its alphabet before it.
  const boundary = /^[\w(]/.test(format.shape) ? "\\b" : "";
  const head = new Set(keyed || shape.head === "" ? "" : shape.head + WORD_CHARACTERS);
  // A keyed format matches its keywords and value in either case, spelt out rather than by the `i` flag (see `caselessSource`).
  const source = keyed
    ? `(?:${format.keywords!.map(caselessSource).join("|")})${ASSIGNMENT}(${shape.source})`
    : `${boundary}${shape.source}`;
  const continuation = new Set(shape.tail + WORD_CHARACTERS.slice(0, -1));
  const classes = keyed ? [/[a-z]/, /[A-Z]/, /[0-9]/].filter((r) => r.test(shape.alphabet)) : [];
  const minEntropy = format.minEntropy ?? defaultMinEntropy(shape);
  const validate = (c: Candidate): boolean => {
    // A longer run of token characters is another (or no) token, not a cut-off one of this format.
    if (continuation.has(c.text[c.end] ?? "") || head.has(c.text[c.start - 1] ?? "")) return false;
    const random = shape.randomPart(c.value);
    if (random === null || PLACEHOLDER.test(c.value) || looksTyped(random)) return false;
    // A value without a distinctive prefix could be a word or a number: random
    // text of 16 characters or more drawn from two or three of lower case,
    // upper case and digits holds at least two of them.
    if (classes.length >= 2 && random.length >= 16 && classes.filter((r) => r.test(random)).length < 2) return false;
    return shannonEntropy(random) >= minEntropy;
  };
  const compiled: CompiledTokenFormat = {
    format,
    shape,
    pattern: { source, flags: "", group: keyed ? 1 : 0, label: format.label, validate },
  };
  if (format.flags) {
    // --account-key "…", --account-key=…, -StorageAccountKey '…'.
    const flagSource = `(?:${format.flags.map(caselessSource).join("|")})(?:[ \\t]*=[ \\t]*|[ \\t]+)["']?(${shape.source})`;
    compiled.flagPattern = { source: flagSource, flags: "", group: 1, label: format.label, validate };
  }
  return compiled;
}

/** Every format of `PROVIDER_TOKEN_FORMATS`, compiled, in table order. */
export const COMPILED_TOKEN_FORMATS: readonly CompiledTokenFormat[] = PROVIDER_TOKEN_FORMATS.map(compileFormat);

/**
 * The public prefixes of the formats that need no keyword (`dop_v1_`), longest
 * first: a masked excerpt keeps them (`dop_v1_…3f`), so the whole prefix shows.
 */
export const PROVIDER_TOKEN_PREFIXES: readonly string[] = [
  ...new Set(COMPILED_TOKEN_FORMATS.map((f) => (f.format.keywords ? "" : f.shape.prefix)).filter((p) => p.length >= 3)),
].sort((a, b) => b.length - a.length);

/**
 * The `provider_token` detector: one pattern per format of the table (and
 * one more for a format's command-line options), then the structured
 * formats' (see `structured-token-formats.ts`), each finding labelled with
 * its format (`DigitalOcean personal access token`).
 */
export const PROVIDER_TOKEN_DETECTOR: Detector = {
  category: "provider_token",
  patterns: [...COMPILED_TOKEN_FORMATS.flatMap((f) => (f.flagPattern ? [f.pattern, f.flagPattern] : [f.pattern])), ...STRUCTURED_TOKEN_PATTERNS],
  keywords: [],
  keywordWindow: 0,
  mask: { kind: "secret", prefix: new RegExp(`^(?:${PROVIDER_TOKEN_PREFIXES.map(escapeKeyword).join("|")})`) },
};
