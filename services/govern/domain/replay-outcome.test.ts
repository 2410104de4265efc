import { describe, expect, it } from "vitest";
import { draftPolicies } from "./draft-policies.js";
import type { RecordedCheckpoint } from "./recorded-checkpoint.js";
import { replayOutcome } from "./replay-outcome.js";
import { testPolicy } from "./test-policy.js";

const T0 = Date.UTC(2026, 0, 1);

const recorded = (overrides: Partial<RecordedCheckpoint> = {}): RecordedCheckpoint => ({
  id: "cp_1",
  createdAt: T0,
  action: "payments.send",
  payload: { amount: 250 },
  agentId: null,
  agentName: null,
  context: null,
  reasoning: null,
  autonomyLevel: null,
  policyIds: [],
  policyGroupIds: [],
  initialOutcome: "pending",
  ...overrides,
});

describe("replayOutcome", () => {
  it("evaluates the drafts as a create would and pairs the result with the recorded outcome", () => {
    const drafts = [testPolicy("d1", { outcome: "approve", match: { actions: ["payments.*"], condition: "payload.amount < 1000" } })];
    expect(replayOutcome(drafts, recorded(), null)).toEqual({ kind: "evaluated", from: "pending", to: "approved", scanRequested: false });
    expect(replayOutcome(drafts, recorded({ payload: { amount: 5000 }, initialOutcome: "approved" }), null)).toEqual({
      kind: "evaluated",
      from: "approved",
      to: "pending",
      scanRequested: false,
    });
  });

  it("leaves inactive drafts out, as evaluation leaves out inactive policies", () => {
    const drafts = [testPolicy("d1", { outcome: "block", status: "inactive" })];
    expect(replayOutcome(drafts, recorded({ initialOutcome: "blocked" }), null)).toEqual({
      kind: "evaluated",
      from: "blocked",
      to: "pending",
      scanRequested: false,
    });
  });

  it("notes, without scanning, that an applicable gated draft asks for a content scan: to is the outcome before the gate", () => {
    const gate = { onBlock: "block", onFlag: "review" } as const;
    const drafts = [
      testPolicy("d1", { outcome: "approve", scan: gate, match: { actions: ["payments.*"] } }),
      testPolicy("d2", { outcome: "approve", match: { actions: ["db.*"] } }),
    ];
    expect(replayOutcome(drafts, recorded(), null)).toEqual({ kind: "evaluated", from: "pending", to: "approved", scanRequested: true });
    // The gated draft does not apply to this action: nothing asks for a scan.
    expect(replayOutcome(drafts, recorded({ action: "db.read" }), null)).toEqual({
      kind: "evaluated",
      from: "pending",
      to: "approved",
      scanRequested: false,
    });
    // An inactive gated draft takes no part, and asks for nothing.
    const inactive = [testPolicy("d1", { outcome: "approve", scan: gate, status: "inactive" })];
    expect(replayOutcome(inactive, recorded(), null)).toMatchObject({ to: "pending", scanRequested: false });
  });

  it("narrows the drafts by the checkpoint's policy groups", () => {
    const drafts = [testPolicy("d1", { outcome: "block", groupIds: ["prod"] }), testPolicy("d2", { outcome: "approve", groupIds: ["dev"] })];
    expect(replayOutcome(drafts, recorded({ policyGroupIds: ["dev"] }), null)).toMatchObject({ to: "approved" });
    expect(replayOutcome(drafts, recorded({ policyGroupIds: ["prod"] }), null)).toMatchObject({ to: "blocked" });
    expect(replayOutcome(drafts, recorded(), null)).toMatchObject({ to: "blocked" });
  });

  it("sets aside a checkpoint pinned to policy IDs: the drafts are not those policies", () => {
    expect(replayOutcome([testPolicy("d1", { outcome: "approve" })], recorded({ policyIds: ["pol_1"] }), null)).toEqual({ kind: "pinned" });
  });

  it("lets conditions see the agent name it is given", () => {
    const drafts = [testPolicy("d1", { outcome: "reject", match: { condition: 'agent.name == "Rogue"' } })];
    expect(replayOutcome(drafts, recorded({ agentId: "agent_1" }), "Rogue")).toMatchObject({ to: "rejected" });
    expect(replayOutcome(drafts, recorded({ agentId: "agent_1" }), "Tame")).toMatchObject({ to: "pending" });
  });

  it("fails closed as evaluation does: a condition that cannot run holds a block, never approves", () => {
    const block = [testPolicy("d1", { outcome: "block", match: { condition: "payload.missing > 1" } })];
    const approve = [testPolicy("d1", { outcome: "approve", match: { condition: "payload.missing > 1" } })];
    expect(replayOutcome(block, recorded(), null)).toMatchObject({ to: "blocked" });
    expect(replayOutcome(approve, recorded(), null)).toMatchObject({ to: "pending" });
  });
});

describe("draftPolicies", () => {
  it("identifies drafts by their place in the set", () => {
    const { id: _id, workspaceId: _ws, version: _v, createdAt: _c, updatedAt: _u, ...spec } = testPolicy("x");
    const drafts = draftPolicies([spec, { ...spec, name: "second" }], "ws_a", T0);
    expect(drafts.map((p) => [p.id, p.name, p.workspaceId, p.version])).toEqual([
      ["draft_1", spec.name, "ws_a", 1],
      ["draft_2", "second", "ws_a", 1],
    ]);
  });
});
