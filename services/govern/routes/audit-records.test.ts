import { expect, it } from "vitest";
import { PolicyOutcome, VoteDecision } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { verifyAuditChain } from "../../../lib/audit/audit-chain.js";
import { createAuditLog } from "../../../lib/audit/create-audit-log.js";
import { ManualClock } from "../../../lib/clock.js";
import { payloadSha256 } from "../../../lib/payload-hash.js";
import { callerOf, onEveryEngine } from "../../../test/support/govern-harness.js";

const carol = callerOf("ws_a", "carol");
const alice = callerOf("ws_a", "alice");
let clock: ManualClock;

onEveryEngine(
  () => {
    clock = new ManualClock(Date.now());
    return { clock };
  },
  (h) => {
    it("records policy changes and each checkpoint change with who made it, as digests, in one chain per workspace", async () => {
      const trail = createAuditLog(h().backend);
      const policy = (await h().client.createPolicy({ caller: carol, policy: { name: "Payments", outcome: PolicyOutcome.REVIEW, reviewers: ["alice"], match: { actions: ["pay.*"] } } })).policy!;
      await h().client.updatePolicy({ caller: carol, id: policy.id, policy: { quorum: 1, description: "finance" }, updateMask: { paths: ["description"] } });

      const payload = { iban: "DE89370400440532013000", amount: 10 };
      const voted = (await h().client.createCheckpoint({ caller: carol, action: "pay.out", payload, context: "rent for flat 3" })).checkpoint!;
      await h().client.decideCheckpoint({ caller: alice, id: voted.id, decision: VoteDecision.APPROVE, reason: "lease on file" });
      const cancelled = (await h().client.createCheckpoint({ caller: carol, action: "pay.refund" })).checkpoint!;
      await h().client.cancelCheckpoint({ caller: carol, id: cancelled.id, reason: "sent twice" });
      const expired = (await h().client.createCheckpoint({ caller: carol, action: "pay.in", timeoutSeconds: 5 })).checkpoint!;
      clock.advance(5_000);
      await h().client.getCheckpoint({ caller: alice, id: expired.id }); // the read expires it

      const events = await trail.list("ws_a", { afterSeq: 0, limit: 100 });
      expect(events.map((e) => [e.type, e.resource.id, e.actor.subject])).toEqual([
        ["policy.created", policy.id, "carol"],
        ["policy.updated", policy.id, "carol"],
        ["checkpoint.created", voted.id, "carol"],
        ["checkpoint.voted", voted.id, "alice"],
        ["checkpoint.decided", voted.id, "alice"],
        ["decision_token.issued", voted.id, "alice"],
        ["checkpoint.created", cancelled.id, "carol"],
        ["checkpoint.cancelled", cancelled.id, "carol"],
        ["decision_token.issued", cancelled.id, "carol"],
        ["checkpoint.created", expired.id, "carol"],
        // Nobody decided it: Gatehouse did, whoever happened to read it.
        ["checkpoint.expired", expired.id, "gatehouse"],
        ["decision_token.issued", expired.id, "gatehouse"],
      ]);
      expect(events[0]!.actor).toEqual({ key_id: "key_carol", subject: "carol" });
      expect(events[10]!.actor).toEqual({ key_id: null, subject: "gatehouse" });
      expect(events[1]!.data).toMatchObject({ version: 2, changed: ["description"], outcome: "review" });
      expect(events[2]!.data).toMatchObject({ status: "pending", action: "pay.out", payload_sha256: payloadSha256(payload), policy_ids: [policy.id] });
      expect(events[3]!.data).toEqual({ subject: "alice", decision: "approve", reason_sha256: payloadSha256("lease on file") });
      const token = (await h().client.getCheckpoint({ caller: alice, id: voted.id })).checkpoint!.decisionToken!;
      const claims = await h().verify(token, "ws_a", voted.id);
      expect(events[5]!.data).toEqual({ status: "approved", jti: claims.jti, kid: expect.any(String), exp: claims.exp, token_sha256: payloadSha256(token) });
      const wire = JSON.stringify(events);
      for (const raw of ["DE89370400440532013000", "rent for flat 3", "lease on file", "sent twice", token]) expect(wire).not.toContain(raw);
      expect(verifyAuditChain(events)).toMatchObject({ ok: true, count: 12 });
      // Another workspace's chain is its own.
      await h().client.createPolicy({ caller: callerOf("ws_b", "dave"), policy: { name: "B", outcome: PolicyOutcome.APPROVE } });
      expect((await trail.list("ws_b", { afterSeq: 0, limit: 10 })).map((e) => [e.seq, e.type])).toEqual([[1, "policy.created"]]);
    });
  },
);
