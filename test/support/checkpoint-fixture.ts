import type { Checkpoint } from "../../services/govern/domain/checkpoint.js";
import { eventsOfChange } from "../../services/govern/domain/checkpoint-event.js";
import type { ChangeRecord } from "../../services/govern/store/checkpoint-store.js";

/** The time fixtures are made at: 2026-01-01T00:00:00Z. */
export const FIXTURE_T0 = Date.UTC(2026, 0, 1);

/**
 * A pending checkpoint of workspace `ws_a` with no policy, payload or votes,
 * created at `FIXTURE_T0` and due an hour later, as a store holds it right
 * after its create (revision 1); `overrides` replace any field.
 */
export function checkpointFixture(overrides: Partial<Checkpoint> & Pick<Checkpoint, "id">): Checkpoint {
  return {
    workspaceId: "ws_a",
    agentId: null,
    agentName: null,
    action: "db.delete",
    payload: null,
    context: null,
    reasoning: null,
    autonomyLevel: null,
    policyIds: [],
    policyGroupIds: [],
    status: "pending",
    reason: "no policy applies; awaiting a reviewer",
    decisionToken: null,
    expiresAt: FIXTURE_T0 + 3_600_000,
    createdAt: FIXTURE_T0,
    decidedAt: null,
    evals: [],
    votes: [],
    revision: 1,
    ...overrides,
  };
}

/** What the lifecycle stores with the insert of `checkpoint`: its creation events, made when it was created. */
export function creation(checkpoint: Checkpoint): ChangeRecord {
  return { at: checkpoint.createdAt, events: eventsOfChange(null, checkpoint) };
}

/** A change that records no event, for tests about state alone. */
export const NO_EVENTS: ChangeRecord = { at: FIXTURE_T0, events: [] };
