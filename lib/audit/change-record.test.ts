import { expect, it } from "vitest";
import { payloadSha256 } from "../payload-hash.js";
import { changedFields, digestOf } from "./change-record.js";

it("names the members an update changed, in snake_case, comparing values as JSON", () => {
  const before = { name: "a", groupIds: ["x"], match: { actions: ["*"] }, quorum: 1, timeoutSeconds: null };
  expect(changedFields(before, { ...before })).toEqual([]);
  expect(changedFields(before, { ...before, groupIds: ["x", "y"], match: { actions: ["*"] }, timeoutSeconds: 60 })).toEqual(["group_ids", "timeout_seconds"]);
  expect(changedFields({}, { dataDirection: "inbound" })).toEqual(["data_direction"]);
});

it("digests a value as a decision token digests a payload: base64url SHA-256 of its canonical JSON", () => {
  expect(digestOf({ b: 1, a: [true, null] })).toBe(payloadSha256({ a: [true, null], b: 1 }));
  expect(digestOf("lease on file")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(digestOf("lease on file")).not.toBe(digestOf("lease on file."));
});
