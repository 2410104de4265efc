import { describe, expect, it } from "vitest";
import { compilePattern, escapeRegex, PatternError } from "./compile-pattern.js";

describe("compilePattern", () => {
  it("treats a plain string as a case-insensitive literal", () => {
    const p = compilePattern("Ignore previous (instructions)");
    expect(p.kind).toBe("literal");
    expect(p.regex.test("please IGNORE PREVIOUS (INSTRUCTIONS) now")).toBe(true);
    expect(p.regex.test("ignore previous instructions")).toBe(false);
  });

  it("matches regex metacharacters in a literal as themselves", () => {
    const p = compilePattern("a.b*c");
    expect(p.regex.test("xa.b*cx")).toBe(true);
    expect(p.regex.test("aXbbbc")).toBe(false);
  });

  it("compiles /…/flags as an RE2 regular expression", () => {
    const p = compilePattern("/\\bsk-[a-z0-9]{8}\\b/");
    expect(p.kind).toBe("regex");
    expect(p.regex.test("key sk-abcd1234 here")).toBe(true);
    expect(p.regex.test("key SK-ABCD1234 here")).toBe(false);
  });

  it("honours the i, m, s and u flags", () => {
    expect(compilePattern("/secret/i").regex.test("SECRET")).toBe(true);
    expect(compilePattern("/^b/m").regex.test("a\nb")).toBe(true);
    expect(compilePattern("/^b/").regex.test("a\nb")).toBe(false);
    expect(compilePattern("/a.b/s").regex.test("a\nb")).toBe(true);
    expect(compilePattern("/a.b/").regex.test("a\nb")).toBe(false);
    expect(compilePattern("/é/imsu").kind).toBe("regex");
  });

  it("refuses flags other than i m s u, and repeated flags", () => {
    expect(() => compilePattern("/abc/g")).toThrow(/flag "g"/);
    expect(() => compilePattern("/etc/passwd")).toThrow(PatternError);
    expect(() => compilePattern("/abc/ii")).toThrow(/repeated/);
  });

  it("refuses look-ahead, look-behind and back-references, which RE2 cannot run", () => {
    expect(() => compilePattern("/foo(?=bar)/")).toThrow(/not a valid RE2/);
    expect(() => compilePattern("/(?<=a)b/")).toThrow(/look-around/);
    expect(() => compilePattern("/(a)\\1/")).toThrow(PatternError);
  });

  it("refuses a syntax error, an empty expression and one matching the empty string", () => {
    expect(() => compilePattern("/[abc/")).toThrow(PatternError);
    expect(() => compilePattern("//")).toThrow(/empty/);
    expect(() => compilePattern("/a*/")).toThrow(/empty string/);
  });

  it("keeps a string that merely contains slashes a literal", () => {
    expect(compilePattern("a/b/c").kind).toBe("literal");
    expect(compilePattern("/").kind).toBe("literal");
    expect(compilePattern("/abc/ x").kind).toBe("literal");
  });
});

describe("escapeRegex", () => {
  it("escapes every RE2 metacharacter", () => {
    expect(escapeRegex("a.b*c?(d)[e]{f}|^$\\/-+")).toBe("a\\.b\\*c\\?\\(d\\)\\[e\\]\\{f\\}\\|\\^\\$\\\\\\/\\-\\+");
  });
});
