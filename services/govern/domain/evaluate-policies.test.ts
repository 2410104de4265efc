import { describe, expect, it } from "vitest";
import type { PolicyOutcome } from "./policy.js";
import { evaluatePolicies, NO_POLICY_REASON, type CheckpointFacts } from "./evaluate-policies.js";
import { narrowPolicies } from "./narrow-policies.js";
import { testPolicy } from "./test-policy.js";

const facts = (overrides: Partial<CheckpointFacts> = {}): CheckpointFacts => ({
  action: "payments.send",
  payload: { amount: 250, currency: "EUR", env: "prod" },
  agentId: "agent_1",
  agentName: "Pay bot",
  context: "monthly run",
  reasoning: "the invoice is due",
  autonomyLevel: "L3",
  ...overrides,
});

describe("evaluatePolicies: outcome matrix", () => {
  const outcomes: PolicyOutcome[] = ["approve", "reject", "block", "review"];
  // Every subset of applicable outcomes, plus one policy that does not apply.
  const subsets = Array.from({ length: 16 }, (_, mask) => outcomes.filter((_, i) => mask & (1 << i)));
  const expected = (set: PolicyOutcome[]) =>
    set.includes("block") ? "blocked" : set.includes("reject") ? "rejected" : set.includes("review") ? "pending" : set.includes("approve") ? "approved" : "pending";

  it.each(subsets.map((s) => [s.join("+") || "(none)", s] as const))("%s → the strongest outcome", (_name, set) => {
    const policies = [
      ...set.map((outcome) => testPolicy(`pol_${outcome}`, { outcome, name: outcome })),
      testPolicy("pol_elsewhere", { outcome: "block", match: { actions: ["db.*"] } }),
    ];
    const result = evaluatePolicies(policies, facts());
    expect(result.status).toBe(expected(set));
    expect(result.evals).toHaveLength(set.length + 1);
    expect(result.evals.at(-1)).toMatchObject({ applicability: "not_applicable", status: "skipped" });
    if (set.length === 0) expect(result.reason).toBe(NO_POLICY_REASON);
  });

  it("names the deciding policy in the reason", () => {
    const block = testPolicy("p1", { name: "No prod deletes", outcome: "block" });
    const reject = testPolicy("p2", { name: "Never", outcome: "reject" });
    const review = testPolicy("p3", { name: "Payments", outcome: "review" });
    const review2 = testPolicy("p4", { name: "Finance", outcome: "review" });
    const approve = testPolicy("p5", { name: "Fine", outcome: "approve" });
    expect(evaluatePolicies([approve, reject, block], facts()).reason).toBe('blocked by policy "No prod deletes"');
    expect(evaluatePolicies([approve, review, reject], facts()).reason).toBe('rejected by policy "Never"');
    expect(evaluatePolicies([approve, review], facts()).reason).toBe('awaiting review (policy "Payments")');
    expect(evaluatePolicies([review, review2], facts()).reason).toBe('awaiting review (policies "Payments", "Finance")');
    expect(evaluatePolicies([approve], facts()).reason).toBe('approved by policy "Fine"');
    expect(evaluatePolicies([], facts())).toEqual({ evals: [], status: "pending", reason: NO_POLICY_REASON, reviewTimeoutSeconds: null, scanRequested: false });
  });

  it("fills eval quorum and pool fields by outcome", () => {
    const review = testPolicy("p1", { outcome: "review", quorum: 2, reviewers: ["a", "b", "c"] });
    const approve = testPolicy("p2", { outcome: "approve", quorum: 3, reviewers: ["x"] });
    const skipped = testPolicy("p3", { outcome: "review", quorum: 1, reviewers: ["z"], match: { actions: ["other"] } });
    const { evals } = evaluatePolicies([review, approve, skipped], facts());
    expect(evals).toEqual([
      { policyId: "p1", policyName: "Policy p1", applicability: "applicable", status: "pending", quorumRequired: 2, quorumMet: 0, poolSize: 3, reviewers: ["a", "b", "c"], timeoutOutcome: "expired", scan: null },
      { policyId: "p2", policyName: "Policy p2", applicability: "applicable", status: "approved", quorumRequired: 0, quorumMet: 0, poolSize: 0, reviewers: [], timeoutOutcome: "expired", scan: null },
      { policyId: "p3", policyName: "Policy p3", applicability: "not_applicable", status: "skipped", quorumRequired: 1, quorumMet: 0, poolSize: 1, reviewers: ["z"], timeoutOutcome: "expired", scan: null },
    ]);
  });
});

describe("evaluatePolicies: matching", () => {
  const applies = (policy: ReturnType<typeof testPolicy>, f: CheckpointFacts = facts()) =>
    evaluatePolicies([policy], f).evals[0]!.applicability === "applicable";

  it("matches the action against any of the globs", () => {
    expect(applies(testPolicy("p", { match: { actions: ["db.*", "payments.*"] } }))).toBe(true);
    expect(applies(testPolicy("p", { match: { actions: ["db.*"] } }))).toBe(false);
  });

  it("matches agents: an empty list is any agent, else the agent_id must be listed", () => {
    expect(applies(testPolicy("p", { match: { agentIds: [] } }), facts({ agentId: null }))).toBe(true);
    expect(applies(testPolicy("p", { match: { agentIds: ["agent_1"] } }))).toBe(true);
    expect(applies(testPolicy("p", { match: { agentIds: ["agent_2"] } }))).toBe(false);
    expect(applies(testPolicy("p", { match: { agentIds: ["agent_1"] } }), facts({ agentId: null }))).toBe(false);
  });

  it("matches autonomy levels: an empty list is any level, else the level must be listed", () => {
    expect(applies(testPolicy("p", { match: { autonomyLevels: ["L3", "L4"] } }))).toBe(true);
    expect(applies(testPolicy("p", { match: { autonomyLevels: ["L4"] } }))).toBe(false);
    expect(applies(testPolicy("p", { match: { autonomyLevels: ["L0"] } }), facts({ autonomyLevel: null }))).toBe(false);
  });

  it.each([
    ["payload.amount > 100", true],
    ["payload.amount > 1000", false],
    ['payload.env == "prod" && action.startsWith("payments.")', true],
    ['agent.id == "agent_1" && agent.name == "Pay bot"', true],
    ['autonomy_level == "L3"', true],
    ['context.contains("monthly") && reasoning.contains("invoice")', true],
    ['"currency" in payload', true],
  ])("evaluates the condition %s → %s", (condition, expected) => {
    expect(applies(testPolicy("p", { match: { condition } }))).toBe(expected);
  });

  it("gives conditions empty strings and maps for what the checkpoint lacks", () => {
    const f = facts({ payload: null, agentId: null, agentName: null, context: null, reasoning: null, autonomyLevel: null });
    expect(applies(testPolicy("p", { match: { condition: 'size(payload) == 0 && agent.id == "" && autonomy_level == "" && context == ""' } }), f)).toBe(true);
  });

  it("requires every part of the match to hold", () => {
    const p = testPolicy("p", { match: { actions: ["payments.*"], agentIds: ["agent_1"], autonomyLevels: ["L3"], condition: "payload.amount > 1000" } });
    expect(applies(p)).toBe(false);
  });
});

describe("evaluatePolicies: a condition that fails at run time fails closed", () => {
  const broken = "payload.missing.key == 1";
  it.each([
    ["review", "applicable"],
    ["reject", "applicable"],
    ["block", "applicable"],
    ["approve", "not_applicable"],
  ] as const)("%s policy → %s", (outcome, applicability) => {
    const result = evaluatePolicies([testPolicy("p", { outcome, match: { condition: broken } })], facts());
    expect(result.evals[0]!.applicability).toBe(applicability);
  });

  it("also for a non-boolean result", () => {
    const approve = testPolicy("p1", { outcome: "approve", match: { condition: "payload.amount" } });
    const block = testPolicy("p2", { outcome: "block", match: { condition: "payload.currency" } });
    expect(evaluatePolicies([approve], facts()).status).toBe("pending");
    expect(evaluatePolicies([block], facts()).status).toBe("blocked");
  });
});

describe("evaluatePolicies: review timeout", () => {
  it("is the smallest timeout of the applicable review policies that set one", () => {
    const policies = [
      testPolicy("p1", { timeoutSeconds: 900 }),
      testPolicy("p2", { timeoutSeconds: 300 }),
      testPolicy("p3", { timeoutSeconds: null }),
      testPolicy("p4", { timeoutSeconds: 60, match: { actions: ["db.*"] } }),
      testPolicy("p5", { timeoutSeconds: 30, outcome: "approve" }),
    ];
    expect(evaluatePolicies(policies, facts()).reviewTimeoutSeconds).toBe(300);
    expect(evaluatePolicies([testPolicy("p3")], facts()).reviewTimeoutSeconds).toBeNull();
  });
});

describe("narrowPolicies", () => {
  const a = testPolicy("pol_a", { groupIds: ["finance"] });
  const b = testPolicy("pol_b", { groupIds: ["ops", "finance"] });
  const c = testPolicy("pol_c");
  const active = [a, b, c];

  it("keeps every active policy when nothing narrows", () => {
    expect(narrowPolicies(active, [], [])).toEqual(active);
  });
  it("keeps the named policies", () => {
    expect(narrowPolicies(active, ["pol_c"], []).map((p) => p.id)).toEqual(["pol_c"]);
  });
  it("keeps the policies of the named groups", () => {
    expect(narrowPolicies(active, [], ["ops"]).map((p) => p.id)).toEqual(["pol_b"]);
    expect(narrowPolicies(active, [], ["finance"]).map((p) => p.id)).toEqual(["pol_a", "pol_b"]);
  });
  it("keeps the union of both, in evaluation order", () => {
    expect(narrowPolicies(active, ["pol_c"], ["ops"]).map((p) => p.id)).toEqual(["pol_b", "pol_c"]);
  });
  it("keeps nothing for an unknown group, so the default review applies", () => {
    expect(narrowPolicies(active, [], ["nope"])).toEqual([]);
  });
});
