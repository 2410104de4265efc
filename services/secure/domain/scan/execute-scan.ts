import type { PlannedRule, ScanPlan } from "./compile-scan-plan.js";
import { categoriesOf } from "./detectors.js";
import { runStatement, type DslVariables } from "./dsl-runtime.js";
import { normaliseText } from "./normalise-text.js";
import { orderMatches, verdictOf } from "./order-matches.js";
import { redactContent } from "./redact-content.js";
import { matchingGlob, ruleApplies } from "./rule-applies.js";
import { ScanFindings, type LocatedFinding } from "./scan-findings.js";
import type { Finding, RuleMatch, ScanInput, ScanOutcome, UnevaluatedRule } from "./scan-types.js";

/** Most findings one rule match reports; the verdict and redaction use all of them. */
export const MAX_FINDINGS_PER_MATCH = 100;

/** Why `data_descriptions` are listed as unevaluated. */
export const NO_CLASSIFIER_REASON = "data_descriptions need a classifier, and none is configured";

/** A scan's outcome plus the IDs of the rules that matched (whose trigger counts move). */
export interface ScanExecution extends ScanOutcome {
  triggeredRuleIds: string[];
}

interface RuleResult {
  /** Findings when the rule matched, else null. */
  findings: LocatedFinding[] | null;
  problems: string[];
}

/**
 * Runs a scan against a compiled plan. The content is normalised once, all
 * patterns of the plan run in one matcher pass, and each applicable rule (see
 * `ruleApplies`) is evaluated:
 * - prompt_pattern / data_pattern: matches when a custom pattern or one of
 *   its data categories (direct or through a library) finds something;
 * - tool_call: matches when `tool_name` matches a glob and, if the rule also
 *   lists patterns or categories, one of those finds something in the content;
 * - policy_dsl: matches when a statement evaluates to true; findings are what
 *   its `detect()` calls found, or the statement itself.
 * `data_descriptions`, statements that cannot run and parts that failed to
 * compile are reported as unevaluated, never as matches. Findings point into
 * the original content and carry masked excerpts only. Where locating hit its
 * bounds (see `ScanFindings`) the rule matches with an unsearched region, and
 * redaction replaces everything from there on.
 */
export function executeScan(plan: ScanPlan, input: ScanInput): ScanExecution {
  const findings = new ScanFindings(plan, normaliseText(input.content));
  const matched: (RuleMatch & { order: number; all: LocatedFinding[] })[] = [];
  const unevaluated: UnevaluatedRule[] = [];
  for (const rule of plan.rules) {
    if (!ruleApplies(rule, input)) continue;
    const result = evaluateRule(rule, input, findings);
    if (rule.dataDescriptions.length > 0) {
      unevaluated.push({ ruleId: rule.rule.id, ruleName: rule.rule.name, dataDescriptions: [...rule.dataDescriptions], reason: NO_CLASSIFIER_REASON });
    }
    const problems = [...rule.problems, ...result.problems];
    if (problems.length > 0) {
      unevaluated.push({ ruleId: rule.rule.id, ruleName: rule.rule.name, dataDescriptions: [], reason: problems.join("; ") });
    }
    if (result.findings === null) continue;
    const all = [...result.findings].sort((a, b) => a.start - b.start || a.end - b.end);
    // A region left unsearched is always reported, whatever else is cut.
    const unsearched = all.filter((f) => f.unsearched);
    const shown = unsearched.length === 0 ? all.slice(0, MAX_FINDINGS_PER_MATCH) : [...all.filter((f) => !f.unsearched).slice(0, MAX_FINDINGS_PER_MATCH - unsearched.length), ...unsearched];
    matched.push({
      ruleId: rule.rule.id,
      ruleName: rule.rule.name,
      type: rule.rule.type,
      action: rule.rule.action,
      severity: rule.rule.severity,
      findings: shown.map(publicFinding),
      order: rule.order,
      all,
    });
  }
  const ordered = orderMatches(matched);
  const verdict = verdictOf(ordered);
  const outcome: ScanExecution = {
    verdict,
    allowed: verdict !== "block",
    scanType: input.scanType,
    matches: ordered.map(({ all: _all, ...m }) => m),
    unevaluated,
    triggeredRuleIds: ordered.map((m) => m.ruleId),
  };
  if (input.redact) {
    const spans = ordered.flatMap((m) => m.all.filter((f) => !f.unsearched).map((f) => ({ start: f.start, end: f.end, kind: f.kind })));
    outcome.redactedContent = redactContent(input.content, spans, findings.truncatedAt);
  }
  return outcome;
}

function publicFinding(f: LocatedFinding): Finding {
  const found: Finding = { kind: f.kind, label: f.label, start: f.start, end: f.end, excerpt: f.excerpt };
  if (f.layer) found.layer = f.layer;
  if (f.score !== undefined) found.score = f.score;
  return found;
}

// Called for every applicable rule of every scan, so it allocates only for what was found.
function contentFindings(rule: PlannedRule, findings: ScanFindings): LocatedFinding[] {
  const found: LocatedFinding[] = [];
  for (const p of rule.patterns) {
    const f = findings.customPattern(p.entry, p.index);
    if (f.length > 0) found.push(...f);
  }
  for (const c of rule.categories) {
    const f = forRule(rule, findings.category(c));
    if (f.length > 0) found.push(...f);
  }
  return found;
}

// Classifier findings are located once at the most sensitive threshold; each rule keeps those its sensitivity reaches.
// Heuristic findings the classifier overruled (a category's are overruled together, its unsearched
// finding never) are kept only by rules at high sensitivity.
function forRule(rule: PlannedRule, found: readonly LocatedFinding[]): readonly LocatedFinding[] {
  if (found.length === 0) return found;
  if (found[0]!.layer === "classifier") return found.filter((f) => f.unsearched || (f.score ?? 0) >= rule.classifierThreshold);
  if (found[0]!.overruled && !rule.keepsOverruled) return found.filter((f) => !f.overruled);
  return found;
}

function evaluateRule(rule: PlannedRule, input: ScanInput, findings: ScanFindings): RuleResult {
  switch (rule.rule.type) {
    case "prompt_pattern":
    case "data_pattern": {
      const found = contentFindings(rule, findings);
      return { findings: found.length > 0 ? found : null, problems: [] };
    }
    case "tool_call": {
      const index = matchingGlob(rule, input.toolName)!;
      const tool: LocatedFinding = { kind: "tool_name", label: `tool_names[${index}]`, start: 0, end: 0, excerpt: input.toolName, value: "" };
      if (rule.patterns.length === 0 && rule.categories.length === 0) return { findings: [tool], problems: [] };
      const found = contentFindings(rule, findings);
      return { findings: found.length > 0 ? [tool, ...found] : null, problems: [] };
    }
    case "policy_dsl":
      return evaluateStatements(rule, input, findings);
  }
}

function evaluateStatements(rule: PlannedRule, input: ScanInput, findings: ScanFindings): RuleResult {
  const vars: DslVariables = {
    content: findings.text.text,
    scan_type: input.scanType,
    tool_name: input.toolName,
    agent: { id: input.agentId, name: input.agentName },
    context: input.context,
  };
  const problems: string[] = [];
  const found: LocatedFinding[] = [];
  let matched = false;
  for (const { index, compiled, guardEntries } of rule.statements) {
    if (!compiled.ok) {
      problems.push(`dsl_statements[${index}]: ${compiled.problem}`);
      continue;
    }
    // A literal the statement requires is absent from the text: it is false without running.
    if (guardEntries.some((e) => !findings.matchesEntry(e))) continue;
    const detected: LocatedFinding[] = [];
    const result = runStatement(compiled, vars, (id) => {
      const categories = categoriesOf(id);
      if (categories.length === 0) throw new Error(`detect(${JSON.stringify(id)}) names no data category or pattern library`);
      let hit = false;
      for (const c of categories) {
        const f = forRule(rule, findings.category(c));
        if (f.length > 0) {
          hit = true;
          detected.push(...f);
        }
      }
      return hit;
    });
    if (!result.ok) {
      problems.push(`dsl_statements[${index}]: ${result.error}`);
      continue;
    }
    if (!result.value) continue;
    matched = true;
    if (detected.length > 0) found.push(...detected);
    else found.push({ kind: "dsl_statement", label: `dsl_statements[${index}]`, start: 0, end: 0, excerpt: "", value: "" });
  }
  const unique = [...new Map(found.map((f) => [`${f.kind}:${f.label}:${f.start}:${f.end}`, f])).values()];
  return { findings: matched ? unique : null, problems };
}
