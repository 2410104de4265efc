import { describe, expect, it } from "vitest";
import { checkDslStatement, createDslEnvironment } from "./dsl-environment.js";

describe("checkDslStatement", () => {
  it("accepts boolean expressions over the declared variables and detect()", () => {
    expect(checkDslStatement('detect("credit_card") && scan_type == "output"')).toBeNull();
    expect(checkDslStatement('tool_name.startsWith("shell_") && content.contains("rm -rf")')).toBeNull();
    expect(checkDslStatement('agent.name == "billing" || context.region == "eu"')).toBeNull();
  });

  it("accepts a dynamic value that may be a boolean at run time", () => {
    expect(checkDslStatement("context.strict")).toBeNull();
  });

  it("refuses syntax errors, unknown variables and wrong argument types", () => {
    expect(checkDslStatement("content +")).toMatch(/./);
    expect(checkDslStatement("user.admin")).toMatch(/user/);
    expect(checkDslStatement("detect(1)")).toMatch(/detect/);
    expect(checkDslStatement('1 + "a"')).toMatch(/./);
  });

  it("refuses an expression that is not boolean", () => {
    expect(checkDslStatement("content")).toMatch(/boolean/);
    expect(checkDslStatement("size(content)")).toMatch(/boolean/);
  });

  it("reports one line, without the source excerpt", () => {
    expect(checkDslStatement("content +")).not.toContain("\n");
  });
});

describe("createDslEnvironment", () => {
  it("evaluates statements with the given detector", () => {
    const env = createDslEnvironment((id) => id === "email");
    const vars = { content: "x", scan_type: "output", tool_name: "", agent: {}, context: {} };
    expect(env.evaluate('detect("email") && scan_type == "output"', vars)).toBe(true);
    expect(env.evaluate('detect("iban")', vars)).toBe(false);
  });
});

describe("checkDslStatement: what a scan may run", () => {
  it("refuses matches(), which CEL runs on the JavaScript regex engine, and points to re2_matches", () => {
    expect(checkDslStatement('content.matches("(a+)+$")')).toMatch(/re2_matches/);
    expect(checkDslStatement('re2_matches(content, "(?i)secret-[0-9]+")')).toBeNull();
  });

  it("refuses a literal re2_matches pattern RE2 cannot compile, and a detect() ID the catalogue lacks", () => {
    expect(checkDslStatement('re2_matches(content, "(?=x)")')).toMatch(/not valid RE2/);
    expect(checkDslStatement('detect("passport")')).toMatch(/passport/);
    expect(checkDslStatement('detect("pii") || detect("iban")')).toBeNull();
  });

  it("refuses comprehensions that could cost text length squared, allows them over context", () => {
    expect(checkDslStatement('context.tags.exists(t, t == "pii")')).toBeNull();
    expect(checkDslStatement('content.split(" ").exists(w, w == "x")')).toMatch(/content/);
    expect(checkDslStatement("context.words.exists(w, content.contains(w))")).toMatch(/content/);
    expect(checkDslStatement("context.a.exists(x, context.b.exists(y, x == y))")).toMatch(/inside another/);
    expect(checkDslStatement("cel.bind(x, content, x.size() > 1)")).toMatch(/./);
  });
});

describe("re2_matches", () => {
  it("runs under RE2 in linear time, even for a pattern that backtracks exponentially in JavaScript", () => {
    const env = createDslEnvironment(() => false);
    const vars = { content: "a".repeat(100_000) + "!", scan_type: "", tool_name: "", agent: {}, context: {} };
    const started = performance.now();
    expect(env.evaluate('re2_matches(content, "(a+)+$")', vars)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
    expect(env.evaluate('re2_matches(content, "^a+!$")', vars)).toBe(true);
  });
});
