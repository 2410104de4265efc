import type RE2 from "re2";
import { compilePattern, escapeRegex, PatternError } from "../compile-pattern.js";
import type { Rule } from "../rule.js";
import { compileToolGlob } from "../tool-name-glob.js";
import { addViewTriggers, type ViewHints } from "./detection-view.js";
import type { DetectorPattern } from "./detector.js";
import { categoriesOf, DETECTORS } from "./detectors.js";
import { compileStatement, type CompiledStatement } from "./dsl-runtime.js";
import { normaliseText } from "./normalise-text.js";
import { PatternMatcher, type MatcherPattern } from "./pattern-matcher.js";
import { INJECTION_MODEL } from "./prompt-injection-detectors.js";
import type { ScanType } from "./scan-types.js";

/** A custom pattern of a rule, by its matcher entry and its position in `custom_patterns`. */
export interface PlannedPattern {
  entry: number;
  index: number;
}

/** A DSL statement of a rule, compiled, by its position in `dsl_statements`. */
export interface PlannedStatement {
  index: number;
  compiled: CompiledStatement;
  /** Matcher entries of the statement's `content.contains()` guards: all must match for it to run. */
  guardEntries: readonly number[];
}

/** One active rule as the engine runs it. */
export interface PlannedRule {
  rule: Pick<Rule, "id" | "name" | "type" | "action" | "severity">;
  /** Position in the workspace's rule listing (built-ins first, then creation order). */
  order: number;
  /** The scan types the rule applies to. */
  scanTypes: ReadonlySet<ScanType>;
  /** The agents it is limited to; null when it applies to every agent. */
  agentIds: ReadonlySet<string> | null;
  /** `tool_names` globs (tool_call rules), with their positions. */
  toolGlobs: readonly { index: number; glob: RE2 }[];
  patterns: readonly PlannedPattern[];
  /** Data categories it detects: `data_categories` and the categories of `pattern_library_ids`. */
  categories: readonly string[];
  statements: readonly PlannedStatement[];
  dataDescriptions: readonly string[];
  /** Smallest classifier score that is an `injection_classifier` finding for this rule (from its detection sensitivity). */
  classifierThreshold: number;
  /** Whether it keeps heuristic findings the classifier overruled (`Detector.overruledBy`): only at high sensitivity. */
  keepsOverruled: boolean;
  /** Parts that could not be compiled (reported as unevaluated, never silently skipped). */
  problems: readonly string[];
}

/** A detector pattern's place in the matcher. */
export interface DetectorEntry {
  entry: number;
  pattern: DetectorPattern;
}

/**
 * A workspace's active rules compiled for scanning: every detector pattern
 * and every distinct custom pattern in one `PatternMatcher` (one RE2.Set
 * pass per scan), plus per-rule applicability and DSL programs. Immutable;
 * built once per version of the rule set (see `planKey`).
 */
export interface ScanPlan {
  /** Identifies the rule set the plan was built from (see `planKey`). */
  key: string;
  rules: readonly PlannedRule[];
  matcher: PatternMatcher;
  /** Matcher entries of each detector's patterns, by category. */
  detectorEntries: ReadonlyMap<string, readonly DetectorEntry[]>;
  /** Matcher entries of `DETECTION_VIEW_TRIGGERS`: which folds the detection view may need. */
  viewTriggers: Readonly<Record<keyof ViewHints, number>>;
}

const ALL_SCAN_TYPES: ReadonlySet<ScanType> = new Set<ScanType>(["prompt_input", "tool_call", "output"]);
const INBOUND: ReadonlySet<ScanType> = new Set<ScanType>(["prompt_input", "tool_call"]);
const OUTBOUND: ReadonlySet<ScanType> = new Set<ScanType>(["output"]);
const TOOL_CALLS: ReadonlySet<ScanType> = new Set<ScanType>(["tool_call"]);

/**
 * The key of a rule set: its active rules' IDs and versions, in order. Two
 * listings with the same key compile to the same plan, so a plan is rebuilt
 * only when a rule is created, edited or changes status.
 */
export function planKey(rules: readonly Pick<Rule, "id" | "version" | "status">[]): string {
  return rules
    .filter((r) => r.status === "active")
    .map((r) => `${r.id}@${r.version}`)
    .join(",");
}

/**
 * Compiles the active rules among `rules` (in listing order) into a scan
 * plan. Rules that are not active are left out. A stored part that no longer
 * compiles is recorded in the rule's `problems` instead of failing the plan.
 */
export function compileScanPlan(rules: readonly Rule[]): ScanPlan {
  const patterns: MatcherPattern[] = [];
  const detectorEntries = new Map<string, DetectorEntry[]>();
  for (const d of DETECTORS) {
    detectorEntries.set(
      d.category,
      d.patterns.map((p) => {
        patterns.push({ source: p.source, flags: p.flags });
        return { entry: patterns.length - 1, pattern: p };
      }),
    );
  }
  // Custom patterns (and DSL guards) shared by several rules join the matcher once.
  const customEntry = new Map<string, number>();
  const entryOf = (p: MatcherPattern): number => {
    const key = `${p.flags}/${p.source}`;
    let entry = customEntry.get(key);
    if (entry === undefined) {
      patterns.push(p);
      entry = patterns.length - 1;
      customEntry.set(key, entry);
    }
    return entry;
  };
  const planned: PlannedRule[] = [];
  rules.forEach((rule, order) => {
    if (rule.status !== "active") return;
    const problems: string[] = [];
    const plannedPatterns: PlannedPattern[] = [];
    rule.customPatterns.forEach((pattern, index) => {
      const compiled = customPattern(pattern);
      if (typeof compiled === "string") {
        problems.push(`custom_patterns[${index}]: ${compiled}`);
        return;
      }
      plannedPatterns.push({ entry: entryOf(compiled), index });
    });
    const categories = [...new Set([...rule.dataCategories, ...rule.patternLibraryIds].flatMap((id) => categoriesOf(id)))];
    planned.push({
      rule: { id: rule.id, name: rule.name, type: rule.type, action: rule.action, severity: rule.severity },
      order,
      scanTypes: scanTypesOf(rule),
      agentIds: rule.appliesToAll ? null : new Set(rule.agentIds),
      toolGlobs: rule.type === "tool_call" ? rule.toolNames.map((g, index) => ({ index, glob: compileToolGlob(g) })) : [],
      patterns: plannedPatterns,
      categories,
      statements:
        rule.type === "policy_dsl"
          ? rule.dslStatements.map((statement, index) => {
              const compiled = compileStatement(statement);
              // contains() is an exact, case-sensitive substring test: a case-sensitive literal finds the same.
              const guardEntries = compiled.ok ? compiled.guards.map((g) => entryOf({ source: escapeRegex(g), flags: "" })) : [];
              return { index, compiled, guardEntries };
            })
          : [],
      dataDescriptions: rule.type === "data_pattern" ? [...rule.dataDescriptions] : [],
      classifierThreshold: INJECTION_MODEL.thresholds[rule.detectionSensitivity],
      keepsOverruled: rule.detectionSensitivity === "high",
      problems,
    });
  });
  const viewTriggers = addViewTriggers(patterns);
  return { key: planKey(rules), rules: planned, matcher: new PatternMatcher(patterns), detectorEntries, viewTriggers };
}

function scanTypesOf(rule: Rule): ReadonlySet<ScanType> {
  switch (rule.type) {
    case "tool_call":
      return TOOL_CALLS;
    case "data_pattern":
      return rule.dataDirection === "inbound" ? INBOUND : rule.dataDirection === "outbound" ? OUTBOUND : ALL_SCAN_TYPES;
    default:
      return ALL_SCAN_TYPES;
  }
}

/**
 * A custom pattern as the matcher runs it on normalised text: a regular
 * expression as written (flags `i m s`; RE2 always matches Unicode), a
 * literal normalised like the text (NFKC, invisible characters removed) and
 * matched case-insensitively. A string is the reason it cannot be used.
 */
function customPattern(pattern: string): MatcherPattern | string {
  let compiled;
  try {
    compiled = compilePattern(pattern);
  } catch (err) {
    if (err instanceof PatternError) return err.message;
    throw err;
  }
  if (compiled.kind === "regex") return { source: compiled.regex.source, flags: compiled.regex.flags.replace(/[^ims]/g, "") };
  const literal = normaliseText(pattern).text;
  if (literal === "") return "consists only of invisible characters, which scans remove; use the hidden_unicode category";
  return { source: escapeRegex(literal), flags: "i" };
}
