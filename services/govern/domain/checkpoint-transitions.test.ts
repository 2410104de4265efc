import { describe, expect, it } from "vitest";
import { checkpointFixture, FIXTURE_T0 } from "../../../test/support/checkpoint-fixture.js";
import type { Eval } from "./checkpoint.js";
import { eventsOfChange } from "./checkpoint-event.js";
import { decisionClaims } from "./decision-claims.js";
import { EXPIRED_REASON, expireCheckpoint, timeoutRejectedReason } from "./checkpoint-transitions.js";

const pendingEval = (policyId: string, timeoutOutcome?: Eval["timeoutOutcome"]): Eval => ({
  policyId,
  policyName: `Policy ${policyId}`,
  applicability: "applicable",
  status: "pending",
  quorumRequired: 1,
  quorumMet: 0,
  poolSize: 1,
  reviewers: ["alice"],
  ...(timeoutOutcome ? { timeoutOutcome } : {}),
});

describe("expireCheckpoint", () => {
  it("expires a checkpoint no policy holds, or whose holders say expired (or said nothing: stored before)", () => {
    for (const evals of [[], [pendingEval("p1", "expired")], [pendingEval("p1")]]) {
      const next = expireCheckpoint(checkpointFixture({ id: "cp_1", evals }));
      expect(next).toMatchObject({ status: "expired", reason: EXPIRED_REASON, decidedAt: FIXTURE_T0 + 3_600_000, revision: 2, evals });
    }
  });

  it("rejects a checkpoint a pending policy with timeout_outcome rejected holds, naming the first such policy", () => {
    const evals = [
      pendingEval("p1", "expired"),
      pendingEval("p2", "rejected"),
      pendingEval("p3", "rejected"),
      { ...pendingEval("p4", "rejected"), status: "approved" as const },
      { ...pendingEval("p5", "rejected"), applicability: "not_applicable" as const, status: "skipped" as const },
    ];
    const next = expireCheckpoint(checkpointFixture({ id: "cp_1", evals }));
    expect(next.status).toBe("rejected");
    expect(next.reason).toBe(timeoutRejectedReason("Policy p2"));
    expect(next.reason).toContain(EXPIRED_REASON);
    expect(next.decidedAt).toBe(FIXTURE_T0 + 3_600_000);
    expect(next.votes).toEqual([]);
    expect(next.evals.map((e) => e.status)).toEqual(["pending", "rejected", "rejected", "approved", "skipped"]);
    // A rejection, whoever made it: webhooks and the stream get checkpoint.decided, not checkpoint.expired.
    expect(eventsOfChange(checkpointFixture({ id: "cp_1", evals }), next)).toEqual(["checkpoint.decided"]);
  });

  it("refuses a checkpoint that is not pending", () => {
    expect(() => expireCheckpoint(checkpointFixture({ id: "cp_1", status: "approved" }))).toThrow();
  });
});

describe("decisionClaims: the scan claim", () => {
  it("is absent without a gating scan and carries verdict, scan id and rule-set version with one", () => {
    const plain = checkpointFixture({ id: "cp_1", status: "approved" });
    expect(decisionClaims(plain)).not.toHaveProperty("scan");
    const result = { scanId: "scan_9", verdict: "log" as const, ruleSetVersion: "rsv_1", matches: [] };
    const gated = checkpointFixture({
      id: "cp_2",
      status: "approved",
      evals: [{ ...pendingEval("p1"), status: "approved", scan: { gate: { onBlock: "block", onFlag: "review" }, effect: "none", result } }],
    });
    expect(decisionClaims(gated).scan).toEqual({ verdict: "log", scan_id: "scan_9", rule_set_version: "rsv_1" });
  });
});
