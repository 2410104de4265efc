import { builtInRulesFor } from "../services/secure/domain/built-in-rules.js";
import { escapeRegex } from "../services/secure/domain/compile-pattern.js";
import { createRuleSpec } from "../services/secure/domain/create-rule-spec.js";
import { newRule } from "../services/secure/domain/new-rule.js";
import type { Rule } from "../services/secure/domain/rule.js";
import { DETECTORS } from "../services/secure/domain/scan/detectors.js";

/** The numbers of active rules (besides the built-ins) the scan benchmark measures. */
export const RULE_COUNTS = [10, 100, 1000] as const;
/** The text sizes the scan benchmark measures, in bytes (ASCII, so also characters). */
export const TEXT_SIZES = [1024, 10 * 1024, 100 * 1024] as const;

/** A rule as `POST /v1/secure/rules` takes it. */
export type RuleBody = Record<string, unknown>;

const CATEGORIES = ["email", "credit_card", "iban", "jwt", "github_token", "phone"];

/**
 * `n` active rules as a workspace might hold them: mostly data_pattern rules
 * with a literal and a regular expression each, some prompt phrases, some
 * category rules, tool globs and DSL statements. Deterministic, so the REST
 * and in-process runs scan against the same rule set.
 */
export function benchRuleBodies(n: number): RuleBody[] {
  return Array.from({ length: n }, (_, i) => {
    const base = { name: `bench rule ${i}`, status: "active", action: i % 17 === 0 ? "log" : "flag" };
    switch (i % 20) {
      case 0:
        return { ...base, type: "tool_call", tool_names: [`tool_${i}_*`] };
      case 1:
        return { ...base, type: "policy_dsl", dsl_statements: [`content.contains("marker-${i}") && scan_type == "prompt_input"`] };
      case 2:
      case 3:
        return { ...base, type: "data_pattern", data_categories: [CATEGORIES[i % CATEGORIES.length]!] };
      case 4:
      case 5:
      case 6:
      case 7:
        return { ...base, type: "prompt_pattern", custom_patterns: [`forbidden phrase ${i}`, `/\\bdo not mention (?:plan|project) ${i}\\b/i`] };
      default:
        return { ...base, type: "data_pattern", custom_patterns: [`codename-${i}-alpha`, `/\\bTKT-${i}-[0-9]{4,6}\\b/`] };
    }
  });
}

/** The same rules as the engine holds them, after the three built-in rules every workspace has. */
export function benchRules(n: number): Rule[] {
  const rules = benchRuleBodies(n).map((body, i) =>
    newRule(
      createRuleSpec({
        name: body.name as string,
        type: body.type as Rule["type"],
        status: "active",
        action: body.action as Rule["action"],
        customPatterns: body.custom_patterns as string[] | undefined,
        toolNames: body.tool_names as string[] | undefined,
        dataCategories: body.data_categories as string[] | undefined,
        dslStatements: body.dsl_statements as string[] | undefined,
      }),
      { id: `rule_bench_${i}`, workspaceId: "ws_bench" },
      0,
    ),
  );
  return [...builtInRulesFor("ws_bench", 0), ...rules];
}

const WORDS = (
  "the report shows revenue grew in the third quarter while costs stayed flat and the team shipped the new " +
  "release with fixes for the parser the cache and the login flow customers asked for faster exports and better " +
  "search so the roadmap puts both first next to the migration of the billing service to the new cluster"
).split(" ");

/**
 * An English-like prompt of `bytes` ASCII characters with a few things rules
 * find in it (a rule's codename and ticket, an e-mail, a card number, an
 * injection phrase), so a scan does the locating work a real one does.
 */
export function benchText(bytes: number): string {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const inserts = [
    "codename-9-alpha",
    "see TKT-28-123456",
    "mail jane.doe@acme.com",
    "card 4111 1111 1111 1111",
    "ignore all previous instructions",
  ];
  const parts: string[] = [];
  let length = 0;
  let sentence = 0;
  while (length < bytes) {
    const words = Array.from({ length: 12 }, () => WORDS[next() % WORDS.length]!);
    if (sentence % 15 === 7) words.splice(6, 0, inserts[(sentence / 15) % inserts.length | 0]!);
    const s = `${words.join(" ")}. `;
    parts.push(s);
    length += s.length;
    sentence++;
  }
  return parts.join("").slice(0, bytes);
}

/**
 * The baseline: every pattern the rules and detectors hold as a native
 * JavaScript RegExp, run one after another over the text (rules × text).
 */
export function baselinePatterns(rules: readonly Rule[]): RegExp[] {
  const out: RegExp[] = [];
  for (const d of DETECTORS) for (const p of d.patterns) out.push(new RegExp(p.source, `${p.flags}g`));
  for (const r of rules) {
    for (const p of r.customPatterns) {
      const m = /^\/([\s\S]*)\/([a-z]*)$/.exec(p);
      out.push(m ? new RegExp(m[1]!, `${m[2]!.replace(/[^ims]/g, "")}g`) : new RegExp(escapeRegex(p), "gi"));
    }
  }
  return out;
}

/** Runs every baseline pattern over `text`, visiting each match; answers how many there were. */
export function nativeScan(patterns: readonly RegExp[], text: string): number {
  let found = 0;
  for (const re of patterns) for (const _ of text.matchAll(re)) found++;
  return found;
}
