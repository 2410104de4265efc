import { describe, expect, it } from "vitest";
import { BUILT_IN_RULES } from "../built-in-rules.js";
import { DETECTION_VIEW_TRIGGERS } from "./detection-view.js";
import { DETECTORS } from "./detectors.js";
import { compileScanPlan, planKey } from "./compile-scan-plan.js";
import { aRule, scan } from "./scan-fixture.js";

const detectorPatterns = DETECTORS.reduce((n, d) => n + d.patterns.length, 0);
// The detection view's triggers (leetspeak, split spellings) join every plan's matcher too.
const viewTriggers = Object.keys(DETECTION_VIEW_TRIGGERS).length;

describe("compileScanPlan", () => {
  it("puts every detector pattern and each distinct custom pattern into one matcher pass", () => {
    const plan = compileScanPlan([
      aRule("a", { customPatterns: ["Project Falcon", "/EMP-[0-9]{6}/i"] }),
      aRule("b", { customPatterns: ["project falcon", "/EMP-[0-9]{6}/i", "other"] }),
    ]);
    // "Project Falcon" and "project falcon" are different literals; the regex is shared.
    expect(plan.matcher.size).toBe(detectorPatterns + 4 + viewTriggers);
    expect(plan.matcher.passes).toBe(1);
    expect(plan.rules[0]!.patterns.map((p) => p.entry)).toEqual([detectorPatterns, detectorPatterns + 1]);
    expect(plan.rules[1]!.patterns.map((p) => p.entry)).toEqual([detectorPatterns + 2, detectorPatterns + 1, detectorPatterns + 3]);
  });

  it("leaves out rules that are not active and keeps listing order", () => {
    const plan = compileScanPlan([aRule("draft", { status: "draft" }), aRule("on"), aRule("archived", { status: "archived" }), aRule("on2")]);
    expect(plan.rules.map((r) => [r.rule.id, r.order])).toEqual([
      ["on", 1],
      ["on2", 3],
    ]);
  });

  it("expands pattern libraries into their categories, without duplicates", () => {
    const plan = compileScanPlan([aRule("r", { patternLibraryIds: ["pii"], dataCategories: ["email", "jwt"] })]);
    expect(plan.rules[0]!.categories).toEqual([
      "email",
      "jwt",
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
  });

  it("compiles 1,000 active rules with 2,000 patterns quickly, and scans 10 KB against them in milliseconds", () => {
    const rules = Array.from({ length: 1000 }, (_, i) =>
      aRule(`r${i}`, { customPatterns: [`codename-${i}-alpha`, `/\\bTKT-${i}-[0-9]{4,6}\\b/`], patternLibraryIds: i % 50 === 0 ? ["secrets"] : [] }),
    );
    let started = performance.now();
    const plan = compileScanPlan(rules);
    const compileMs = performance.now() - started;
    expect(plan.rules).toHaveLength(1000);
    expect(plan.matcher.size).toBe(detectorPatterns + 2000 + viewTriggers);
    expect(compileMs).toBeLessThan(5000);
    const text = "lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(180) + " see TKT-742-12345 and CODENAME-9-ALPHA";
    started = performance.now();
    const out = scan(plan, text);
    expect(performance.now() - started).toBeLessThan(250);
    expect(out.matches.map((m) => m.ruleId).sort()).toEqual(["r742", "r9"]);
  });

  it("records stored parts that no longer compile as problems instead of failing", () => {
    const plan = compileScanPlan([aRule("r", { type: "policy_dsl", dslStatements: ['content.matches("a+")', "true"] })]);
    const [s0, s1] = plan.rules[0]!.statements;
    expect(s0!.compiled).toMatchObject({ ok: false, problem: expect.stringContaining("re2_matches") });
    expect(s1!.compiled.ok).toBe(true);
  });
});

describe("planKey", () => {
  it("changes with an active rule's version or status, not with inactive rules", () => {
    const base = [aRule("a"), aRule("b", { status: "draft" })];
    const key = planKey(base);
    expect(key).toBe("a@1");
    expect(planKey([aRule("a"), aRule("b", { status: "draft", version: 5 })])).toBe(key);
    expect(planKey([aRule("a", { version: 2 }), aRule("b", { status: "draft" })])).not.toBe(key);
    expect(planKey([aRule("a"), aRule("b")])).not.toBe(key);
    expect(planKey(BUILT_IN_RULES.map((r) => aRule(r.id, { ...r.spec })))).toBe(
      "rule_builtin_prompt_injection@1,rule_builtin_secrets@1,rule_builtin_pii@1",
    );
  });
});
