import RE2 from "re2";
import { requiredLiterals, type RequiredLiterals } from "./required-literals.js";
import type { Utf8Text } from "./utf8-text.js";

/** A pattern the matcher runs: an RE2 source and its flags from `i`, `m`, `s`. */
export interface MatcherPattern {
  source: string;
  flags: string;
}

/** One match of a pattern: its span and the span of the capture group asked for, in bytes of the UTF-8 text. */
export interface Located {
  start: number;
  end: number;
  valueStart: number;
  valueEnd: number;
}

/** The matches of one pattern; `stoppedAt` is set when the limit cut the search short there. */
export interface Location {
  matches: Located[];
  stoppedAt?: number;
}

// Locating programs are shared by every matcher of the process: most plans
// hold the same detector patterns, and an RE2 program with its DFA cache is
// hundreds of kilobytes. Use is synchronous (lastIndex is reset per call), so
// sharing is safe; the bound only limits memory, an evicted one is recompiled.
const MAX_SHARED_LOCATORS = 10_000;
// Places where a literal occurs but no match starts, tried one by one before a plain search takes over.
const MAX_MISSES = 32;
const locators = new Map<string, RE2>();

// `g`: exec from lastIndex; `gd`: with the groups' spans; `y`: test anchored at lastIndex, which it moves to the match's end.
function sharedLocator(p: MatcherPattern, mode: "g" | "gd" | "y"): RE2 {
  const flags = `${p.flags}u${mode}`;
  const key = `${flags}/${p.source}`;
  let re = locators.get(key);
  if (!re) {
    re = new RE2(p.source, flags);
    if (locators.size >= MAX_SHARED_LOCATORS) locators.delete(locators.keys().next().value as string);
    locators.set(key, re);
  }
  return re;
}

// A pattern's required literals as bytes to search for; `null`: none known, search with the pattern itself.
interface Anchor extends RequiredLiterals {
  needles: Buffer[];
  // RE2 folds k and s to the Kelvin sign and the long s, which a lower-cased search would not find.
  foldsBeyondAscii: boolean;
}

interface Shard {
  /** Global index of each member, by its position in the set. */
  members: number[];
  set: InstanceType<typeof RE2.Set> | null;
}

/**
 * Many RE2 patterns over one text in a single pass. `matching` answers which
 * patterns match anywhere, with one `RE2.Set` automaton for all of them (or a
 * few, when one set would exceed RE2's program budget), so its cost grows
 * with the text, not with the number of patterns; only the patterns that
 * matched are then run on their own (`locate`) to find where.
 *
 * Flags differ per pattern, so each joins the set as `(?flags:source)`. RE2
 * is linear in the text for every pattern: no input can make it backtrack.
 * The text is given as UTF-8 bytes, converted once by the caller: given a
 * string, node-re2 would convert it again on every call and map offsets by
 * rescanning it, which makes locating cost text length × matches.
 *
 * Locating one pattern is a DFA pass over the text, and most of a pass is
 * spent where nothing matches. When every match of a pattern must hold a
 * literal (`TKT-` in `\bTKT-[0-9]+`, `@` in an e-mail pattern), a substring
 * search (memchr speed) finds the places it occurs and RE2 starts from just
 * before them; after the last one nothing is left to search.
 */
export class PatternMatcher {
  private readonly shards: Shard[] = [];
  private readonly anchors: (Anchor | null | undefined)[] = [];
  private readonly locators: Record<"g" | "gd" | "y", (RE2 | undefined)[]> = { g: [], gd: [], y: [] };

  constructor(private readonly patterns: readonly MatcherPattern[]) {
    if (patterns.length > 0) this.build(patterns.map((_, i) => i));
  }

  /** How many patterns the matcher holds. */
  get size(): number {
    return this.patterns.length;
  }

  /** How many automata one pass runs (1 unless the patterns had to be split). */
  get passes(): number {
    return this.shards.length;
  }

  /** Indices of the patterns that match somewhere in `text`, ascending. */
  matching(utf8: Utf8Text): number[] {
    const text = utf8.bytes;
    const found: number[] = [];
    for (const shard of this.shards) {
      let local: number[] | null = null;
      if (shard.set) {
        try {
          local = shard.set.match(text);
        } catch {
          // RE2.Set gives up when its DFA runs out of memory on a long text;
          // each pattern on its own still runs in linear time.
          local = null;
        }
      }
      if (local) for (const i of local) found.push(shard.members[i]!);
      else for (const g of shard.members) if (this.locator(g, "g").test(text)) found.push(g);
    }
    return found.sort((a, b) => a - b);
  }

  /**
   * Where pattern `index` matches in `text`: non-overlapping matches left to
   * right, in byte offsets of its UTF-8, with the span of capture `group` (0:
   * the whole match), at most `limit`.
   */
  locate(index: number, utf8: Utf8Text, group = 0, limit = Number.POSITIVE_INFINITY): Location {
    const anchor = this.anchor(index, utf8);
    if (!anchor) return this.search(index, utf8, group, limit, null);
    const needle = needleSearch(anchor, utf8);
    // A match starts exactly that far before its literal: try each place (RE2 anchored there, no result object).
    if (group === 0 && anchor.minBefore === anchor.maxBefore && (anchor.maxBefore === 0 || utf8.ascii)) {
      return this.tryAt(index, utf8, needle, anchor.maxBefore, limit);
    }
    // Else no match starts earlier than `maxBefore` characters before the next literal.
    const text = utf8.bytes;
    const maxBefore = utf8.ascii ? anchor.maxBefore : anchor.maxBefore * 4;
    return this.search(index, utf8, group, limit, (cursor) => {
      const at = needle(cursor);
      if (at < 0) return -1;
      let start = Math.max(cursor, at - maxBefore);
      // Start on a character boundary: earlier is always safe.
      while (start > cursor && (text[start]! & 0xc0) === 0x80) start--;
      return start;
    });
  }

  // Matches found by running the pattern from the cursor, or from where `startFrom` says the next one may start (-1: none).
  private search(
    index: number,
    utf8: Utf8Text,
    group: number,
    limit: number,
    startFrom: ((cursor: number) => number) | null,
    matches: Located[] = [],
    cursor = 0,
  ): Location {
    const re = this.locator(index, group > 0 ? "gd" : "g");
    const text = utf8.bytes;
    for (;;) {
      if (matches.length >= limit) return { matches, stoppedAt: cursor };
      const start = startFrom ? startFrom(cursor) : cursor;
      if (start < 0) break;
      re.lastIndex = start;
      const m = re.exec(text);
      if (!m) break;
      const matchStart = m.index;
      const end = matchStart + m[0]!.length;
      cursor = end;
      // An empty match would find itself forever: step over one character (all its UTF-8 bytes).
      if (end === matchStart) cursor = nextCharacter(text, end);
      let valueStart = matchStart;
      let valueEnd = end;
      if (group > 0) {
        // With the d flag, node-re2 returns the groups' byte spans (its typings omit them for buffers).
        const span = (m as unknown as { indices?: ([number, number] | undefined)[] }).indices?.[group];
        if (!span) continue;
        [valueStart, valueEnd] = span;
      }
      matches.push({ start: matchStart, end, valueStart, valueEnd });
    }
    return { matches };
  }

  // Matches of a pattern whose literal lies `before` bytes after every match's start: each place the
  // literal occurs is one anchored test. A text can hold a common literal (a digit, say) far more
  // often than a match: after MAX_MISSES places in vain, one RE2 pass over the rest costs less.
  private tryAt(index: number, utf8: Utf8Text, needle: (from: number) => number, before: number, limit: number): Location {
    const re = this.locator(index, "y");
    const text = utf8.bytes;
    const matches: Located[] = [];
    let cursor = 0;
    let misses = 0;
    for (let at = needle(before); at >= 0; ) {
      if (matches.length >= limit) return { matches, stoppedAt: cursor };
      const start = at - before;
      re.lastIndex = start;
      if (re.test(text)) {
        // The literal is not empty, so neither is the match.
        cursor = re.lastIndex;
        matches.push({ start, end: cursor, valueStart: start, valueEnd: cursor });
        at = needle(cursor + before);
      } else if (++misses > MAX_MISSES + 4 * matches.length) {
        // No match starts between the cursor and this place: carry on from here.
        return this.search(index, utf8, 0, limit, null, matches, nextCharacter(text, start));
      } else at = needle(at + 1);
    }
    return { matches };
  }

  // The pattern's required literals, when a search for them is exact on this text.
  private anchor(index: number, utf8: Utf8Text): Anchor | null {
    let anchor = this.anchors[index];
    if (anchor === undefined) {
      const p = this.patterns[index]!;
      const required = requiredLiterals(p.source, p.flags);
      anchor = required && {
        ...required,
        needles: required.literals.map((l) => Buffer.from(l, "utf8")),
        // Only the i flag folds beyond ASCII; a letter spelt [kK] matches those two alone.
        foldsBeyondAscii: required.caseless && p.flags.includes("i") && required.literals.some((l) => /[ks]/.test(l)),
      };
      this.anchors[index] = anchor;
    }
    if (anchor?.foldsBeyondAscii && !utf8.ascii) return null;
    return anchor;
  }

  // The shared program, remembered per pattern and mode (and so kept while this
  // matcher is): finding it by its key built and hashed a string as long as
  // the pattern on every call.
  private locator(index: number, mode: "g" | "gd" | "y"): RE2 {
    const mine = this.locators[mode];
    return (mine[index] ??= sharedLocator(this.patterns[index]!, mode));
  }

  // One set for all patterns if RE2 can compile it, else halves, recursively.
  private build(members: number[]): void {
    try {
      const set = new RE2.Set(
        members.map((i) => setSource(this.patterns[i]!)),
        "u",
      );
      this.shards.push({ members, set });
    } catch {
      if (members.length === 1) {
        this.shards.push({ members, set: null });
        return;
      }
      const half = Math.ceil(members.length / 2);
      this.build(members.slice(0, half));
      this.build(members.slice(half));
    }
  }
}

function setSource(p: MatcherPattern): string {
  return `(?${p.flags}:${p.source})`;
}

/**
 * The first place at or after a byte offset where one of the anchor's
 * literals occurs in the text (caseless: in its lower-cased copy), or -1.
 * Offsets asked for only grow, so each literal's last answer is kept until
 * the search passes it: each literal is searched for about once per text.
 */
function needleSearch(anchor: Anchor, utf8: Utf8Text): (from: number) => number {
  const haystack = anchor.caseless ? utf8.asciiLowerCased : utf8.bytes;
  const next = anchor.needles.map(() => -2);
  return (from) => {
    let first = -1;
    for (let i = 0; i < next.length; i++) {
      if (next[i] !== -1 && next[i]! < from) next[i] = haystack.indexOf(anchor.needles[i]!, from);
      if (next[i] !== -1 && (first < 0 || next[i]! < first)) first = next[i]!;
    }
    return first;
  };
}

// The offset of the character after the one starting at byte `at` of UTF-8 `text`.
function nextCharacter(text: Buffer, at: number): number {
  let next = at + 1;
  while (next < text.length && (text[next]! & 0xc0) === 0x80) next++;
  return next;
}
