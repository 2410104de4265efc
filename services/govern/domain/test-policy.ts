import type { Policy } from "./policy.js";

/** A policy for tests: active, matching every action, `review` by alice with quorum 1, unless overridden. */
export function testPolicy(id: string, overrides: Partial<Omit<Policy, "match">> & { match?: Partial<Policy["match"]> } = {}): Policy {
  const { match, ...rest } = overrides;
  return {
    id,
    workspaceId: "ws_a",
    name: `Policy ${id}`,
    description: null,
    status: "active",
    groupIds: [],
    outcome: "review",
    quorum: 1,
    reviewers: ["alice"],
    timeoutSeconds: null,
    timeoutOutcome: "expired",
    scan: null,
    version: 1,
    createdAt: 0,
    updatedAt: 0,
    ...rest,
    match: { actions: ["*"], agentIds: [], autonomyLevels: [], condition: null, ...match },
  };
}
