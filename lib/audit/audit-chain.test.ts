import { describe, expect, it } from "vitest";
import { auditEventHash, GENESIS_HASH, nextAuditEvent, verifyAuditChain } from "./audit-chain.js";
import type { AuditEvent } from "./audit-event.js";

const T0 = Date.UTC(2026, 0, 1);

function chain(length: number): AuditEvent[] {
  const events: AuditEvent[] = [];
  for (let i = 0; i < length; i++) {
    const head = events.at(-1);
    events.push(
      nextAuditEvent(head ? { seq: head.seq, hash: head.hash } : null, {
        type: i % 2 ? "rule.updated" : "key.created",
        at: T0 + i * 1000,
        actor: { key_id: "key_1", subject: "alice" },
        resource: { type: "rule", id: `rule_${i}` },
        data: { version: i + 1, fields: ["status"] },
      }),
    );
  }
  return events;
}

describe("the audit hash recipe", () => {
  it("is SHA-256 (hex) over the RFC 8785 canonical JSON of the event without `hash` (a vector computed outside Gatehouse)", () => {
    // python3: hashlib.sha256(json.dumps(e, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    const event = nextAuditEvent(null, {
      type: "key.created",
      at: T0,
      actor: { key_id: "key_1", subject: "alice" },
      resource: { type: "key", id: "key_2" },
      data: { name: "ci", scopes: ["audit:read"] },
    });
    expect(event.prev_hash).toBe(GENESIS_HASH);
    expect(event.hash).toBe("670c5e7d8d8800e3a8675c3ef8ee656fee35bdc104581da144456d3087b7811e");
    // Member order does not matter; every member but `hash` does.
    const reordered = { hash: "ignored", data: event.data, prev_hash: event.prev_hash, resource: event.resource, actor: event.actor, at: event.at, type: event.type, seq: 1 };
    expect(auditEventHash(reordered)).toBe(event.hash);
    expect(auditEventHash({ ...event, extra: 1 } as AuditEvent)).not.toBe(event.hash);
  });
});

describe("verifyAuditChain", () => {
  it("holds for an untouched chain and reports its head", () => {
    const events = chain(5);
    expect(verifyAuditChain(events)).toEqual({ ok: true, count: 5, head: { seq: 5, hash: events[4]!.hash } });
    expect(verifyAuditChain([])).toEqual({ ok: true, count: 0, head: null });
  });

  it("names an edited event by its seq", () => {
    const events = chain(5);
    events[2] = { ...events[2]!, data: { ...events[2]!.data, version: 99 } };
    expect(verifyAuditChain(events)).toMatchObject({ ok: false, seq: 3, reason: "hash of event 3 does not match its content" });
  });

  it("names the next event when the edited one was re-hashed, since its link no longer holds", () => {
    const events = chain(5);
    const edited = { ...events[2]!, actor: { key_id: null, subject: "mallory" } };
    events[2] = { ...edited, hash: auditEventHash(edited) };
    expect(verifyAuditChain(events)).toMatchObject({ ok: false, seq: 4, reason: expect.stringContaining("prev_hash of event 4") });
  });

  it("names a deleted event as missing, also the first one", () => {
    const events = chain(5);
    expect(verifyAuditChain(events.filter((e) => e.seq !== 4))).toMatchObject({ ok: false, seq: 4, reason: "event 4 is missing or out of place (found seq 5 where it belongs)" });
    expect(verifyAuditChain(events.slice(1))).toMatchObject({ ok: false, seq: 1 });
  });

  it("names the first moved event when two are swapped", () => {
    const events = chain(5);
    [events[1], events[3]] = [events[3]!, events[1]!];
    expect(verifyAuditChain(events)).toMatchObject({ ok: false, seq: 2 });
  });

  it("names an event whose seq was rewritten, and one that is not an event at all", () => {
    const events = chain(3);
    expect(verifyAuditChain([events[0], { ...events[1]!, seq: 1 }])).toMatchObject({ ok: false, seq: 2, reason: "event 2 is out of place (found seq 1 where it belongs)" });
    expect(verifyAuditChain([events[0], "not an event", events[2]])).toMatchObject({ ok: false, seq: 2, reason: "event 2 is malformed" });
    expect(verifyAuditChain([events[0], { ...events[1]!, hash: "short" }])).toMatchObject({ ok: false, seq: 2 });
  });
});
