import { expect, it } from "vitest";
import { GENESIS_HASH, verifyAuditChain } from "../../lib/audit/audit-chain.js";
import type { AuditEntry } from "../../lib/audit/audit-event.js";
import type { AuditLog } from "../../lib/audit/audit-log.js";

const T0 = Date.UTC(2026, 0, 1);

function entry(n: number, over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    type: "policy.created",
    at: T0 + n * 1000,
    actor: { key_id: "key_a", subject: "alice" },
    resource: { type: "policy", id: `pol_${n}` },
    data: { n, name: `policy ${n}`, nested: { list: [1, "two", null, true] } },
    ...over,
  };
}

async function all(log: AuditLog, workspaceId: string) {
  return log.list(workspaceId, { afterSeq: 0, limit: 10_000 });
}

/**
 * The AuditLog contract. `makeLog` returns a log over the test's fresh
 * backend; calling it again gives another replica's adapter on the same data
 * (its own connection where the engine allows it).
 */
export function auditLogContract(makeLog: () => AuditLog): void {
  it("numbers a workspace's events from 1 and links each to the one before, so the stored chain verifies", async () => {
    const log = makeLog();
    expect(await log.head("ws_a")).toBeNull();
    const first = await log.append("ws_a", entry(1));
    expect(first).toMatchObject({ seq: 1, prev_hash: GENESIS_HASH, at: "2026-01-01T00:00:01.000Z", actor: { key_id: "key_a", subject: "alice" } });
    const second = await log.append("ws_a", entry(2, { actor: { key_id: null, subject: "gatehouse" } }));
    expect(second).toMatchObject({ seq: 2, prev_hash: first.hash });
    expect(second.hash).not.toBe(first.hash);
    expect(await log.head("ws_a")).toEqual({ seq: 2, hash: second.hash });

    const stored = await all(log, "ws_a");
    // What is read back is exactly what was hashed, member for member.
    expect(stored).toEqual([first, second]);
    expect(verifyAuditChain(stored)).toEqual({ ok: true, count: 2, head: { seq: 2, hash: second.hash } });
  });

  it("keeps one chain per workspace", async () => {
    const log = makeLog();
    await log.append("ws_a", entry(1));
    await log.append("ws_a", entry(2));
    const b1 = await log.append("ws_b", entry(3));
    expect(b1).toMatchObject({ seq: 1, prev_hash: GENESIS_HASH });
    expect((await all(log, "ws_b")).map((e) => e.resource.id)).toEqual(["pol_3"]);
    expect((await all(log, "ws_a")).map((e) => e.seq)).toEqual([1, 2]);
    expect(await log.head("ws_c")).toBeNull();
  });

  it("gives concurrent appends from several replicas unique, gap-free seqs that still verify", async () => {
    const replicas = [makeLog(), makeLog(), makeLog()];
    const appended = await Promise.all(
      Array.from({ length: 60 }, (_, i) => replicas[i % replicas.length]!.append("ws_race", entry(i, { resource: { type: "rule", id: `rule_${i}` } }))),
    );
    expect(appended.map((e) => e.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    const stored = await all(replicas[0]!, "ws_race");
    expect(stored.map((e) => e.seq)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(new Set(stored.map((e) => e.resource.id)).size).toBe(60);
    expect(verifyAuditChain(stored)).toMatchObject({ ok: true, count: 60 });
  });

  it("links an append to what other replicas appended since this one last did", async () => {
    const [a, b] = [makeLog(), makeLog()];
    await a.append("ws_a", entry(1));
    await b.append("ws_a", entry(2));
    await b.append("ws_a", entry(3));
    const fourth = await a.append("ws_a", entry(4));
    const third = (await a.list("ws_a", { afterSeq: 2, limit: 1 }))[0]!;
    expect(fourth).toMatchObject({ seq: 4, prev_hash: third.hash });
    expect(await b.append("ws_a", entry(5))).toMatchObject({ seq: 5, prev_hash: fourth.hash });
    expect(verifyAuditChain(await all(a, "ws_a"))).toMatchObject({ ok: true, count: 5 });
  });

  it("pages in ascending seq after a cursor, and filters by type, resource and time", async () => {
    const log = makeLog();
    for (let n = 1; n <= 6; n++) {
      await log.append(
        "ws_a",
        entry(n, n % 2 === 0 ? { type: "rule.updated", resource: { type: "rule", id: n === 2 ? "rule_x" : `rule_${n}` } } : {}),
      );
    }
    expect((await log.list("ws_a", { afterSeq: 0, limit: 4 })).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect((await log.list("ws_a", { afterSeq: 4, limit: 4 })).map((e) => e.seq)).toEqual([5, 6]);
    expect((await log.list("ws_a", { afterSeq: 6, limit: 4 })).map((e) => e.seq)).toEqual([]);
    expect((await log.list("ws_a", { afterSeq: 0, limit: 10, types: ["rule.updated"] })).map((e) => e.seq)).toEqual([2, 4, 6]);
    expect((await log.list("ws_a", { afterSeq: 2, limit: 10, types: ["rule.updated", "policy.created"] })).map((e) => e.seq)).toEqual([3, 4, 5, 6]);
    expect((await log.list("ws_a", { afterSeq: 0, limit: 10, resourceType: "policy" })).map((e) => e.seq)).toEqual([1, 3, 5]);
    expect((await log.list("ws_a", { afterSeq: 0, limit: 10, resourceId: "rule_x" })).map((e) => e.seq)).toEqual([2]);
    const since = new Date(T0 + 3000).toISOString();
    const until = new Date(T0 + 5000).toISOString();
    expect((await log.list("ws_a", { afterSeq: 0, limit: 10, since, until })).map((e) => e.seq)).toEqual([3, 4]);
    expect(await log.list("ws_other", { afterSeq: 0, limit: 10 })).toEqual([]);
  });
}
