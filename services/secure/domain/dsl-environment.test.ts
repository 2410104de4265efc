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
