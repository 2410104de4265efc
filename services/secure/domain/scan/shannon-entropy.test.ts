import { describe, expect, it } from "vitest";
import { shannonEntropy } from "./shannon-entropy.js";

describe("shannonEntropy", () => {
  it("is 0 for empty and single-character text, log2(n) for n distinct characters", () => {
    expect(shannonEntropy("")).toBe(0);
    expect(shannonEntropy("aaaa")).toBe(0);
    expect(shannonEntropy("ab")).toBeCloseTo(1);
    expect(shannonEntropy("abcdefgh")).toBeCloseTo(3);
  });
  it("tells random keys from words and placeholders", () => {
    expect(shannonEntropy("Xt9pLm2QzR7vKc4NbW8yHf1JdG6sTa3UeYo5iPqZ")).toBeGreaterThan(4.5);
    expect(shannonEntropy("xxxxxxxxxxxxxxxxxxxx")).toBeLessThan(1);
    expect(shannonEntropy("passwordpassword")).toBeLessThan(3);
  });
});
