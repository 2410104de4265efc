import { describe, expect, it } from "vitest";
import { highlightSpans } from "./highlighted-text.js";

describe("highlightSpans", () => {
  it("merges overlaps, orders spans and clips them to the text", () => {
    expect(
      highlightSpans(
        [
          { start: 10, end: 14, label: "b" },
          { start: 0, end: 4, label: "a" },
          { start: 2, end: 6, label: "c" },
          { start: 12, end: 99, label: "b" },
          { start: 5, end: 5, label: "empty" },
        ],
        20,
      ),
    ).toEqual([
      { start: 0, end: 6, labels: ["a", "c"] },
      { start: 10, end: 20, labels: ["b"] },
    ]);
  });
});
