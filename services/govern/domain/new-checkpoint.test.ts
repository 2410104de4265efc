import { describe, expect, it } from "vitest";
import { validateCheckpointInput } from "./checkpoint-input.js";
import { evaluatePolicies } from "./evaluate-policies.js";
import { newCheckpoint } from "./new-checkpoint.js";
import { testPolicy } from "./test-policy.js";

const NOW = Date.UTC(2026, 0, 1);

function make(timeoutSeconds: number | null, policies = [testPolicy("p1", { timeoutSeconds: 600 }), testPolicy("p2", { timeoutSeconds: 120 })]) {
  const input = validateCheckpointInput({ action: "payments.send", timeoutSeconds });
  return newCheckpoint(input, evaluatePolicies(policies, { ...input, agentName: null }), { id: "cp_1", workspaceId: "ws_a" }, NOW);
}

describe("newCheckpoint", () => {
  it("expires after the requested timeout", () => {
    expect(make(30).expiresAt).toBe(NOW + 30_000);
  });
  it("else after the smallest timeout of the applicable review policies", () => {
    expect(make(null).expiresAt).toBe(NOW + 120_000);
  });
  it("else after one hour", () => {
    expect(make(null, [testPolicy("p", { outcome: "approve" })]).expiresAt).toBe(NOW + 3_600_000);
    expect(make(null, []).expiresAt).toBe(NOW + 3_600_000);
  });
  it("is pending at revision 1 without a token, or decided at once on a fast path", () => {
    expect(make(null)).toMatchObject({ status: "pending", revision: 1, decisionToken: null, decidedAt: null, votes: [] });
    expect(make(null, [testPolicy("p", { outcome: "block" })])).toMatchObject({ status: "blocked", decidedAt: NOW, decisionToken: null });
  });
});
