import { describe, expect, it } from "vitest";
import { checkpointFixture } from "../../../test/support/checkpoint-fixture.js";
import { checkpointEventId, eventIdFloor, eventIdTime, eventsOfChange } from "./checkpoint-event.js";

const pending = checkpointFixture({ id: "cp_1" });
const vote = { subject: "alice", decision: "approve" as const, reason: null, at: 1 };

describe("eventsOfChange", () => {
  it("names a creation, and a creation a policy settled at once", () => {
    expect(eventsOfChange(null, pending)).toEqual(["checkpoint.created"]);
    expect(eventsOfChange(null, { ...pending, status: "blocked" })).toEqual(["checkpoint.created", "checkpoint.decided"]);
  });

  it("names a vote, and the vote that decided", () => {
    expect(eventsOfChange(pending, { ...pending, votes: [vote], revision: 2 })).toEqual(["checkpoint.voted"]);
    expect(eventsOfChange(pending, { ...pending, status: "rejected", votes: [vote], revision: 2 })).toEqual(["checkpoint.voted", "checkpoint.decided"]);
  });

  it("names expiry and cancellation, and nothing for a change that is neither", () => {
    expect(eventsOfChange(pending, { ...pending, status: "expired" })).toEqual(["checkpoint.expired"]);
    expect(eventsOfChange(pending, { ...pending, status: "cancelled" })).toEqual(["checkpoint.cancelled"]);
    expect(eventsOfChange(pending, { ...pending, revision: 2 })).toEqual([]);
  });
});

describe("event ids", () => {
  it("sort by time, then checkpoint, revision and index, and give their time back", () => {
    const ids = [
      checkpointEventId(1_000, "cp_b", 1, 0),
      checkpointEventId(999, "cp_z", 9, 1),
      checkpointEventId(1_000, "cp_a", 2, 1),
      checkpointEventId(1_000, "cp_a", 2, 0),
    ];
    expect([...ids].sort()).toEqual([ids[1], ids[3], ids[2], ids[0]]);
    expect(eventIdTime(ids[0]!)).toBe(1_000);
    expect(eventIdFloor(1_000) <= ids[3]! && eventIdFloor(1_000) > ids[1]!).toBe(true);
  });

  it("refuses what is not an event id", () => {
    for (const bad of ["", "abc", "1000.cp_a.1.0", `${"9".repeat(13)}.cp a.1.0`, `${"0".repeat(13)}.cp_a.x.0`]) expect(eventIdTime(bad)).toBeUndefined();
  });
});
