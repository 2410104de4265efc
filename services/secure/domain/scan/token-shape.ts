/**
 * The character classes a token shape can use, by name: what each random
 * part of a provider's token is drawn from.
 */
export const SHAPE_ALPHABETS = {
  hex: "0123456789abcdef",
  HEX: "0123456789ABCDEF",
  Hex: "0123456789abcdefABCDEF",
  digit: "0123456789",
  lower: "abcdefghijklmnopqrstuvwxyz",
  upper: "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
  alpha: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
  a36: "0123456789abcdefghijklmnopqrstuvwxyz",
  A36: "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
  alnum: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
  word: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_",
  url: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-",
  b64: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+/",
  /** base64 with its padding sign. */
  b64pad: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+/=",
  /** base64url with padding signs: what many vendors' opaque tokens are drawn from. */
  token: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-=",
  /** Letters, digits and URL escapes (%2F): URL-encoded tokens. */
  pct: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ%",
  /** Microsoft Entra ID client secrets. */
  entra: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_~.-",
  b32: "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567",
  bech32: "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L",
} as const;

/** The name of an alphabet of `SHAPE_ALPHABETS`. */
export type ShapeAlphabet = keyof typeof SHAPE_ALPHABETS;

type Part =
  | { kind: "literal"; text: string }
  | { kind: "random"; alphabet: ShapeAlphabet; min: number; max: number }
  | { kind: "choice"; options: Part[][] };

/** A token shape compiled: its pattern, how to take its random parts apart, and fixtures of it. */
export interface TokenShape {
  /** The shape as written. */
  shape: string;
  /**
   * A regular expression source in the common subset of RE2 and JavaScript
   * matching at least every value of the shape (long random parts by their
   * alphabet only: see `SCAN_REPEAT_LIMIT`).
   */
  source: string;
  /** The random parts of `value` joined (literal parts left out), or null when `value` does not have the shape. */
  randomPart(value: string): string | null;
  /** The literal text every value starts with ("" when it starts with a random part or a choice). */
  prefix: string;
  /** The alphabet of the last part, which a longer token would continue with. */
  tail: string;
  /** Every character the random parts may hold. */
  alphabet: string;
  /** The alphabet of the first part when it is random ("" otherwise), which a token glued to it would continue. */
  head: string;
  /** A value of the shape whose random parts come from `random` (a source of numbers in [0, 1)). */
  sample(random: () => number): string;
  /** A value of the shape whose random parts are one repeated character: a placeholder. */
  placeholder(): string;
}

/**
 * Compiles a token shape: literal text with random parts `{alphabet:n}` or
 * `{alphabet:min-max}` and choices `(a|b|)` (an empty option makes the rest
 * optional), e.g. `dop_v1_{hex:64}` or `shippo_(live|test)_{hex:40}`. One
 * shape gives the pattern, the validator's view of the random part and the
 * positive and negative fixtures, so they cannot drift apart. A backslash
 * makes the next character literal. With `ignoreCase` the shape's letters
 * match in either case, spelt out in the pattern (`[sS][kK]_[0-9a-fA-F]{16,}`)
 * so that it needs no `i` flag (see `caselessSource`).
 */
export function compileTokenShape(shape: string, options: { ignoreCase?: boolean } = {}): TokenShape {
  const [parts, end] = parseParts(shape, 0, false);
  if (end !== shape.length) throw new Error(`token shape ${shape}: unexpected ${shape[end]} at ${end}`);
  const caseless = options.ignoreCase === true;
  const source = parts.map((p) => toSource(p, caseless)).join("");
  const grouped = new RegExp(`^${parts.map(toGroupedSource).join("")}$`, options.ignoreCase ? "i" : "");
  const first = parts[0];
  const last = parts[parts.length - 1];
  return {
    shape,
    source,
    prefix: first?.kind === "literal" ? first.text : "",
    tail: last?.kind === "random" ? SHAPE_ALPHABETS[last.alphabet] : "",
    head: first?.kind === "random" ? SHAPE_ALPHABETS[first.alphabet] : "",
    alphabet: [...new Set(alphabetsOf(parts).flatMap((a) => [...SHAPE_ALPHABETS[a]]))].join(""),
    randomPart(value) {
      const m = grouped.exec(value);
      return m ? m.slice(1).filter((g) => g !== undefined).join("") : null;
    },
    sample: (random) => sampleOf(parts, random, false),
    placeholder: () => sampleOf(parts, () => 0, true),
  };
}

function parseParts(shape: string, at: number, inChoice: boolean): [Part[], number] {
  const parts: Part[] = [];
  let literal = "";
  const flush = () => {
    if (literal !== "") parts.push({ kind: "literal", text: literal });
    literal = "";
  };
  let i = at;
  while (i < shape.length) {
    const c = shape[i]!;
    if (inChoice && (c === "|" || c === ")")) break;
    if (c === "\\") {
      literal += shape[i + 1] ?? "";
      i += 2;
    } else if (c === "{") {
      const close = shape.indexOf("}", i);
      const m = /^([A-Za-z0-9]+):(\d+)(?:-(\d+))?$/.exec(shape.slice(i + 1, close));
      if (close < 0 || !m || !(m[1]! in SHAPE_ALPHABETS)) throw new Error(`token shape ${shape}: bad random part at ${i}`);
      flush();
      const min = Number(m[2]);
      parts.push({ kind: "random", alphabet: m[1] as ShapeAlphabet, min, max: m[3] ? Number(m[3]) : min });
      i = close + 1;
    } else if (c === "(") {
      flush();
      const options: Part[][] = [];
      let j = i + 1;
      for (;;) {
        const [option, next] = parseParts(shape, j, true);
        options.push(option);
        if (shape[next] === "|") j = next + 1;
        else if (shape[next] === ")") {
          i = next + 1;
          break;
        } else throw new Error(`token shape ${shape}: unclosed choice at ${i}`);
      }
      parts.push({ kind: "choice", options });
    } else {
      literal += c;
      i++;
    }
  }
  flush();
  return [parts, i];
}

function alphabetsOf(parts: readonly Part[]): ShapeAlphabet[] {
  return parts.flatMap((p) => (p.kind === "random" ? [p.alphabet] : p.kind === "choice" ? p.options.flatMap(alphabetsOf) : []));
}

const escape = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");

/**
 * `text` as a pattern that matches it in either letter case without the `i`
 * flag: `sk_` becomes `[sS][kK]_`. Under `i`, RE2 folds case the Unicode way
 * (k also stands for the Kelvin sign, s for the long s), which makes every
 * class and letter of a pattern several instructions of UTF-8: a keyed
 * format's program was twice as large, and all patterns share one budget.
 */
export function caselessSource(text: string): string {
  return [...text].map((c) => (/[a-zA-Z]/.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : escape(c))).join("");
}

// The alphabet with the other case of each of its letters, in code order.
function bothCases(chars: string): string {
  return [...new Set([...chars, ...chars.toUpperCase(), ...chars.toLowerCase()])].sort().join("");
}

function classOf(alphabet: ShapeAlphabet, caseless = false): string {
  const chars = caseless ? bothCases(SHAPE_ALPHABETS[alphabet]) : SHAPE_ALPHABETS[alphabet];
  // Ranges keep the sources short: runs of consecutive characters become a-z.
  let out = "";
  for (let i = 0; i < chars.length; ) {
    let j = i;
    while (j + 1 < chars.length && chars.charCodeAt(j + 1) === chars.charCodeAt(j) + 1) j++;
    out += j - i >= 2 ? `${chars[i]!}-${chars[j]!}` : chars.slice(i, j + 1).replace(/[\\\]^-]/g, "\\$&");
    i = j + 1;
  }
  return `[${out}]`;
}

const count = (p: { min: number; max: number }) => (p.min === p.max ? `{${p.min}}` : `{${p.min},${p.max}}`);

/**
 * Random parts longer than this are matched in the scan as this many or more
 * characters of their alphabet; `randomPart` checks the exact length. Counted
 * repetitions are unrolled by RE2, so exact counts of 40 to 1,000 characters
 * over some 200 formats would make the single-pass automaton many times larger.
 */
export const SCAN_REPEAT_LIMIT = 16;

function toSource(p: Part, caseless: boolean): string {
  if (p.kind === "literal") return caseless ? caselessSource(p.text) : escape(p.text);
  if (p.kind === "random") {
    return classOf(p.alphabet, caseless) + (p.max <= SCAN_REPEAT_LIMIT ? count(p) : `{${Math.min(p.min, SCAN_REPEAT_LIMIT)},}`);
  }
  return `(?:${p.options.map((o) => o.map((q) => toSource(q, caseless)).join("")).join("|")})`;
}

function toGroupedSource(p: Part): string {
  if (p.kind === "literal") return escape(p.text);
  if (p.kind === "random") return `(${classOf(p.alphabet)}${count(p)})`;
  return `(?:${p.options.map((o) => o.map(toGroupedSource).join("")).join("|")})`;
}

function sampleOf(parts: readonly Part[], random: () => number, placeholder: boolean): string {
  return parts
    .map((p) => {
      if (p.kind === "literal") return p.text;
      if (p.kind === "random") {
        const chars = SHAPE_ALPHABETS[p.alphabet];
        const n = p.min + Math.floor(random() * (p.max - p.min + 1));
        if (placeholder) return chars[chars.length - 1]!.repeat(n);
        return Array.from({ length: n }, () => chars[Math.floor(random() * chars.length)]!).join("");
      }
      // The first option of a choice is its usual form; an empty one is never the first.
      return sampleOf(p.options[placeholder ? 0 : Math.floor(random() * p.options.length)]!, random, placeholder);
    })
    .join("");
}
