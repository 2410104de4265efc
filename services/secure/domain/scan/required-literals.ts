/**
 * What every match of an RE2 pattern must contain: one of `literals`, at
 * least `minBefore` and at most `maxBefore` code points after the match's
 * start. With `caseless` the pattern ignores case and the literals are
 * lower-cased ASCII.
 */
export interface RequiredLiterals {
  literals: string[];
  caseless: boolean;
  minBefore: number;
  maxBefore: number;
}

// A parse that met something outside the subset read here.
class Unreadable extends Error {}

/**
 * One element of a sequence: a literal character, or anything else with its
 * least and greatest length. `folded` marks a literal written as a class of
 * one letter in both cases (`[kK]`, see `caselessSource`), which only a
 * caseless search finds.
 */
type Item =
  | { literal: string; min: 1; max: 1; folded?: true }
  | { literal: null; min: number; max: number; alternatives: string[] | null; folded?: true };

const ONE: Item = { literal: null, min: 1, max: 1, alternatives: null };
const EMPTY: Item = { literal: null, min: 0, max: 0, alternatives: null };

/**
 * Reads `source` (RE2 syntax, with `flags` from `i`, `m`, `s`) for the
 * literal text every match must hold, so that a caller can find candidate
 * places with a substring search and run the pattern only from there.
 *
 * Only the top-level sequence is read: a run of plain characters, or a group
 * whose alternatives are all plain strings (`(?:ignore|disregard)`, at most
 * four), whose distance from the match's start is bounded. A letter spelt in both cases
 * (`[dD][iI]…`) counts as a literal searched for caselessly: a caseless search finds
 * every place a case-sensitive one would, and more. Answers `null` for anything it
 * does not understand (a top-level `|`, inline flags, `\Q…\E`, an unknown
 * escape) and when nothing qualifies: a `null` costs a full search, never a
 * missed match.
 */
export function requiredLiterals(source: string, flags: string): RequiredLiterals | null {
  const caseless = flags.includes("i");
  let items: Item[];
  try {
    const reader = new Reader(source, caseless);
    const alternatives = reader.alternation();
    if (reader.at < source.length || alternatives.length !== 1) return null;
    items = alternatives[0]!;
  } catch (error) {
    if (error instanceof Unreadable) return null;
    throw error;
  }
  let best: RequiredLiterals | null = null;
  let minBefore = 0;
  let before = 0;
  for (let i = 0; i < items.length && Number.isFinite(before); ) {
    const item = items[i]!;
    let candidate: string[] | null = null;
    let folded = item.folded === true;
    let next = i + 1;
    if (item.literal !== null) {
      let run = "";
      for (next = i; next < items.length && items[next]!.literal !== null; next++) {
        run += items[next]!.literal;
        folded ||= items[next]!.folded === true;
      }
      candidate = [run];
    } else if (item.alternatives && searchable(item.alternatives)) {
      candidate = item.alternatives;
    }
    if (candidate && better(candidate, before, best)) {
      // A folded letter makes the whole literal a caseless search, in lower case like the text it reads.
      const searched = folded && !caseless ? [...new Set(candidate.map((l) => l.toLowerCase()))] : candidate;
      best = { literals: searched, caseless: caseless || folded, minBefore, maxBefore: before };
    }
    for (let k = i; k < next; k++) {
      minBefore += items[k]!.min;
      before += items[k]!.max;
    }
    i = next;
  }
  return best;
}

// The longer the shortest literal, the fewer false candidates; then fewer literals, then nearer the start.
function better(literals: string[], before: number, than: RequiredLiterals | null): boolean {
  if (!than) return true;
  const shortest = Math.min(...literals.map((l) => l.length));
  const theirs = Math.min(...than.literals.map((l) => l.length));
  if (shortest !== theirs) return shortest > theirs;
  if (literals.length !== than.literals.length) return literals.length < than.literals.length;
  return before < than.maxBefore;
}

// Each literal is one substring search over the text; beyond a few, they cost more than RE2's own
// pass. Single characters are found at memchr speed, so a small class (`[2-9]`) qualifies.
const MAX_ALTERNATIVES = 4;
const MAX_CLASS_CHARACTERS = 10;

function searchable(alternatives: string[]): boolean {
  if (alternatives.length === 0 || alternatives.some((a) => a.length === 0)) return false;
  return alternatives.length <= MAX_ALTERNATIVES || (alternatives.length <= MAX_CLASS_CHARACTERS && alternatives.every((a) => a.length === 1));
}
const QUANTIFIER = /^\{(\d+)(?:,(\d*))?\}/;
// Escapes of one character class or one character (control, hex, octal, Unicode class).
const ONE_CHARACTER_ESCAPES = new Set(["d", "D", "w", "W", "s", "S", "C", "a", "f", "t", "n", "r", "v", "x", "p", "P", "0", "1", "2", "3", "4", "5", "6", "7"]);
// Escapes that match no text.
const EMPTY_ESCAPES = new Set(["b", "B", "A", "z"]);

class Reader {
  at = 0;

  constructor(
    private readonly s: string,
    private readonly caseless: boolean,
  ) {}

  /** Alternatives until `)` or the end, each a sequence of items. */
  alternation(): Item[][] {
    const alternatives: Item[][] = [[]];
    while (this.at < this.s.length && this.s[this.at] !== ")") {
      if (this.s[this.at] === "|") {
        this.at++;
        alternatives.push([]);
        continue;
      }
      alternatives[alternatives.length - 1]!.push(this.quantified(this.atom()));
    }
    return alternatives;
  }

  private atom(): Item {
    const c = this.s[this.at]!;
    if (c === "(") return this.group();
    if (c === "[") return this.characterClass();
    if (c === "\\") return this.escape();
    if (c === "*" || c === "+" || c === "?") throw new Unreadable();
    this.at++;
    if (c === ".") return ONE;
    if (c === "^" || c === "$") return EMPTY;
    const code = c.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdbff) {
      // A character outside the BMP: take its second half too, and leave it out of literals.
      this.at++;
      return ONE;
    }
    return this.character(c);
  }

  // A plain character. Caseless, only ASCII is kept as a literal: RE2 folds other letters in ways a lower-case search would not follow.
  private character(c: string): Item {
    if (!this.caseless) return { literal: c, min: 1, max: 1 };
    if (c.charCodeAt(0) >= 0x80) return ONE;
    return { literal: c.toLowerCase(), min: 1, max: 1 };
  }

  private group(): Item {
    this.at++;
    let literalsUsable = true;
    if (this.s[this.at] === "?") {
      const head = /^\?(?::|P?<[A-Za-z_][A-Za-z0-9_]*>|[imsU-]+:)/.exec(this.s.slice(this.at, this.at + 40));
      // Inline flags for the rest of the pattern (`(?i)`), or syntax RE2 rejects.
      if (!head) throw new Unreadable();
      // Flags inside a group could make its literals caseless where the search is not.
      if (head[0].length > 2 && !head[0].startsWith("?P<") && !head[0].startsWith("?<")) literalsUsable = false;
      this.at += head[0].length;
    }
    const alternatives = this.alternation();
    if (this.s[this.at] !== ")") throw new Unreadable();
    this.at++;
    let min = Number.POSITIVE_INFINITY;
    let max = 0;
    let plain: string[] | null = literalsUsable ? [] : null;
    let folded = false;
    for (const sequence of alternatives) {
      min = Math.min(min, sequence.reduce((sum, item) => sum + item.min, 0));
      max = Math.max(max, sequence.reduce((sum, item) => sum + item.max, 0));
      if (plain && sequence.every((item) => item.literal !== null)) {
        plain.push(sequence.map((item) => item.literal).join(""));
        folded ||= sequence.some((item) => item.folded);
      } else plain = null;
    }
    const item: Item = { literal: null, min, max, alternatives: plain && [...new Set(plain)] };
    if (folded && plain) item.folded = true;
    return item;
  }

  // A class matches one character; a small one of ASCII characters (`[2-9]`, `[_\\-.]`) is also a set of literals.
  private characterClass(): Item {
    let i = this.at + 1;
    const negated = this.s[i] === "^";
    if (negated) i++;
    const first = i;
    if (this.s[i] === "]") i++;
    while (i < this.s.length && this.s[i] !== "]") {
      if (this.s[i] === "\\") i += escapeLength(this.s, i);
      else if (this.s.startsWith("[:", i)) {
        const end = this.s.indexOf(":]", i + 2);
        if (end < 0) throw new Unreadable();
        i = end + 2;
      } else i++;
    }
    if (i >= this.s.length) throw new Unreadable();
    this.at = i + 1;
    const members = negated ? null : classMembers(this.s.slice(first, i));
    const literals = members && [...new Set(members.map((c) => (this.caseless ? c.toLowerCase() : c)))];
    // One letter in both cases: a literal, for a caseless search.
    if (literals?.length === 2 && /^[a-z]$/.test(literals[0]!.toLowerCase()) && literals[0]!.toLowerCase() === literals[1]!.toLowerCase() && literals[0] !== literals[1]) {
      return { literal: literals[0]!.toLowerCase(), min: 1, max: 1, folded: true };
    }
    return { literal: null, min: 1, max: 1, alternatives: literals && literals.length <= MAX_CLASS_CHARACTERS ? literals : null };
  }

  private escape(): Item {
    const e = this.s[this.at + 1];
    if (e === undefined) throw new Unreadable();
    if (EMPTY_ESCAPES.has(e)) {
      this.at += 2;
      return EMPTY;
    }
    if (ONE_CHARACTER_ESCAPES.has(e)) {
      this.at += escapeLength(this.s, this.at);
      return ONE;
    }
    // Any other escaped letter or digit (`\Q…\E`, back-references) is not read here; escaped punctuation is the character.
    if (/[A-Za-z0-9]/.test(e) || e.charCodeAt(0) >= 0x80) throw new Unreadable();
    this.at += 2;
    return this.character(e);
  }

  // `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}` (and their lazy forms) after an item; a quantified item is no literal.
  private quantified(item: Item): Item {
    const q = this.s[this.at];
    let min: number;
    let max: number;
    if (q === "*" || q === "+") {
      min = q === "*" ? 0 : item.min;
      max = Number.POSITIVE_INFINITY;
      this.at++;
    } else if (q === "?") {
      min = 0;
      max = item.max;
      this.at++;
    } else if (q === "{") {
      const m = QUANTIFIER.exec(this.s.slice(this.at, this.at + 24));
      // RE2 reads a brace that starts no repetition as itself.
      if (!m) return item;
      const upper = m[2] === undefined ? Number(m[1]) : m[2] === "" ? Number.POSITIVE_INFINITY : Number(m[2]);
      min = item.min * Number(m[1]);
      max = item.max === 0 ? 0 : item.max * upper;
      this.at += m[0].length;
    } else return item;
    if (this.s[this.at] === "?") this.at++;
    return { literal: null, min, max, alternatives: null };
  }
}

// The length of the escape at `i`: `\pL`, `\p{Greek}`, `\x41`, `\x{1F600}`, `\012`, or two characters.
function escapeLength(s: string, i: number): number {
  const e = s[i + 1];
  if (e === "p" || e === "P" || e === "x") {
    if (s[i + 2] === "{") {
      const end = s.indexOf("}", i + 3);
      if (end < 0) throw new Unreadable();
      return end + 1 - i;
    }
    return e === "x" ? 4 : 3;
  }
  if (e !== undefined && e >= "0" && e <= "7") {
    let n = 2;
    while (n < 4 && s[i + n] !== undefined && s[i + n]! >= "0" && s[i + n]! <= "7") n++;
    return n;
  }
  return 2;
}

// The characters a class body lists: ASCII characters, escaped punctuation, ranges and \d; null for anything else.
function classMembers(body: string): string[] | null {
  const members: number[] = [];
  // One member at `i`: its code and length, or null when it is not a plain ASCII character.
  const member = (i: number): [number, number] | null => {
    if (body[i] !== "\\") return body.startsWith("[:", i) || body.charCodeAt(i) >= 0x80 ? null : [body.charCodeAt(i), 1];
    const e = body[i + 1];
    return e === undefined || /[A-Za-z0-9]/.test(e) || e.charCodeAt(0) >= 0x80 ? null : [e.charCodeAt(0), 2];
  };
  for (let i = 0; i < body.length; ) {
    if (body.startsWith("\\d", i)) {
      for (let d = 0x30; d <= 0x39; d++) members.push(d);
      i += 2;
      continue;
    }
    const from = member(i);
    if (!from) return null;
    i += from[1];
    // A range: `-` between two members (a `-` first or last is itself).
    if (body[i] === "-" && i + 1 < body.length) {
      const to = member(i + 1);
      if (!to || to[0] < from[0] || to[0] - from[0] > MAX_CLASS_CHARACTERS) return null;
      for (let c = from[0]; c <= to[0]; c++) members.push(c);
      i += 1 + to[1];
    } else members.push(from[0]);
  }
  return members.map((c) => String.fromCharCode(c));
}
