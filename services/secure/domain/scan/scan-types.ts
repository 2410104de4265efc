import type { RuleAction, RuleType, Severity } from "../rule.js";

/** What is being scanned: a prompt going in, a tool call's arguments, or a model's output. */
export type ScanType = "prompt_input" | "tool_call" | "output";

/** Every scan type, the default first. */
export const SCAN_TYPES: readonly ScanType[] = ["prompt_input", "tool_call", "output"];

/** A validated scan request. */
export interface ScanInput {
  content: string;
  scanType: ScanType;
  /** The tool called; required for `tool_call` scans, "" otherwise when absent. */
  toolName: string;
  /** "" when the caller named none. */
  agentId: string;
  agentName: string;
  /** Extra facts for policy_dsl statements. */
  context: Readonly<Record<string, unknown>>;
  /** Whether the answer carries `redactedContent`. */
  redact: boolean;
}

/** One thing a rule found. Offsets are UTF-16 code units into the original content. */
export interface Finding {
  /** A data category ID, `custom_pattern`, `tool_name` or `dsl_statement`. */
  kind: string;
  /** Human-readable name of what matched (a category name, or the rule field: `custom_patterns[1]`). */
  label: string;
  start: number;
  end: number;
  /** The found text masked (see `maskExcerpt`); never the value whole. */
  excerpt: string;
  /**
   * Prompt-injection findings only: which detection layer fired, a phrase
   * pattern (`heuristic`) or the trained model (`classifier`).
   */
  layer?: DetectionLayer;
  /** Prompt-injection findings only: the layer's confidence, 0..1 (1 for a heuristic match). */
  score?: number;
}

/** The detection layers of the prompt-injection library. */
export type DetectionLayer = "heuristic" | "classifier";

/** A rule that matched, with what it found. */
export interface RuleMatch {
  ruleId: string;
  ruleName: string;
  type: RuleType;
  action: RuleAction;
  severity: Severity;
  findings: Finding[];
}

/** Parts of an applicable rule the engine could not evaluate, and why. */
export interface UnevaluatedRule {
  ruleId: string;
  ruleName: string;
  dataDescriptions: string[];
  reason: string;
}

/** The strongest action matched, or `allow`. */
export type ScanVerdict = "block" | "flag" | "log" | "allow";

/** What a scan concluded. */
export interface ScanOutcome {
  verdict: ScanVerdict;
  /** False only when the verdict is `block`. */
  allowed: boolean;
  scanType: ScanType;
  /** Strongest action first, then highest severity, then rule order. */
  matches: RuleMatch[];
  unevaluated: UnevaluatedRule[];
  /** Present when the input asked for redaction. */
  redactedContent?: string;
}
