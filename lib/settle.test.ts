import { describe, expect, it } from "vitest";
import { settle } from "./settle.js";

describe("settle", () => {
  it("resolves with a value or a promise's value, and rejects with what was thrown or rejected", async () => {
    await expect(settle(() => 1)).resolves.toBe(1);
    await expect(settle(() => Promise.resolve(2))).resolves.toBe(2);
    const thrown = new Error("before any await");
    await expect(
      settle(() => {
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    await expect(settle(() => Promise.reject(new Error("later")))).rejects.toThrow("later");
  });
});
