import type { ImmediateOutcome } from "./recorded-checkpoint.js";
import type { ReplayOutcome } from "./replay-outcome.js";

/** Checkpoint IDs a transition keeps as examples. */
export const REPLAY_EXAMPLES = 5;

/** Checkpoints whose outcome moves from `from` to `to`, and the first few of them. */
export interface ReplayTransition {
  from: ImmediateOutcome;
  to: ImmediateOutcome;
  count: number;
  /** The first `REPLAY_EXAMPLES` in the order they were counted. */
  examples: string[];
}

/** What a replay found so far. */
export interface ReplaySummary {
  /** Checkpoints evaluated: changed + unchanged. */
  evaluated: number;
  changed: number;
  unchanged: number;
  /** Checkpoints not evaluated because they named policy IDs (see `replayOutcome`). */
  skippedPinned: number;
  /**
   * Evaluated checkpoints the drafts ask to have scanned (see `ReplayOutcome`):
   * their `to` is the outcome before the scan gate, which could only be stricter.
   */
  needsScan: number;
  /** Changed outcomes only, most frequent first (ties in a fixed status order). */
  transitions: ReplayTransition[];
}

const ORDER: readonly ImmediateOutcome[] = ["approved", "rejected", "blocked", "pending"];

/**
 * Counts replayed checkpoints one at a time, so a replay streams through the
 * store a page at a time and keeps only the counts and a few examples.
 */
export class ReplayTally {
  private evaluated = 0;
  private unchanged = 0;
  private skippedPinned = 0;
  private needsScan = 0;
  private readonly byPair = new Map<string, ReplayTransition>();

  /** Counts the outcome of checkpoint `id`. */
  add(id: string, outcome: ReplayOutcome): void {
    if (outcome.kind === "pinned") {
      this.skippedPinned++;
      return;
    }
    this.evaluated++;
    if (outcome.scanRequested) this.needsScan++;
    if (outcome.from === outcome.to) {
      this.unchanged++;
      return;
    }
    const key = `${outcome.from}>${outcome.to}`;
    let t = this.byPair.get(key);
    if (!t) {
      t = { from: outcome.from, to: outcome.to, count: 0, examples: [] };
      this.byPair.set(key, t);
    }
    t.count++;
    if (t.examples.length < REPLAY_EXAMPLES) t.examples.push(id);
  }

  /** The counts so far. */
  summary(): ReplaySummary {
    const rank = (t: ReplayTransition) => ORDER.indexOf(t.from) * ORDER.length + ORDER.indexOf(t.to);
    const transitions = [...this.byPair.values()]
      .map((t) => ({ ...t, examples: [...t.examples] }))
      .sort((a, b) => b.count - a.count || rank(a) - rank(b));
    return {
      evaluated: this.evaluated,
      changed: this.evaluated - this.unchanged,
      unchanged: this.unchanged,
      skippedPinned: this.skippedPinned,
      needsScan: this.needsScan,
      transitions,
    };
  }
}
