import { describe, expect, it } from "vitest";
import { DATA_CATEGORIES, findCategory, findLibrary, PATTERN_LIBRARIES } from "./catalog.js";
import { BUILT_IN_RULES } from "./built-in-rules.js";
import { validateRuleSpec } from "./validate-rule-spec.js";

describe("pattern-library catalogue", () => {
  it("holds the pii, secrets and prompt_injection libraries with their categories", () => {
    expect(PATTERN_LIBRARIES.map((l) => l.id)).toEqual(["pii", "secrets", "prompt_injection"]);
    expect(findLibrary("pii")?.categoryIds).toEqual([
      "email",
      "phone",
      "credit_card",
      "us_ssn",
      "iban",
      "ip_address",
      "uk_nino",
      "uk_nhs_number",
      "ca_sin",
      "in_aadhaar",
      "es_dni",
      "de_tax_id",
      "fr_nir",
    ]);
    expect(findLibrary("secrets")?.categoryIds).toEqual([
      "aws_access_key_id",
      "aws_secret_access_key",
      "github_token",
      "gitlab_token",
      "slack_token",
      "stripe_key",
      "google_api_key",
      "openai_api_key",
      "anthropic_api_key",
      "private_key",
      "jwt",
      "provider_token",
      "connection_string",
      "generic_secret",
    ]);
    expect(findLibrary("prompt_injection")?.categoryIds).toEqual([
      "instruction_override",
      "system_prompt_extraction",
      "roleplay_jailbreak",
      "encoded_payload",
      "hidden_unicode",
      "injection_classifier",
    ]);
  });

  it("gives every category a unique ID, its library, a name, a description and a severity", () => {
    const ids = DATA_CATEGORIES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of DATA_CATEGORIES) {
      expect(findLibrary(c.libraryId)?.categoryIds).toContain(c.id);
      expect(c.name).not.toBe("");
      expect(c.description).not.toBe("");
      expect(["critical", "high", "medium", "low"]).toContain(c.defaultSeverity);
    }
    expect(findCategory("email")?.libraryId).toBe("pii");
    expect(findCategory("nope")).toBeUndefined();
  });
});

describe("built-in rules", () => {
  it("are active flag rules for every agent, and valid", () => {
    expect(BUILT_IN_RULES.map((r) => r.id)).toEqual(["rule_builtin_prompt_injection", "rule_builtin_secrets", "rule_builtin_pii"]);
    for (const r of BUILT_IN_RULES) {
      expect(r.spec).toMatchObject({ status: "active", action: "flag", appliesToAll: true });
      expect(() => validateRuleSpec({ ...r.spec })).not.toThrow();
    }
    expect(BUILT_IN_RULES.map((r) => [r.spec.type, r.spec.severity, r.spec.patternLibraryIds])).toEqual([
      ["prompt_pattern", "high", ["prompt_injection"]],
      ["data_pattern", "critical", ["secrets"]],
      ["data_pattern", "medium", ["pii"]],
    ]);
  });
});
