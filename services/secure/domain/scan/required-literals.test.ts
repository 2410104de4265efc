import { describe, expect, it } from "vitest";
import { requiredLiterals } from "./required-literals.js";

describe("requiredLiterals", () => {
  it.each([
    // source, flags, literals, least and greatest distance from the match's start
    ["\\bTKT-28-[0-9]{4,6}\\b", "", ["TKT-28-"], 0, 0],
    ["codename\\-9\\-alpha", "i", ["codename-9-alpha"], 0, 0],
    ["\\b[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@(?:[A-Za-z0-9-]{1,63}\\.){1,8}[A-Za-z]{2,24}\\b", "", ["@"], 1, 64],
    ["\\b(?:ignore|disregard|forget)\\s+all", "i", ["ignore", "disregard", "forget"], 0, 0],
    ["\\b(?:Ignore|disregard|forget)\\s+(?:previous|prior)", "i", ["ignore", "disregard", "forget"], 0, 0],
    ["ab?c", "", ["a"], 0, 0],
    ["x{2}yz{3,}", "", ["y"], 2, 2],
    ["a{,3}", "", ["a{,3}"], 0, 0],
    ["\\x41\\pL\\p{Greek}[\\]x][[:alpha:]]key", "", ["key"], 5, 5],
    ["(?P<name>ab|cd)-(?:x|)", "", ["ab", "cd"], 0, 0],
    ["\\d{3}-\\d{4}", "", ["-"], 3, 3],
    ["café", "", ["café"], 0, 0],
    ["café", "i", ["caf"], 0, 0],
    ["[a-z]?(?:x|yy)z{0,2}-\\w{2,5}q", "", ["-"], 1, 5],
    ["\\b[2-9][0-9]{3}[ -]?[0-9]{4}\\b", "", ["2", "3", "4", "5", "6", "7", "8", "9"], 0, 0],
    ["\\b(?:[0-9][ -]?){11,18}[0-9]\\b", "", ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"], 11, 36],
    ["[\\d]x", "", ["x"], 1, 1],
    ["[\\d]\\w", "", ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"], 0, 0],
    ["[_\\-.]{1}y[Kk]", "i", ["y"], 1, 1],
    ["[A-C]\\.", "i", ["."], 1, 1],
    ["[A-C][^z]", "i", ["a", "b", "c"], 0, 0],
  ])("%s /%s → %j after %d to %d characters", (source, flags, literals, minBefore, maxBefore) => {
    expect(requiredLiterals(source, flags)).toEqual({ literals, caseless: flags.includes("i"), minBefore, maxBefore });
  });

  it.each([
    ["foo|bar", ""],
    ["(?i)secret", ""],
    ["\\Qa.b\\E", ""],
    ["[0-9]+", ""],
    ["^\\s*(?i:secret)=", ""],
    ["(?i:secret)", ""],
    ["(a", ""],
    ["a)", ""],
    ["\\k<x>", ""],
    ["(?=x)", ""],
  ])("answers null for %s, where a search could miss a match or there is nothing to search for", (source, flags) => {
    expect(requiredLiterals(source, flags)).toBeNull();
  });

  it("leaves a group of more than four alternatives to RE2, whose one pass costs less than five searches", () => {
    expect(requiredLiterals("(?:ab|bc|cd|de)x", "")).toEqual({ literals: ["ab", "bc", "cd", "de"], caseless: false, minBefore: 0, maxBefore: 0 });
    expect(requiredLiterals("(?:ab|bc|cd|de|ef)[0-9]x", "")).toEqual({ literals: ["x"], caseless: false, minBefore: 3, maxBefore: 3 });
  });

  it("takes a class for literals only when it is small, plain and not negated", () => {
    for (const source of ["[a-z]", "[^0-9]", "[\\w]", "[[:digit:]]", "[é]", "[\\x41]", "[9-0]"]) expect(requiredLiterals(source, ""), source).toBeNull();
    expect(requiredLiterals("[-+]", "")?.literals).toEqual(["-", "+"]);
  });

  it("reads a letter spelt in both cases as a literal for a caseless search, also in a group of keywords", () => {
    expect(requiredLiterals("(?:[dD][iI][sS][cC][oO][rR][dD]|[hH][eE][rR][oO][kK][uU])[\\w .-]{0,20}=([0-9a-fA-F]{16,})", "")).toEqual({
      literals: ["discord", "heroku"],
      caseless: true,
      minBefore: 0,
      maxBefore: 0,
    });
    // Mixed with letters of one case, the whole run is searched caselessly: it finds a superset of the places.
    expect(requiredLiterals("\\bA[kK]_[0-9]{4}", "")).toEqual({ literals: ["ak_"], caseless: true, minBefore: 0, maxBefore: 0 });
    // Not a class of two different letters, nor one of a letter and a digit.
    expect(requiredLiterals("[aB]x", "")).toEqual({ literals: ["x"], caseless: false, minBefore: 1, maxBefore: 1 });
    expect(requiredLiterals("[a1]", "")).toEqual({ literals: ["a", "1"], caseless: false, minBefore: 0, maxBefore: 0 });
  });

  it("prefers the longest literal, then the nearest one", () => {
    expect(requiredLiterals("ab[0-9]cdef[0-9]gh", "")).toEqual({ literals: ["cdef"], caseless: false, minBefore: 3, maxBefore: 3 });
    expect(requiredLiterals("ab[0-9]cd", "")).toEqual({ literals: ["ab"], caseless: false, minBefore: 0, maxBefore: 0 });
  });
});
