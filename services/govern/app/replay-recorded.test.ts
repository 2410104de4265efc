import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConnectError, Code } from "@connectrpc/connect";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqlite, type SqliteDatabase } from "../../../lib/db/sqlite.js";
import { checkpointFixture, creation, FIXTURE_T0 as T0 } from "../../../test/support/checkpoint-fixture.js";
import { testPolicy } from "../domain/test-policy.js";
import { SqliteCheckpointStore } from "../store/sqlite-checkpoint-store.js";
import { replayRecorded, type ReplayJob } from "./replay-recorded.js";

describe("replayRecorded on a SQLite store", () => {
  let dir: string;
  let db: SqliteDatabase;
  let store: SqliteCheckpointStore;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "gatehouse-replay-"));
    db = openSqlite(join(dir, "govern.db"));
    store = new SqliteCheckpointStore(db);
    // 25 checkpoints a millisecond apart: even ones were approved at once, odd ones waited for review.
    for (let i = 0; i < 25; i++) {
      const approved = i % 2 === 0;
      const cp = checkpointFixture({
        id: `cp_${String(i).padStart(4, "0")}`,
        createdAt: T0 + i,
        action: approved ? "docs.read" : "db.delete",
        agentId: i === 1 ? "agent_1" : null,
        status: approved ? "approved" : "pending",
        decidedAt: approved ? T0 + i : null,
      });
      await store.insert(cp, creation(cp));
    }
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const job = (overrides: Partial<ReplayJob> = {}): ReplayJob => ({
    store,
    workspaceId: "ws_a",
    range: { since: T0, until: T0 + 1000 },
    // Under the drafts deletes are blocked and reads still approved.
    drafts: [testPolicy("d1", { outcome: "block", match: { actions: ["db.*"] } }), testPolicy("d2", { outcome: "approve", match: { actions: ["docs.*"] } })],
    agentNames: new Map(),
    ...overrides,
  });

  it("streams through every page and counts the changes with the oldest examples", async () => {
    const report = await replayRecorded(job({ pageSize: 4 }));
    expect(report).toEqual({
      evaluated: 25,
      changed: 12,
      unchanged: 13,
      skippedPinned: 0,
      needsScan: 0,
      transitions: [{ from: "pending", to: "blocked", count: 12, examples: ["cp_0001", "cp_0003", "cp_0005", "cp_0007", "cp_0009"] }],
      truncated: false,
      resumeSince: null,
    });
  });

  it("stops at the cap, says so and where to resume; a range holding exactly the cap is not truncated", async () => {
    const capped = await replayRecorded(job({ pageSize: 4, maxCheckpoints: 10 }));
    expect(capped).toMatchObject({ evaluated: 10, changed: 5, truncated: true, resumeSince: T0 + 10 });
    const rest = await replayRecorded(job({ pageSize: 4, range: { since: capped.resumeSince!, until: T0 + 1000 } }));
    expect(rest.evaluated).toBe(15);
    expect(await replayRecorded(job({ maxCheckpoints: 25 }))).toMatchObject({ evaluated: 25, truncated: false });
  });

  it("keeps to the range: since inclusive, until exclusive", async () => {
    expect((await replayRecorded(job({ range: { since: T0 + 5, until: T0 + 10 } }))).evaluated).toBe(5);
  });

  it("lets conditions see a registered agent's name when the checkpoint sent none", async () => {
    const drafts = [testPolicy("d1", { outcome: "reject", match: { condition: 'agent.name == "Deleter"' } })];
    const report = await replayRecorded(job({ drafts, agentNames: new Map([["agent_1", "Deleter"]]) }));
    expect(report.transitions).toContainEqual({ from: "pending", to: "rejected", count: 1, examples: ["cp_0001"] });
  });

  it("counts, across pages, the checkpoints a gated draft asks to have scanned", async () => {
    const drafts = [testPolicy("d1", { outcome: "approve", scan: { onBlock: "block", onFlag: "review" }, match: { actions: ["docs.*"] } })];
    expect(await replayRecorded(job({ drafts, pageSize: 4 }))).toMatchObject({ evaluated: 25, needsScan: 13 });
  });

  it("gives the event loop turns within a page once a slice of evaluation is spent", async () => {
    const turnsDuring = async (sliceMs: number) => {
      let turns = 0;
      let done = false;
      const tick = () => {
        turns++;
        if (!done) setImmediate(tick);
      };
      setImmediate(tick);
      await replayRecorded(job({ sliceMs }));
      done = true;
      return turns;
    };
    // One page of 25: without slicing the replay yields only once it has read the page.
    expect(await turnsDuring(60_000)).toBeLessThanOrEqual(2);
    expect(await turnsDuring(0)).toBeGreaterThanOrEqual(25);
  });

  it("stops with Canceled once the caller has gone away", async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await replayRecorded(job({ signal: controller.signal })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectError);
    expect((err as ConnectError).code).toBe(Code.Canceled);
  });
});
