import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../lib/errors.js";
import { applyPolicyMask } from "./apply-policy-mask.js";
import type { PolicySpecInput } from "./policy-spec-input.js";
import { validatePolicySpec } from "./validate-policy-spec.js";

function input(overrides: Partial<Omit<PolicySpecInput, "match">> & { match?: Partial<PolicySpecInput["match"]> } = {}): PolicySpecInput {
  const { match, ...rest } = overrides;
  return {
    name: "Payments",
    description: null,
    status: null,
    groupIds: [],
    outcome: "review",
    quorum: null,
    reviewers: ["alice"],
    timeoutSeconds: null,
    timeoutOutcome: null,
    scan: null,
    ...rest,
    match: { actions: [], agentIds: [], autonomyLevels: [], condition: null, ...match },
  };
}

function fieldOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationError) return err.extras.field;
    throw err;
  }
  return undefined;
}

describe("validatePolicySpec", () => {
  it("applies the defaults: active, quorum 1, actions [*], timeout outcome expired, no scan", () => {
    expect(validatePolicySpec(input())).toEqual({
      name: "Payments",
      description: null,
      status: "active",
      groupIds: [],
      match: { actions: ["*"], agentIds: [], autonomyLevels: [], condition: null },
      outcome: "review",
      quorum: 1,
      reviewers: ["alice"],
      timeoutSeconds: null,
      timeoutOutcome: "expired",
      scan: null,
    });
  });

  it("keeps a timeout outcome and fills a scan gate's defaults (block, review)", () => {
    expect(validatePolicySpec(input({ timeoutOutcome: "rejected" })).timeoutOutcome).toBe("rejected");
    expect(validatePolicySpec(input({ scan: { onBlock: null, onFlag: null } })).scan).toEqual({ onBlock: "block", onFlag: "review" });
    expect(validatePolicySpec(input({ scan: { onBlock: "review", onFlag: "ignore" } })).scan).toEqual({ onBlock: "review", onFlag: "ignore" });
  });

  it("asks reviewers of a policy whose scan gate may ask for review, whatever its outcome", () => {
    expect(fieldOf(() => validatePolicySpec(input({ outcome: "approve", reviewers: [], scan: { onBlock: null, onFlag: null } })))).toBe("reviewers");
    expect(fieldOf(() => validatePolicySpec(input({ outcome: "approve", reviewers: [], scan: { onBlock: "review", onFlag: "ignore" } })))).toBe("reviewers");
    // A gate that only blocks and ignores flags never needs a reviewer.
    expect(validatePolicySpec(input({ outcome: "approve", reviewers: [], scan: { onBlock: "block", onFlag: "ignore" } })).scan).toEqual({
      onBlock: "block",
      onFlag: "ignore",
    });
    expect(validatePolicySpec(input({ outcome: "approve", reviewers: ["a", "b"], quorum: 2, scan: { onBlock: null, onFlag: null } })).quorum).toBe(2);
  });

  it("keeps valid values and drops duplicate list entries", () => {
    const spec = validatePolicySpec(
      input({ status: "inactive", quorum: 2, reviewers: ["a", "b", "a"], groupIds: ["g"], timeoutSeconds: 60, match: { actions: ["x.*", "x.*"], condition: "payload.amount > 10", autonomyLevels: ["L1", "L1"] } }),
    );
    expect(spec).toMatchObject({ status: "inactive", quorum: 2, reviewers: ["a", "b"], timeoutSeconds: 60 });
    expect(spec.match).toEqual({ actions: ["x.*"], agentIds: [], autonomyLevels: ["L1"], condition: "payload.amount > 10" });
  });

  it("lets other outcomes ignore reviewers and quorum", () => {
    expect(validatePolicySpec(input({ outcome: "block", reviewers: [], quorum: 5 })).outcome).toBe("block");
  });

  it.each([
    ["name", input({ name: "  " })],
    ["name", input({ name: "x".repeat(201) })],
    ["description", input({ description: "x".repeat(2001) })],
    ["outcome", input({ outcome: null })],
    ["quorum", input({ quorum: 0 })],
    ["reviewers", input({ quorum: 2, reviewers: ["alice"] })],
    ["reviewers", input({ reviewers: [] })],
    ["reviewers[1]", input({ reviewers: ["a", ""] })],
    ["timeout_seconds", input({ timeoutSeconds: 0 })],
    ["timeout_seconds", input({ timeoutSeconds: 604_801 })],
    ["match.actions[0]", input({ match: { actions: [""] } })],
    ["match.condition", input({ match: { condition: "payload.amount >" } })],
    ["match.condition", input({ match: { condition: "unknown_var == 1" } })],
    ["match.condition", input({ match: { condition: '"a string"' } })],
    ["group_ids[0]", input({ groupIds: [" "] })],
  ])("refuses a bad %s", (field, bad) => {
    expect(fieldOf(() => validatePolicySpec(bad))).toBe(field);
  });
});

describe("applyPolicyMask", () => {
  const current = validatePolicySpec(input({ description: "d", timeoutSeconds: 60, match: { actions: ["a.*"], condition: "true" } }));

  it("changes only the named fields", () => {
    const next = applyPolicyMask(current, ["name", "match.actions"], input({ name: "New", match: { actions: ["b.*"] }, outcome: null }));
    expect(next).toEqual({ ...current, name: "New", match: { ...current.match, actions: ["b.*"] } });
  });

  it("replaces the whole match for the path match, and accepts camelCase paths", () => {
    const next = applyPolicyMask(current, ["match", "timeoutSeconds"], input({ match: { agentIds: ["agent_1"] } }));
    expect(next.match).toEqual({ actions: ["*"], agentIds: ["agent_1"], autonomyLevels: [], condition: null });
    expect(next.timeoutSeconds).toBeNull();
  });

  it("clears a named optional field that is absent, and validates the result as a whole", () => {
    expect(applyPolicyMask(current, ["description"], input()).description).toBeNull();
    expect(fieldOf(() => applyPolicyMask(current, ["reviewers"], input({ reviewers: [] })))).toBe("reviewers");
    expect(applyPolicyMask(current, ["outcome", "reviewers"], input({ outcome: "approve", reviewers: [] })).outcome).toBe("approve");
  });

  it("changes and clears the timeout outcome and the scan gate by their paths", () => {
    const gated = applyPolicyMask(current, ["scan", "timeout_outcome"], input({ scan: { onBlock: "review", onFlag: null }, timeoutOutcome: "rejected" }));
    expect(gated).toMatchObject({ scan: { onBlock: "review", onFlag: "review" }, timeoutOutcome: "rejected" });
    expect(applyPolicyMask(gated, ["name"], input({ name: "Renamed" }))).toMatchObject({ scan: gated.scan, timeoutOutcome: "rejected" });
    expect(applyPolicyMask(gated, ["scan", "timeoutOutcome"], input())).toMatchObject({ scan: null, timeoutOutcome: "expired" });
  });

  it("refuses an empty mask, an unknown path and an unspecified status", () => {
    expect(fieldOf(() => applyPolicyMask(current, [], input()))).toBe("update_mask");
    expect(fieldOf(() => applyPolicyMask(current, ["version"], input()))).toBe("update_mask");
    expect(fieldOf(() => applyPolicyMask(current, ["status"], input({ status: null })))).toBe("status");
  });
});
