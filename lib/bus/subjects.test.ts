import { describe, expect, it } from "vitest";
import { assertPattern, assertSubject, InvalidSubjectError, subjectMatches } from "./subjects.js";

describe("subjectMatches", () => {
  it.each([
    ["a.b", "a.b", true],
    ["a.b", "a.c", false],
    ["a.b", "a.b.c", false],
    ["a.*", "a.b", true],
    ["a.*", "a", false],
    ["a.*", "a.b.c", false],
    ["*.b.*", "a.b.c", true],
    ["*", "a", true],
    ["*", "a.b", false],
    ["a.>", "a.b", true],
    ["a.>", "a.b.c.d", true],
    ["a.>", "a", false],
    [">", "a", true],
    [">", "a.b.c", true],
    ["*.>", "a", false],
    ["*.>", "a.b", true],
  ])("%s vs %s → %s", (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });
});

describe("validation", () => {
  it("accepts ordinary subjects and patterns", () => {
    expect(() => assertSubject("checkpoint.changed.ws_1-x")).not.toThrow();
    expect(() => assertPattern("checkpoint.*.>")).not.toThrow();
  });
  it("throws InvalidSubjectError for malformed ones", () => {
    expect(() => assertSubject("a..b")).toThrow(InvalidSubjectError);
    expect(() => assertSubject("a.*")).toThrow(InvalidSubjectError);
    expect(() => assertPattern("a.>.b")).toThrow(InvalidSubjectError);
    expect(() => assertPattern("a\tb")).toThrow(InvalidSubjectError);
  });
});
