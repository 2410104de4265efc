import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../lib/errors.js";
import { createRuleSpec } from "./create-rule-spec.js";

describe("createRuleSpec", () => {
  it("needs only name and type and fills in the defaults", () => {
    expect(createRuleSpec({ name: "Draft", type: "tool_call" })).toEqual({
      name: "Draft",
      description: null,
      type: "tool_call",
      action: "flag",
      severity: "medium",
      status: "draft",
      appliesToAll: true,
      agentIds: [],
      dataDirection: null,
      customPatterns: [],
      toolNames: [],
      dataCategories: [],
      dataDescriptions: [],
      dslStatements: [],
      patternLibraryIds: [],
      detectionSensitivity: "medium",
    });
  });

  it("treats null like an absent field", () => {
    const s = createRuleSpec({ name: "R", type: "data_pattern", action: null, severity: null, status: null, appliesToAll: null });
    expect(s).toMatchObject({ action: "flag", severity: "medium", status: "draft", appliesToAll: true });
  });

  it("keeps what was sent", () => {
    const s = createRuleSpec({
      name: " Secrets ",
      description: "keys",
      type: "data_pattern",
      action: "block",
      severity: "critical",
      status: "active",
      appliesToAll: false,
      agentIds: ["agent_1"],
      dataDirection: "outbound",
      customPatterns: ["/acme_[a-z]{4}/i"],
      patternLibraryIds: ["secrets"],
    });
    expect(s).toMatchObject({ name: "Secrets", action: "block", severity: "critical", status: "active", dataDirection: "outbound" });
  });

  it("requires name and type", () => {
    expect(() => createRuleSpec({ type: "tool_call" })).toThrow(ValidationError);
    expect(() => createRuleSpec({ type: "tool_call" })).toThrow(/^name/);
    expect(() => createRuleSpec({ name: "x" })).toThrow(/^type/);
  });
});
