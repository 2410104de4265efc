import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../lib/errors.js";
import { applyRulePatch } from "./apply-rule-patch.js";
import type { RuleSpec } from "./rule.js";

const current: RuleSpec = {
  name: "Secrets",
  description: "API keys",
  type: "data_pattern",
  action: "block",
  severity: "high",
  status: "active",
  appliesToAll: true,
  agentIds: [],
  dataDirection: "outbound",
  customPatterns: ["acme_", "/tok_[0-9]+/"],
  toolNames: [],
  dataCategories: ["jwt"],
  dataDescriptions: [],
  dslStatements: [],
  patternLibraryIds: [],
  detectionSensitivity: "medium",
};

describe("applyRulePatch", () => {
  it("changes the detection sensitivity, refusing an unknown one and null", () => {
    expect(applyRulePatch(current, { detectionSensitivity: "high" }).detectionSensitivity).toBe("high");
    expect(() => applyRulePatch(current, { detectionSensitivity: "extreme" as "high" })).toThrow(ValidationError);
    expect(() => applyRulePatch(current, { detectionSensitivity: null })).toThrow(/detection_sensitivity/);
  });

  it("changes only the fields sent", () => {
    expect(applyRulePatch(current, { severity: "low" })).toEqual({ ...current, severity: "low" });
    expect(applyRulePatch(current, { name: "Keys", description: undefined })).toEqual({ ...current, name: "Keys" });
  });

  it("replaces a sent list whole, and [] or null empties it", () => {
    expect(applyRulePatch(current, { customPatterns: ["beta"] }).customPatterns).toEqual(["beta"]);
    expect(applyRulePatch(current, { customPatterns: [] }).customPatterns).toEqual([]);
    expect(applyRulePatch(current, { dataCategories: null }).dataCategories).toEqual([]);
  });

  it("clears description and data_direction with null", () => {
    const s = applyRulePatch(current, { description: null, dataDirection: null });
    expect(s.description).toBeNull();
    expect(s.dataDirection).toBeNull();
  });

  it("refuses null for a field that must keep a value", () => {
    expect(() => applyRulePatch(current, { name: null })).toThrow(/^name/);
    expect(() => applyRulePatch(current, { type: null })).toThrow(/^type/);
    expect(() => applyRulePatch(current, { action: null })).toThrow(/^action/);
    expect(() => applyRulePatch(current, { severity: null })).toThrow(/^severity/);
    expect(() => applyRulePatch(current, { status: null })).toThrow(/^status/);
    expect(() => applyRulePatch(current, { appliesToAll: null })).toThrow(/^applies_to_all/);
  });

  it("refuses an empty patch", () => {
    expect(() => applyRulePatch(current, {})).toThrow(ValidationError);
    expect(() => applyRulePatch(current, { name: undefined })).toThrow(/at least one field/);
  });

  it("validates the result as a whole, activation included", () => {
    expect(() => applyRulePatch(current, { customPatterns: [], dataCategories: [] })).toThrow(/^custom_patterns/);
    expect(applyRulePatch(current, { customPatterns: [], dataCategories: [], status: "draft" }).status).toBe("draft");
    expect(() => applyRulePatch(current, { type: "tool_call" })).toThrow(/^tool_names/);
    expect(() => applyRulePatch(current, { appliesToAll: false })).toThrow(/^agent_ids/);
    expect(() => applyRulePatch(current, { customPatterns: ["/(?!x)/"] })).toThrow(/^custom_patterns\[0\]/);
  });

  it("lets status move freely among draft, active and archived", () => {
    const archived = applyRulePatch(current, { status: "archived" });
    const draft = applyRulePatch(archived, { status: "draft" });
    expect(applyRulePatch(draft, { status: "active" }).status).toBe("active");
  });

  it("does not modify the current spec", () => {
    applyRulePatch(current, { customPatterns: ["x"], name: "Other" });
    expect(current.customPatterns).toEqual(["acme_", "/tok_[0-9]+/"]);
    expect(current.name).toBe("Secrets");
  });
});

describe("applyRulePatch with keys that are not rule fields", () => {
  it("refuses them, inherited object keys included", () => {
    expect(() => applyRulePatch(current, { toString: "x" } as never)).toThrow(/not a rule field/);
  });
});
