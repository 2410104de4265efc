import { describe, expect, it } from "vitest";
import { parseCheckpointEvent } from "./event-stream.js";

const checkpoint = { checkpoint_id: "cp_1", status: "pending", action: "deploy" };

describe("parseCheckpointEvent", () => {
  it("takes the checkpoint and the revision the event carries", () => {
    const data = JSON.stringify({ type: "checkpoint.voted", timestamp: "2026-01-01T00:00:00.000Z", data: { checkpoint, revision: 2 } });
    expect(parseCheckpointEvent("e1", "checkpoint.voted", data)).toMatchObject({
      id: "e1",
      type: "checkpoint.voted",
      timestamp: "2026-01-01T00:00:00.000Z",
      checkpoint: { checkpoint_id: "cp_1", revision: 2 },
    });
  });

  it("ignores what is not a checkpoint event", () => {
    expect(parseCheckpointEvent("e1", "message", JSON.stringify({ data: { checkpoint } }))).toBeNull();
    expect(parseCheckpointEvent("e1", "checkpoint.created", "{not json")).toBeNull();
    expect(parseCheckpointEvent("e1", "checkpoint.created", JSON.stringify({ data: {} }))).toBeNull();
  });
});
