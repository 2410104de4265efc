import { payloadSha256 } from "../../../lib/payload-hash.js";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../lib/errors.js";
import { validateCheckpointInput, type RawCheckpointInput } from "./checkpoint-input.js";

function fieldOf(raw: RawCheckpointInput): string | undefined {
  try {
    validateCheckpointInput(raw);
  } catch (err) {
    if (err instanceof ValidationError) return err.extras.field;
    throw err;
  }
  return undefined;
}

describe("validateCheckpointInput", () => {
  it("normalises absent and empty optional fields to null", () => {
    expect(validateCheckpointInput({ action: "deploy", agentName: "", context: undefined })).toEqual({
      action: "deploy",
      payload: null,
      // "No payload" has one fixed hash: that of {}.
      payloadSha256: payloadSha256({}),
      agentId: null,
      agentName: null,
      context: null,
      reasoning: null,
      autonomyLevel: null,
      policyIds: [],
      policyGroupIds: [],
      timeoutSeconds: null,
    });
  });

  it("accepts the limits exactly", () => {
    const ok = validateCheckpointInput({
      action: "a".repeat(200),
      agentName: "n".repeat(200),
      context: "c".repeat(10_000),
      reasoning: "r".repeat(10_000),
      timeoutSeconds: 604_800,
      policyIds: ["p1", "p1", "p2"],
    });
    expect(ok.policyIds).toEqual(["p1", "p2"]);
  });

  it.each([
    ["action", { action: "" }],
    ["action", { action: "   " }],
    ["action", { action: "a".repeat(201) }],
    ["agent_name", { action: "x", agentName: "n".repeat(201) }],
    ["context", { action: "x", context: "c".repeat(10_001) }],
    ["reasoning", { action: "x", reasoning: "r".repeat(10_001) }],
    ["timeout_seconds", { action: "x", timeoutSeconds: 0 }],
    ["timeout_seconds", { action: "x", timeoutSeconds: 604_801 }],
    ["timeout_seconds", { action: "x", timeoutSeconds: 1.5 }],
    ["policy_ids[0]", { action: "x", policyIds: [""] }],
    ["policy_group_ids", { action: "x", policyGroupIds: Array.from({ length: 101 }, (_, i) => `g${i}`) }],
    ["payload", { action: "x", payload: { n: Number.NaN } }],
    ["payload", { action: "x", payload: { big: "x".repeat(1024 * 1024) } }],
  ] as Array<[string, RawCheckpointInput]>)("refuses a bad %s", (field, raw) => {
    expect(fieldOf(raw)).toBe(field);
  });
});
