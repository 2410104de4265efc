import { describe, expect, it } from "vitest";
import { applyScanGate } from "./apply-scan-gate.js";
import { evaluatePolicies, type CheckpointFacts } from "./evaluate-policies.js";
import type { GateScan, ScanVerdict } from "./gate-scan.js";
import type { Policy, ScanGate } from "./policy.js";
import { testPolicy } from "./test-policy.js";

const facts: CheckpointFacts = {
  action: "db.export",
  payload: { table: "users" },
  agentId: null,
  agentName: null,
  context: null,
  reasoning: null,
  autonomyLevel: null,
};

const scan = (verdict: ScanVerdict): GateScan => ({
  scanId: "scan_1",
  verdict,
  ruleSetVersion: "rsv",
  matches:
    verdict === "allow"
      ? []
      : [{ ruleId: "r1", ruleName: "Secrets", type: "data_pattern", action: verdict, severity: "high", findings: [] }],
});

const gated = (id: string, gate: ScanGate, overrides: Partial<Policy> = {}) =>
  testPolicy(id, { name: id, outcome: "approve", reviewers: ["rita", "sam"], quorum: 2, scan: gate, ...overrides });

function gate(policies: Policy[], verdict: ScanVerdict) {
  const evaluation = evaluatePolicies(policies, facts);
  expect(evaluation.scanRequested).toBe(true);
  return applyScanGate(evaluation, policies, scan(verdict));
}

describe("applyScanGate", () => {
  it("asks for a scan only when a gated policy applies", () => {
    expect(evaluatePolicies([testPolicy("p", { outcome: "approve" })], facts).scanRequested).toBe(false);
    const elsewhere = gated("g", { onBlock: "block", onFlag: "review" }, { match: { actions: ["payments.*"], agentIds: [], autonomyLevels: [], condition: null } });
    expect(evaluatePolicies([elsewhere], facts).scanRequested).toBe(false);
    expect(evaluatePolicies([elsewhere], facts).evals[0]!.scan).toEqual({ gate: elsewhere.scan, effect: null, result: null });
  });

  it("blocks at once on a block verdict under on_block block, whatever the policy would do", () => {
    for (const outcome of ["approve", "review", "reject"] as const) {
      const result = gate([gated("g", { onBlock: "block", onFlag: "ignore" }, { outcome })], "block");
      expect(result.status).toBe("blocked");
      expect(result.reason).toBe(`blocked by policy "g": the content scan's verdict is block`);
      expect(result.evals[0]).toMatchObject({ status: "blocked", scan: { effect: "blocked", result: scan("block") } });
    }
  });

  it("turns an approval into a review by the policy's reviewers on a flag under on_flag review", () => {
    const result = gate([gated("g", { onBlock: "block", onFlag: "review" })], "flag");
    expect(result.status).toBe("pending");
    expect(result.reason).toBe(`awaiting review (policy "g"; the content scan's verdict is flag)`);
    expect(result.evals[0]).toMatchObject({ status: "pending", quorumRequired: 2, poolSize: 2, reviewers: ["rita", "sam"], scan: { effect: "review" } });
  });

  it("holds a block verdict for review under on_block review", () => {
    const result = gate([gated("g", { onBlock: "review", onFlag: "ignore" })], "block");
    expect(result.status).toBe("pending");
    expect(result.evals[0]!.scan!.effect).toBe("review");
  });

  it("changes nothing on ignored flags, log and allow, but records the scan", () => {
    for (const [g, verdict] of [
      [{ onBlock: "block", onFlag: "ignore" }, "flag"],
      [{ onBlock: "block", onFlag: "review" }, "log"],
      [{ onBlock: "block", onFlag: "review" }, "allow"],
    ] as const) {
      const result = gate([gated("g", g)], verdict);
      expect(result.status).toBe("approved");
      expect(result.evals[0]).toMatchObject({ status: "approved", quorumRequired: 0, reviewers: [], scan: { effect: "none", result: scan(verdict) } });
    }
  });

  it("leaves ungated and inapplicable evals alone, and settles with them", () => {
    const plain = testPolicy("plain", { outcome: "approve" });
    const reviewing = testPolicy("rev", { outcome: "review", reviewers: ["alice"], timeoutSeconds: 900 });
    const g = gated("g", { onBlock: "block", onFlag: "review" }, { timeoutSeconds: 120 });
    const flagged = gate([plain, g], "flag");
    expect(flagged.evals[0]).toEqual(evaluatePolicies([plain], facts).evals[0]);
    expect(flagged.status).toBe("pending");
    // The gated policy now holds the checkpoint, so its timeout counts.
    expect(flagged.reviewTimeoutSeconds).toBe(120);
    expect(gate([reviewing, g], "allow").reviewTimeoutSeconds).toBe(900);
    expect(gate([plain, g], "block").status).toBe("blocked");
  });
});
