import { describe, expect, it } from "vitest";
import { labelledBy, partOfLongerNumber, separatorsOf, wordsPattern } from "./number-context.js";

const at = (text: string, value: string) => {
  const start = text.indexOf(value);
  return { text, value, start, end: start + value.length };
};

describe("number context", () => {
  it("wordsPattern: finds whole words in any case, snake_case names included, never inside longer words", () => {
    const sin = wordsPattern(["sin", "social insurance"]);
    for (const t of ["SIN: 1", "my sin_number", "Social Insurance No", "(sin)"]) expect(sin.test(t), t).toBe(true);
    for (const t of ["using 1", "single", "basin", "business"]) expect(sin.test(t), t).toBe(false);
    expect(wordsPattern(["ss#", "$"]).test("SS# 1, $5")).toBe(true);
  });

  it("labelledBy: looks only within the window before and after the candidate", () => {
    const words = wordsPattern(["nhs"]);
    expect(labelledBy(at("NHS number: 943 476 5919", "943 476 5919"), words, 40)).toBe(true);
    expect(labelledBy(at("943 476 5919 (NHS)", "943 476 5919"), words, 40)).toBe(true);
    expect(labelledBy(at(`NHS${" ".repeat(50)}943 476 5919`, "943 476 5919"), words, 40)).toBe(false);
  });

  it("partOfLongerNumber: a joiner next to a digit on either side", () => {
    expect(partOfLongerNumber(at("id 1234-4111111111111111", "4111111111111111"), "-")).toBe(true);
    expect(partOfLongerNumber(at("4111 7200 1549 2431", "7200 1549 2431"), " ")).toBe(true);
    expect(partOfLongerNumber(at("v 1.2.3.4.5", "1.2.3.4"), ".")).toBe(true);
    expect(partOfLongerNumber(at("call 415-555-2671 now", "415-555-2671"), "-.")).toBe(false);
    expect(partOfLongerNumber(at("4111 7200 1549 2431", "7200 1549 2431"), "-")).toBe(false);
  });

  it("separatorsOf: what is neither letter nor digit, in order", () => {
    expect(separatorsOf("536-22-1234")).toBe("--");
    expect(separatorsOf("69.160.222-G")).toBe("..-");
    expect(separatorsOf("AB123456C")).toBe("");
  });
});
