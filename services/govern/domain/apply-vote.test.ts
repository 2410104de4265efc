import { describe, expect, it } from "vitest";
import { ConflictError, NotAReviewerError } from "../../../lib/errors.js";
import { applyVote, isDefaultReview, type VoteInput } from "./apply-vote.js";
import type { Checkpoint } from "./checkpoint.js";
import { evaluatePolicies } from "./evaluate-policies.js";
import type { Policy } from "./policy.js";
import { testPolicy } from "./test-policy.js";
import { checkpointFixture } from "../../../test/support/checkpoint-fixture.js";

const NOW = Date.UTC(2026, 0, 1);

function pendingWith(policies: Policy[]): Checkpoint {
  const evaluation = evaluatePolicies(policies, {
    action: "deploy",
    payload: null,
    agentId: null,
    agentName: null,
    context: null,
    reasoning: null,
    autonomyLevel: null,
  });
  return checkpointFixture({
    id: "cp_1",
    action: "deploy",
    status: evaluation.status,
    reason: evaluation.reason,
    expiresAt: NOW + 3_600_000,
    createdAt: NOW,
    evals: evaluation.evals,
  });
}

const approve = (subject: string): VoteInput => ({ subject, decision: "approve", reason: null });
const reject = (subject: string, reason: string | null = null): VoteInput => ({ subject, decision: "reject", reason });

function votes(cp: Checkpoint, ...list: VoteInput[]): Checkpoint {
  return list.reduce((c, v, i) => applyVote(c, v, NOW + i + 1), cp);
}

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected a throw");
}

describe("applyVote: quorum", () => {
  it("needs 2 of 3 reviewers for quorum 2", () => {
    const cp = pendingWith([testPolicy("p", { name: "Deploys", quorum: 2, reviewers: ["a", "b", "c"] })]);
    const one = votes(cp, approve("a"));
    expect(one).toMatchObject({ status: "pending", revision: 2, reason: 'awaiting review (policy "Deploys")', decidedAt: null });
    expect(one.evals[0]).toMatchObject({ status: "pending", quorumMet: 1, quorumRequired: 2 });
    const two = votes(one, approve("c"));
    expect(two).toMatchObject({ status: "approved", revision: 3, reason: "approved by a, c", decidedAt: NOW + 1 });
    expect(two.evals[0]).toMatchObject({ status: "approved", quorumMet: 2 });
    expect(two.votes).toEqual([
      { subject: "a", decision: "approve", reason: null, at: NOW + 1 },
      { subject: "c", decision: "approve", reason: null, at: NOW + 1 },
    ]);
  });

  it("needs every pending eval's quorum when two review policies overlap", () => {
    const cp = pendingWith([testPolicy("p1", { reviewers: ["a", "b"] }), testPolicy("p2", { reviewers: ["b", "c"] })]);
    const afterA = votes(cp, approve("a"));
    expect(afterA.status).toBe("pending");
    expect(afterA.evals.map((e) => e.status)).toEqual(["approved", "pending"]);
    expect(afterA.reason).toBe('awaiting review (policy "Policy p2")');
    // a is only in p1's pool, which is satisfied: a second voter from there is not a reviewer any more.
    expect(votes(afterA, approve("c")).status).toBe("approved");
    // b sits in both pools: one approval fills both quorums.
    expect(votes(cp, approve("b")).evals.map((e) => e.quorumMet)).toEqual([1, 1]);
    expect(votes(cp, approve("b")).status).toBe("approved");
  });

  it("counts a voter in two pools toward both, without settling either alone", () => {
    const cp = pendingWith([
      testPolicy("p1", { quorum: 2, reviewers: ["x", "a"] }),
      testPolicy("p2", { quorum: 2, reviewers: ["x", "b"] }),
    ]);
    const afterX = votes(cp, approve("x"));
    expect(afterX.evals.map((e) => [e.status, e.quorumMet])).toEqual([["pending", 1], ["pending", 1]]);
    const afterA = votes(afterX, approve("a"));
    expect(afterA.status).toBe("pending");
    expect(afterA.evals.map((e) => e.status)).toEqual(["approved", "pending"]);
    expect(votes(afterA, approve("b"))).toMatchObject({ status: "approved", reason: "approved by x, a, b" });
  });

  it("lets one reject settle after earlier approvals", () => {
    const cp = pendingWith([testPolicy("p", { quorum: 2, reviewers: ["a", "b", "c"] })]);
    const done = votes(cp, approve("a"), reject("b", "too risky"));
    expect(done).toMatchObject({ status: "rejected", reason: "too risky", revision: 3, decidedAt: NOW + 2 });
    expect(done.evals[0]!.status).toBe("rejected");
    expect(votes(cp, reject("c")).reason).toBe("rejected by c");
  });
});

describe("applyVote: the default review", () => {
  const cp = pendingWith([testPolicy("p", { match: { actions: ["other"] } })]);
  it("applies when no policy holds the checkpoint", () => {
    expect(isDefaultReview(cp)).toBe(true);
  });
  it("is settled by the first approval of anyone", () => {
    expect(votes(cp, approve("anyone"))).toMatchObject({ status: "approved", reason: "approved by anyone" });
  });
  it("is settled by the first reject of anyone", () => {
    expect(votes(cp, reject("someone"))).toMatchObject({ status: "rejected", reason: "rejected by someone" });
  });
});

describe("applyVote: refusals", () => {
  const cp = pendingWith([testPolicy("p", { quorum: 2, reviewers: ["a", "b"] })]);

  it("refuses a second vote by the same subject (409 ALREADY_VOTED)", () => {
    const err = thrown(() => votes(cp, approve("a"), reject("a")));
    expect(err).toBeInstanceOf(ConflictError);
    expect((err as ConflictError).code).toBe("ALREADY_VOTED");
  });

  it("refuses any vote on a terminal checkpoint (409 CHECKPOINT_NOT_PENDING), before anything else", () => {
    const done = votes(cp, reject("a"));
    for (const vote of [approve("b"), approve("a"), approve("stranger")]) {
      const err = thrown(() => applyVote(done, vote, NOW));
      expect((err as ConflictError).code).toBe("CHECKPOINT_NOT_PENDING");
    }
  });

  it("refuses a subject outside every pending pool (403 NOT_A_REVIEWER)", () => {
    expect(thrown(() => applyVote(cp, approve("mallory"), NOW))).toBeInstanceOf(NotAReviewerError);
    expect(thrown(() => applyVote(cp, reject("mallory"), NOW))).toBeInstanceOf(NotAReviewerError);
  });

  it("does not change the checkpoint it refuses a vote on", () => {
    const before = structuredClone(cp);
    thrown(() => applyVote(cp, approve("mallory"), NOW));
    expect(cp).toEqual(before);
  });
});
