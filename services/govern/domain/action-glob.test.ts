import { describe, expect, it } from "vitest";
import { matchesActionGlob, matchesAnyActionGlob } from "./action-glob.js";

describe("matchesActionGlob", () => {
  it.each([
    ["*", "anything.at.all", true],
    ["*", "", true],
    ["db.delete", "db.delete", true],
    ["db.delete", "db.deletes", false],
    ["db.*", "db.delete", true],
    ["db.*", "db.", true],
    ["db.*", "db", false],
    ["db.*", "prod.db.delete", false],
    ["*.delete", "db.table.delete", true],
    ["db.?", "db.x", true],
    ["db.?", "db.xy", false],
    ["db.??", "db.xy", true],
    ["*delete*", "soft_delete_all", true],
    ["a*b*c", "aXXbYYc", true],
    ["a*b*c", "aXXbYY", false],
    ["DB.*", "db.delete", false],
    ["payments.[x]", "payments.[x]", true],
    ["ü*", "über", true],
    ["?", "ü", true],
  ])("%s vs %s → %s", (glob, action, expected) => {
    expect(matchesActionGlob(glob, action)).toBe(expected);
  });

  it("stays fast on globs that make backtracking regexes explode", () => {
    const glob = "*a".repeat(60) + "b";
    const action = "a".repeat(200);
    const started = performance.now();
    expect(matchesActionGlob(glob, action)).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("matches when any glob of a list does", () => {
    expect(matchesAnyActionGlob(["x.*", "db.*"], "db.drop")).toBe(true);
    expect(matchesAnyActionGlob(["x.*"], "db.drop")).toBe(false);
    expect(matchesAnyActionGlob([], "db.drop")).toBe(false);
  });
});
