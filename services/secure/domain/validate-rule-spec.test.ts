import { describe, expect, it } from "vitest";
import { createRuleSpec } from "./create-rule-spec.js";
import { ValidationError } from "../../../lib/errors.js";
import type { RuleSpec } from "./rule.js";
import { validateRuleSpec } from "./validate-rule-spec.js";

function spec(overrides: Partial<RuleSpec> = {}): RuleSpec {
  return { ...createRuleSpec({ name: "Rule", type: "data_pattern" }), ...overrides };
}

/** The REST field named by the ValidationError `fn` throws. */
function fieldOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationError) return err.extras.field;
    throw err;
  }
  throw new Error("expected a ValidationError");
}

describe("validateRuleSpec", () => {
  it("trims the name and requires 1 to 200 characters", () => {
    expect(validateRuleSpec(spec({ name: "  PII  " })).name).toBe("PII");
    expect(fieldOf(() => validateRuleSpec(spec({ name: "   " })))).toBe("name");
    expect(fieldOf(() => validateRuleSpec(spec({ name: "x".repeat(201) })))).toBe("name");
    expect(validateRuleSpec(spec({ name: "x".repeat(200) })).name).toHaveLength(200);
  });

  it("bounds the description", () => {
    expect(validateRuleSpec(spec({ description: "d".repeat(2000) })).description).toHaveLength(2000);
    expect(fieldOf(() => validateRuleSpec(spec({ description: "d".repeat(2001) })))).toBe("description");
  });

  it("refuses values outside the enums", () => {
    expect(fieldOf(() => validateRuleSpec(spec({ type: "regex" as never })))).toBe("type");
    expect(fieldOf(() => validateRuleSpec(spec({ action: "warn" as never })))).toBe("action");
    expect(fieldOf(() => validateRuleSpec(spec({ severity: null as never })))).toBe("severity");
    expect(fieldOf(() => validateRuleSpec(spec({ status: "enabled" as never })))).toBe("status");
    expect(fieldOf(() => validateRuleSpec(spec({ dataDirection: "sideways" as never })))).toBe("data_direction");
  });

  it("bounds lists and refuses blank items, naming the item", () => {
    expect(fieldOf(() => validateRuleSpec(spec({ customPatterns: Array.from({ length: 501 }, (_, i) => `p${i}`) })))).toBe(
      "custom_patterns",
    );
    expect(fieldOf(() => validateRuleSpec(spec({ toolNames: ["ok", "  "] })))).toBe("tool_names[1]");
    expect(fieldOf(() => validateRuleSpec(spec({ dataDescriptions: ["x".repeat(1001)] })))).toBe("data_descriptions[0]");
    expect(fieldOf(() => validateRuleSpec(spec({ agentIds: [""] })))).toBe("agent_ids[0]");
  });

  it("names the custom pattern RE2 cannot compile", () => {
    expect(fieldOf(() => validateRuleSpec(spec({ customPatterns: ["fine", "/ok+/i", "/(?=x)y/"] })))).toBe("custom_patterns[2]");
    expect(fieldOf(() => validateRuleSpec(spec({ customPatterns: ["/(a)\\1/"] })))).toBe("custom_patterns[0]");
    expect(() => validateRuleSpec(spec({ customPatterns: ["/(?=x)y/"] }))).toThrow(/custom_patterns\[0\]: .*RE2/);
  });

  it("requires categories and libraries of the catalogue", () => {
    expect(validateRuleSpec(spec({ dataCategories: ["email", "jwt"], patternLibraryIds: ["pii"] })).dataCategories).toEqual([
      "email",
      "jwt",
    ]);
    expect(fieldOf(() => validateRuleSpec(spec({ dataCategories: ["email", "passport"] })))).toBe("data_categories[1]");
    expect(fieldOf(() => validateRuleSpec(spec({ patternLibraryIds: ["email"] })))).toBe("pattern_library_ids[0]");
  });

  it("requires every DSL statement to compile", () => {
    expect(validateRuleSpec(spec({ type: "policy_dsl", dslStatements: ['detect("email")'] })).dslStatements).toHaveLength(1);
    expect(fieldOf(() => validateRuleSpec(spec({ dslStatements: ["content ==", "true"] })))).toBe("dsl_statements[0]");
    expect(fieldOf(() => validateRuleSpec(spec({ dslStatements: ["true", "nope > 1"] })))).toBe("dsl_statements[1]");
  });

  it("requires agent_ids when the rule does not apply to all agents", () => {
    expect(fieldOf(() => validateRuleSpec(spec({ appliesToAll: false })))).toBe("agent_ids");
    expect(validateRuleSpec(spec({ appliesToAll: false, agentIds: ["agent_1"] })).agentIds).toEqual(["agent_1"]);
  });

  it("lets a draft or archived rule hold nothing to inspect", () => {
    for (const type of ["prompt_pattern", "data_pattern", "tool_call", "policy_dsl"] as const) {
      expect(() => validateRuleSpec(spec({ type, status: "draft" }))).not.toThrow();
      expect(() => validateRuleSpec(spec({ type, status: "archived" }))).not.toThrow();
    }
  });

  describe("activation requirements", () => {
    it("prompt_pattern needs a custom pattern or a library", () => {
      const base = { type: "prompt_pattern", status: "active" } as const;
      expect(fieldOf(() => validateRuleSpec(spec(base)))).toBe("custom_patterns");
      expect(fieldOf(() => validateRuleSpec(spec({ ...base, dataCategories: ["email"] })))).toBe("custom_patterns");
      expect(() => validateRuleSpec(spec({ ...base, customPatterns: ["ignore previous"] }))).not.toThrow();
      expect(() => validateRuleSpec(spec({ ...base, patternLibraryIds: ["prompt_injection"] }))).not.toThrow();
    });

    it("data_pattern needs patterns, categories, descriptions or libraries", () => {
      const base = { type: "data_pattern", status: "active" } as const;
      expect(fieldOf(() => validateRuleSpec(spec(base)))).toBe("custom_patterns");
      expect(fieldOf(() => validateRuleSpec(spec({ ...base, toolNames: ["x"] })))).toBe("custom_patterns");
      expect(() => validateRuleSpec(spec({ ...base, customPatterns: ["acme-"] }))).not.toThrow();
      expect(() => validateRuleSpec(spec({ ...base, dataCategories: ["iban"] }))).not.toThrow();
      expect(() => validateRuleSpec(spec({ ...base, dataDescriptions: ["medical records"] }))).not.toThrow();
      expect(() => validateRuleSpec(spec({ ...base, patternLibraryIds: ["secrets"] }))).not.toThrow();
    });

    it("tool_call needs tool_names", () => {
      const base = { type: "tool_call", status: "active" } as const;
      expect(fieldOf(() => validateRuleSpec(spec({ ...base, customPatterns: ["x"] })))).toBe("tool_names");
      expect(() => validateRuleSpec(spec({ ...base, toolNames: ["shell_*"] }))).not.toThrow();
    });

    it("policy_dsl needs a statement", () => {
      const base = { type: "policy_dsl", status: "active" } as const;
      expect(fieldOf(() => validateRuleSpec(spec(base)))).toBe("dsl_statements");
      expect(() => validateRuleSpec(spec({ ...base, dslStatements: ['scan_type == "output"'] }))).not.toThrow();
    });
  });
});
