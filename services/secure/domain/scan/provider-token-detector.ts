import type { Candidate, Detector, DetectorPattern } from "./detector.js";
import { PROVIDER_TOKEN_FORMATS, type ProviderTokenFormat } from "./provider-token-formats.js";
import { shannonEntropy } from "./shannon-entropy.js";
import { compileTokenShape, type TokenShape } from "./token-shape.js";

/** A format of the table compiled: its shape and the pattern that joins the scan. */
export interface CompiledTokenFormat {
  format: ProviderTokenFormat;
  shape: TokenShape;
  pattern: DetectorPattern;
}

/**
 * The least entropy (bits per character) of a random part of `length`
 * characters from an alphabet of `alphabetSize` when its format sets none:
 * random text rarely scores below about 0.6·log2(length) (2.4 for 16, 3 for
 * 32) nor below 0.65·log2(alphabetSize) (2.16 for digits); words and
 * placeholders score far less.
 */
export function defaultMinEntropy(length: number, alphabetSize = 64): number {
  return Math.min(3, 0.6 * Math.log2(Math.max(2, length)), 0.65 * Math.log2(Math.max(2, alphabetSize)));
}

const CHARACTER_CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/];

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
  // A token cannot start in the middle of a word: the shape of one that starts with a word character is anchored at a boundary.
  const boundary = /^[\w([{]/.test(format.shape) ? "\\b" : "";
  const source = keyed
    ? `(?:${format.keywords!.map(escapeKeyword).join("|")})${ASSIGNMENT}(${shape.source})`
    : `${boundary}${shape.source}`;
  const continuation = new Set([...shape.tail, ..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"]);
  const classes = CHARACTER_CLASSES.filter((r) => r.test(shape.alphabet));
  const minEntropy = format.minEntropy ?? ((length: number) => defaultMinEntropy(length, shape.alphabet.length));
  const validate = (c: Candidate): boolean => {
    // A longer run of token characters is another (or no) token, not a cut-off one of this format.
    if (continuation.has(c.text[c.end] ?? "")) return false;
    const random = shape.randomPart(c.value);
    if (random === null || PLACEHOLDER.test(c.value) || looksTyped(random)) return false;
    // Random text of 16 characters or more drawn from lower case, upper case and
    // digits holds at least two of them; a word or a number holds one.
    if (classes.length >= 2 && random.length >= 16 && classes.filter((r) => r.test(random)).length < 2) return false;
    return shannonEntropy(random) >= (typeof minEntropy === "number" ? minEntropy : minEntropy(random.length));
  };
  return {
    format,
    shape,
    pattern: { source, flags: keyed ? "i" : "", group: keyed ? 1 : 0, label: format.label, validate },
  };
}

/** Every format of `PROVIDER_TOKEN_FORMATS`, compiled, in table order. */
export const COMPILED_TOKEN_FORMATS: readonly CompiledTokenFormat[] = PROVIDER_TOKEN_FORMATS.map(compileFormat);

// The public prefixes a masked excerpt keeps (`dop_v1_…3f`), longest first so the whole prefix shows.
const PREFIXES = [...new Set(COMPILED_TOKEN_FORMATS.map((f) => (f.format.keywords ? "" : f.shape.prefix)).filter((p) => p.length >= 2))].sort(
  (a, b) => b.length - a.length,
);

/**
 * The `provider_token` detector: one pattern per format of the table, each
 * finding labelled with its format (`DigitalOcean personal access token`).
 */
export const PROVIDER_TOKEN_DETECTOR: Detector = {
  category: "provider_token",
  patterns: COMPILED_TOKEN_FORMATS.map((f) => f.pattern),
  keywords: [],
  keywordWindow: 0,
  mask: { kind: "secret", prefix: new RegExp(`^(?:${PREFIXES.map(escapeKeyword).join("|")})`) },
};
