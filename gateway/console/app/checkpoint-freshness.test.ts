import { describe, expect, it } from "vitest";
import type { Checkpoint } from "./api-types.js";
import { isNewer, mergeCheckpoint } from "./checkpoint-freshness.js";

const base: Checkpoint = {
  checkpoint_id: "cp_1",
  agent_id: null,
  agent_name: "bot",
  action: "payments.send",
  status: "pending",
  reason: null,
  decision_token: null,
  expires_at: null,
  created_at: "2026-01-01T00:00:00.000Z",
  decided_at: null,
  evals: [],
  votes: [],
};
const vote = { subject: "alice", decision: "approve" as const, reason: null, at: "2026-01-01T00:01:00.000Z" };

describe("checkpoint freshness", () => {
  it("orders by revision when both have one, so a repeated older event changes nothing", () => {
    expect(isNewer({ ...base, revision: 3 }, { ...base, revision: 2 })).toBe(true);
    expect(isNewer({ ...base, revision: 2 }, { ...base, revision: 3, status: "approved" })).toBe(false);
    expect(isNewer({ ...base, revision: 2 }, { ...base, revision: 2 })).toBe(false);
  });

  it("without revisions, terminal beats pending and more votes beat fewer", () => {
    expect(isNewer({ ...base, status: "approved" }, { ...base, votes: [vote, vote] })).toBe(true);
    expect(isNewer({ ...base, votes: [vote] }, base)).toBe(true);
    expect(isNewer(base, { ...base, votes: [vote] })).toBe(false);
    expect(isNewer({ ...base, votes: [vote] }, { ...base, status: "expired" })).toBe(false);
  });

  it("merges only newer states and keeps a known revision when a listing brings none", () => {
    const m1 = mergeCheckpoint(new Map(), { ...base, revision: 1 });
    const m2 = mergeCheckpoint(m1, { ...base, revision: 1 });
    expect(m2).toBe(m1);
    const m3 = mergeCheckpoint(m2, { ...base, votes: [vote] });
    expect(m3.get("cp_1")).toMatchObject({ revision: 1, votes: [vote] });
  });
});
