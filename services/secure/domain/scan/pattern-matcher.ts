import RE2 from "re2";

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
const locators = new Map<string, RE2>();

function sharedLocator(p: MatcherPattern, withIndices: boolean): RE2 {
  const flags = `${p.flags}gu${withIndices ? "d" : ""}`;
  const key = `${flags}/${p.source}`;
  let re = locators.get(key);
  if (!re) {
    re = new RE2(p.source, flags);
    if (locators.size >= MAX_SHARED_LOCATORS) locators.delete(locators.keys().next().value as string);
    locators.set(key, re);
  }
  return re;
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
 */
export class PatternMatcher {
  private readonly shards: Shard[] = [];

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

  /** Indices of the patterns that match somewhere in `text` (UTF-8), ascending. */
  matching(text: Buffer): number[] {
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
      else for (const g of shard.members) if (this.locator(g, 0).test(text)) found.push(g);
    }
    return found.sort((a, b) => a - b);
  }

  /**
   * Where pattern `index` matches in `text` (UTF-8): non-overlapping matches
   * left to right, in byte offsets, with the span of capture `group` (0: the
   * whole match), at most `limit`.
   */
  locate(index: number, text: Buffer, group = 0, limit = Number.POSITIVE_INFINITY): Location {
    const re = this.locator(index, group);
    const matches: Located[] = [];
    re.lastIndex = 0;
    for (;;) {
      if (matches.length >= limit) return { matches, stoppedAt: re.lastIndex };
      const m = re.exec(text);
      if (!m) break;
      const start = m.index;
      const end = start + m[0]!.length;
      let valueStart = start;
      let valueEnd = end;
      if (group > 0) {
        // With the d flag, node-re2 returns the groups' byte spans (its typings omit them for buffers).
        const span = (m as unknown as { indices?: ([number, number] | undefined)[] }).indices?.[group];
        if (!span) continue;
        [valueStart, valueEnd] = span;
      }
      matches.push({ start, end, valueStart, valueEnd });
      // An empty match would find itself forever: step over one character (all its UTF-8 bytes).
      if (end === start) {
        let next = end + 1;
        while (next < text.length && (text[next]! & 0xc0) === 0x80) next++;
        re.lastIndex = next;
      }
    }
    return { matches };
  }

  private locator(index: number, group: number): RE2 {
    return sharedLocator(this.patterns[index]!, group > 0);
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
