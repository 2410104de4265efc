import { describe, expect, it } from "vitest";
import { toolNameMatches } from "./tool-name-glob.js";

describe("tool-name globs", () => {
  it("matches * as any run and ? as one character, anchored at both ends", () => {
    expect(toolNameMatches("shell_*", "shell_exec")).toBe(true);
    expect(toolNameMatches("shell_*", "shell_")).toBe(true);
    expect(toolNameMatches("shell_*", "my_shell_exec")).toBe(false);
    expect(toolNameMatches("db.?", "db.x")).toBe(true);
    expect(toolNameMatches("db.?", "db.xy")).toBe(false);
    expect(toolNameMatches("*", "anything")).toBe(true);
  });

  it("treats every other character literally and keeps case", () => {
    expect(toolNameMatches("a.b", "axb")).toBe(false);
    expect(toolNameMatches("fs(write)", "fs(write)")).toBe(true);
    expect(toolNameMatches("Send", "send")).toBe(false);
  });
});
