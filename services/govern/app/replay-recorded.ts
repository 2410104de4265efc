import { setImmediate as nextTurn } from "node:timers/promises";
import { Code, ConnectError } from "@connectrpc/connect";
import type { Policy } from "../domain/policy.js";
import type { RecordedCheckpoint } from "../domain/recorded-checkpoint.js";
import { replayOutcome } from "../domain/replay-outcome.js";
import type { ReplayRange } from "../domain/replay-range.js";
import { ReplayTally, type ReplaySummary } from "../domain/replay-tally.js";
import type { CheckpointStore, RecordedCursor } from "../store/checkpoint-store.js";

/** Most checkpoints one replay reads; a range holding more is reported truncated. */
export const MAX_REPLAYED_CHECKPOINTS = 100_000;

/** Checkpoints read from the store at a time. */
export const REPLAY_PAGE = 1000;

/**
 * Longest stretch of evaluation between two turns of the event loop, in ms:
 * a page of checkpoints against a large draft set can take far longer.
 */
export const REPLAY_SLICE_MS = 20;

/** A replay's counts, and where it stopped when the range held too many checkpoints. */
export interface ReplayReport extends ReplaySummary {
  truncated: boolean;
  /** When truncated: the creation time of the first checkpoint not replayed. */
  resumeSince: number | null;
}

/** What a replay reads and evaluates against. */
export interface ReplayJob {
  store: Pick<CheckpointStore, "listRecorded">;
  workspaceId: string;
  range: ReplayRange;
  drafts: readonly Policy[];
  /** Registered agents' names by ID: what conditions see as `agent.name` when a checkpoint sent none. */
  agentNames: ReadonlyMap<string, string>;
  /** Aborted when the caller goes away: the replay stops between pages. */
  signal?: AbortSignal;
  /** Defaults to `MAX_REPLAYED_CHECKPOINTS`. */
  maxCheckpoints?: number;
  /** Defaults to `REPLAY_PAGE`. */
  pageSize?: number;
  /** Defaults to `REPLAY_SLICE_MS`. */
  sliceMs?: number;
}

/**
 * Replays the workspace's checkpoints created in the range against the
 * draft policies (see `replayOutcome`), streaming through the store a page
 * at a time so that memory holds one page and the counts. Between pages it
 * gives the event loop a turn: an embedded store answers synchronously, and
 * a long replay must not hold up every other request of the process. At
 * most `maxCheckpoints` are read; more make the report truncated.
 */
export async function replayRecorded(job: ReplayJob): Promise<ReplayReport> {
  const max = job.maxCheckpoints ?? MAX_REPLAYED_CHECKPOINTS;
  const pageSize = job.pageSize ?? REPLAY_PAGE;
  const sliceMs = job.sliceMs ?? REPLAY_SLICE_MS;
  const tally = new ReplayTally();
  let read = 0;
  let after: RecordedCursor | undefined;
  for (;;) {
    if (job.signal?.aborted) throw new ConnectError("the caller went away", Code.Canceled);
    // One more than the cap tells a range that holds more from one that holds exactly the cap.
    const limit = Math.min(pageSize, max + 1 - read);
    const page = await job.store.listRecorded(job.workspaceId, { ...job.range, after, limit });
    let sliceStart = performance.now();
    for (const cp of page) {
      if (read === max) return { ...tally.summary(), truncated: true, resumeSince: cp.createdAt };
      read++;
      tally.add(cp.id, replayOutcome(job.drafts, cp, agentNameOf(cp, job.agentNames)));
      if (performance.now() - sliceStart >= sliceMs) {
        await nextTurn();
        sliceStart = performance.now();
      }
    }
    if (page.length < limit) return { ...tally.summary(), truncated: false, resumeSince: null };
    const last = page[page.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
    await nextTurn();
  }
}

function agentNameOf(cp: RecordedCheckpoint, names: ReadonlyMap<string, string>): string | null {
  return cp.agentName ?? (cp.agentId === null ? null : (names.get(cp.agentId) ?? null));
}
