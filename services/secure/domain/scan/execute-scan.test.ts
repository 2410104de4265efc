import { describe, expect, it } from "vitest";
import type { Rule } from "../rule.js";
import { compileScanPlan } from "./compile-scan-plan.js";
import { MAX_FINDINGS_PER_MATCH, NO_CLASSIFIER_REASON } from "./execute-scan.js";
import { inNumberingPlan } from "./numbering-plan.js";
import { PHONE_MAX_CANDIDATES } from "./pii-detectors.js";
import { MAX_MATCHES_PER_PATTERN, UNSEARCHED_EXCERPT } from "./scan-findings.js";
import { aRule, scan } from "./scan-fixture.js";
import type { ScanInput } from "./scan-types.js";

function matchedIds(rules: Rule[], content: string, input: Partial<ScanInput> = {}): string[] {
  return scan(compileScanPlan(rules), content, input).matches.map((m) => m.ruleId);
}

describe("executeScan: which rules apply", () => {
  const everyType = (extra: Partial<Rule>) => [aRule("r", { customPatterns: ["falcon"], ...extra })];

  it("prompt_pattern and policy_dsl rules apply to every scan type", () => {
    for (const scanType of ["prompt_input", "tool_call", "output"] as const) {
      expect(matchedIds(everyType({ type: "prompt_pattern" }), "falcon", { scanType, toolName: "t" }), scanType).toEqual(["r"]);
      expect(matchedIds([aRule("d", { type: "policy_dsl", dslStatements: ["true"] })], "x", { scanType, toolName: "t" }), scanType).toEqual(["d"]);
    }
  });

  it("data_pattern rules follow data_direction: inbound, outbound, both and none", () => {
    const cases = [
      ["inbound", ["prompt_input", "tool_call"]],
      ["outbound", ["output"]],
      ["both", ["prompt_input", "tool_call", "output"]],
      [null, ["prompt_input", "tool_call", "output"]],
    ] as const;
    for (const [direction, applies] of cases) {
      for (const scanType of ["prompt_input", "tool_call", "output"] as const) {
        const ids = matchedIds(everyType({ dataDirection: direction }), "falcon", { scanType, toolName: "t" });
        expect(ids, `${direction} ${scanType}`).toEqual((applies as readonly string[]).includes(scanType) ? ["r"] : []);
      }
    }
  });

  it("tool_call rules apply to tool_call scans whose tool_name matches a glob", () => {
    const rules = [aRule("shell", { type: "tool_call", toolNames: ["shell_*", "fs.write?"] })];
    expect(matchedIds(rules, "ls", { scanType: "tool_call", toolName: "shell_exec" })).toEqual(["shell"]);
    expect(matchedIds(rules, "ls", { scanType: "tool_call", toolName: "fs.writeX" })).toEqual(["shell"]);
    expect(matchedIds(rules, "ls", { scanType: "tool_call", toolName: "fs.write" })).toEqual([]);
    expect(matchedIds(rules, "ls", { scanType: "tool_call", toolName: "Shell_exec" })).toEqual([]);
    expect(matchedIds(rules, "shell_exec", { scanType: "prompt_input", toolName: "shell_exec" })).toEqual([]);
    const out = scan(compileScanPlan(rules), "ls", { scanType: "tool_call", toolName: "fs.write1" });
    expect(out.matches[0]!.findings).toEqual([{ kind: "tool_name", label: "tool_names[1]", start: 0, end: 0, excerpt: "fs.write1" }]);
  });

  it("a tool_call rule that also lists patterns needs them to match the content too", () => {
    const rules = [aRule("rm", { type: "tool_call", toolNames: ["shell_*"], customPatterns: ["rm -rf"] })];
    expect(matchedIds(rules, "ls -la", { scanType: "tool_call", toolName: "shell_exec" })).toEqual([]);
    const out = scan(compileScanPlan(rules), "sudo RM -RF /", { scanType: "tool_call", toolName: "shell_exec" });
    expect(out.matches[0]!.findings.map((f) => f.kind)).toEqual(["tool_name", "custom_pattern"]);
  });

  it("applies_to_all false limits a rule to the agents it names", () => {
    const rules = [aRule("scoped", { appliesToAll: false, agentIds: ["agent_1"], customPatterns: ["falcon"] })];
    expect(matchedIds(rules, "falcon", { agentId: "agent_1" })).toEqual(["scoped"]);
    expect(matchedIds(rules, "falcon", { agentId: "agent_2" })).toEqual([]);
    expect(matchedIds(rules, "falcon")).toEqual([]);
  });

  it("ignores draft and archived rules", () => {
    expect(matchedIds([aRule("d", { status: "draft", customPatterns: ["x"] }), aRule("a", { status: "archived", customPatterns: ["x"] })], "x")).toEqual([]);
  });
});

describe("executeScan: findings and verdict", () => {
  it("matches literals case-insensitively on normalised text and points into the original", () => {
    const content = "😀 Ｐｒｏｊｅｃｔ Fal\u200Bcon ships";
    const out = scan(compileScanPlan([aRule("r", { customPatterns: ["project falcon"] })]), content);
    const [f] = out.matches[0]!.findings;
    expect(content.slice(f!.start, f!.end)).toBe("Ｐｒｏｊｅｃｔ Fal\u200Bcon");
    expect(f).toMatchObject({ kind: "custom_pattern", label: "custom_patterns[0]" });
  });

  it("runs user regexes under RE2 with their flags", () => {
    const rules = [aRule("r", { customPatterns: ["/^emp-[0-9]{3}$/im"] })];
    expect(matchedIds(rules, "x\nEMP-123\ny")).toEqual(["r"]);
    expect(matchedIds([aRule("r", { customPatterns: ["/^emp-[0-9]{3}$/"] })], "x\nEMP-123\ny")).toEqual([]);
  });

  it("takes the strongest action as the verdict and orders matches by action, then severity", () => {
    const plan = compileScanPlan([
      aRule("log", { action: "log", severity: "critical", customPatterns: ["x"] }),
      aRule("flag", { action: "flag", severity: "low", customPatterns: ["x"] }),
      aRule("block", { action: "block", severity: "low", customPatterns: ["x"] }),
    ]);
    const out = scan(plan, "x");
    expect(out).toMatchObject({ verdict: "block", allowed: false });
    expect(out.matches.map((m) => m.ruleId)).toEqual(["block", "flag", "log"]);
    expect(out.triggeredRuleIds).toEqual(["block", "flag", "log"]);
    expect(scan(plan, "nothing")).toMatchObject({ verdict: "allow", allowed: true, matches: [], triggeredRuleIds: [] });
    expect(scan(compileScanPlan([aRule("log", { action: "log", customPatterns: ["x"] })]), "x")).toMatchObject({ verdict: "log", allowed: true });
  });

  it("reports at most MAX_FINDINGS_PER_MATCH findings per rule and masks every excerpt", () => {
    const email = (i: number) => `person${i}@example.com`;
    const content = Array.from({ length: MAX_FINDINGS_PER_MATCH + 20 }, (_, i) => email(i)).join(" ");
    const out = scan(compileScanPlan([aRule("pii", { dataCategories: ["email"] })]), content, { redact: true });
    const findings = out.matches[0]!.findings;
    expect(findings).toHaveLength(MAX_FINDINGS_PER_MATCH);
    for (const f of findings) expect(f.excerpt).not.toContain(content.slice(f.start, f.end));
    expect(out.redactedContent).not.toContain("@example.com");
    expect(out.redactedContent).toContain(`<EMAIL_${MAX_FINDINGS_PER_MATCH + 20}>`);
  });

  it("fails closed when decoys exhaust the locating bound: the rule matches and redaction truncates", () => {
    const decoys = Array.from({ length: MAX_MATCHES_PER_PATTERN + 10 }, () => "4111 1111 1111 1112").join(" ");
    const content = `${decoys} real 4111 1111 1111 1111`;
    const plan = compileScanPlan([aRule("cards", { action: "block", dataCategories: ["credit_card"] })]);
    const started = performance.now();
    const out = scan(plan, content, { redact: true });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(out.verdict).toBe("block");
    const findings = out.matches[0]!.findings;
    expect(findings.at(-1)).toEqual({ kind: "credit_card", label: "Credit card number", start: expect.any(Number), end: content.length, excerpt: UNSEARCHED_EXCERPT });
    expect(content.slice(findings.at(-1)!.start)).toContain("4111 1111 1111 1111");
    expect(out.redactedContent).toMatch(/<TRUNCATED>$/);
    expect(out.redactedContent).not.toContain("4111 1111 1111 1111");
  });

  it("checks at most PHONE_MAX_CANDIDATES phone numbers per pattern against the numbering plans, and fails closed past them", () => {
    // Distinct numbers the plan assigns, so each one costs a lookup of its own.
    const numbers: string[] = [];
    for (let i = 0; numbers.length < PHONE_MAX_CANDIDATES + 50; i++) {
      const number = `+1 415 ${200 + (i % 700)} ${1000 + Math.floor(i / 700)}`;
      if (inNumberingPlan(number.replace(/\D/g, ""))) numbers.push(number);
    }
    const content = numbers.map((n) => `call ${n}`).join("; ");
    const out = scan(compileScanPlan([aRule("phones", { dataCategories: ["phone"] })]), content, { redact: true });
    const unsearched = out.matches[0]!.findings.at(-1)!;
    expect(unsearched).toMatchObject({ kind: "phone", end: content.length, excerpt: UNSEARCHED_EXCERPT });
    expect(content.slice(unsearched.start)).toBe(content.slice(content.indexOf(numbers[PHONE_MAX_CANDIDATES - 1]!) + numbers[PHONE_MAX_CANDIDATES - 1]!.length));
    expect(out.redactedContent).toContain(`<PHONE_${PHONE_MAX_CANDIDATES}>`);
    expect(out.redactedContent).not.toContain(`<PHONE_${PHONE_MAX_CANDIDATES + 1}>`);
    expect(out.redactedContent).toMatch(/<TRUNCATED>$/);
  });

  it("redacts with one placeholder per distinct value, only when asked", () => {
    const content = "Mail a@acme.com, b@acme.com and a@acme.com; key AK" + "IAZ3MHQ5BXYDKS7WPQ";
    const plan = compileScanPlan([aRule("pii", { patternLibraryIds: ["pii", "secrets"] })]);
    expect(scan(plan, content, { redact: true }).redactedContent).toBe("Mail <EMAIL_1>, <EMAIL_2> and <EMAIL_1>; key <AWS_ACCESS_KEY_ID_1>");
    expect(scan(plan, content).redactedContent).toBeUndefined();
  });

  it("lists data_descriptions as unevaluated, never as a match", () => {
    const plan = compileScanPlan([aRule("desc", { name: "Salaries", dataDescriptions: ["salary figures"] })]);
    const out = scan(plan, "Her salary is 90k");
    expect(out.matches).toEqual([]);
    expect(out.unevaluated).toEqual([{ ruleId: "desc", ruleName: "Salaries", dataDescriptions: ["salary figures"], reason: NO_CLASSIFIER_REASON }]);
    expect(scan(plan, "x", { scanType: "output" }).unevaluated).toHaveLength(1);
  });
});

describe("executeScan: policy_dsl", () => {
  const dsl = (statements: string[], extra: Partial<Rule> = {}) => compileScanPlan([aRule("dsl", { type: "policy_dsl", dslStatements: statements, ...extra })]);

  it("detect() asks a detector (category or library) and its findings become the rule's", () => {
    const plan = dsl(['detect("credit_card") && scan_type == "output"']);
    const content = "pay with 4111 1111 1111 1111";
    expect(scan(plan, content).matches).toEqual([]);
    const out = scan(plan, content, { scanType: "output" });
    expect(out.matches[0]!.findings).toEqual([{ kind: "credit_card", label: "Credit card number", start: 9, end: 28, excerpt: "**** **** **** 1111" }]);
    expect(scan(dsl(['detect("secrets")']), "AK" + "IAZ3MHQ5BXYDKS7WPQ").matches[0]!.findings[0]!.kind).toBe("aws_access_key_id");
    expect(scan(dsl(['!detect("pii")']), "clean").matches).toHaveLength(1);
  });

  it("sees content (normalised), tool_name, agent and context", () => {
    const plan = dsl([
      'content.contains("wire transfer") && context.amount > 1000 && agent.name == "billing" && tool_name == "pay"',
    ]);
    const input = { scanType: "tool_call" as const, toolName: "pay", agentName: "billing", context: { amount: 5000 } };
    expect(scan(plan, "Ｗｉｒｅ transfer".toLowerCase() + " wire transfer now", input).matches[0]!.findings).toEqual([
      { kind: "dsl_statement", label: "dsl_statements[0]", start: 0, end: 0, excerpt: "" },
    ]);
    expect(scan(plan, "wire transfer", { ...input, context: { amount: 10 } }).matches).toEqual([]);
  });

  it("matches when any statement is true and reports statements that cannot run as unevaluated", () => {
    const out = scan(dsl(["context.missing == 1", "false", 're2_matches(content, "(?i)secret-[0-9]+")']), "SECRET-42");
    expect(out.matches.map((m) => m.ruleId)).toEqual(["dsl"]);
    expect(out.unevaluated).toEqual([
      { ruleId: "dsl", ruleName: "rule dsl", dataDescriptions: [], reason: expect.stringMatching(/^dsl_statements\[0\]: .*missing/) },
    ]);
  });

  it("skips a statement whose content.contains() guard is absent from the text, and only then", () => {
    const plan = dsl(['content.contains("wire") && context.missing == 1', '!content.contains("wire")']);
    expect(plan.rules[0]!.statements.map((s) => s.guardEntries.length)).toEqual([1, 0]);
    // "wire" absent: the first statement is false without running (no error), the negated one is true.
    const absent = scan(plan, "hello");
    expect(absent.unevaluated).toEqual([]);
    expect(absent.matches).toHaveLength(1);
    // "wire" present: the first runs (and fails on the missing key), the second is false.
    const present = scan(plan, "wire transfer");
    expect(present.unevaluated[0]!.reason).toMatch(/dsl_statements\[0\]/);
    expect(present.matches).toEqual([]);
  });

  it("does not run statements the policy refuses (JavaScript regexes) and says why", () => {
    const out = scan(dsl(['content.matches("(a+)+$")']), "aaaa");
    expect(out.matches).toEqual([]);
    expect(out.unevaluated[0]!.reason).toMatch(/dsl_statements\[0\]: matches\(\) uses the JavaScript regex engine/);
  });
});
