import type { ScanGate } from "./policy.js";

/** A scan's verdict, as the secure service names it: the strongest action matched, else `allow`. */
export type ScanVerdict = "block" | "flag" | "log" | "allow";

/** Every scan verdict, strongest first. */
export const SCAN_VERDICTS: readonly ScanVerdict[] = ["block", "flag", "log", "allow"];

/** The part of a checkpoint a gating scan reads. */
export type ContentPart = "payload" | "context" | "reasoning";

/**
 * What a gating scan did to one eval: `blocked` (a block verdict under
 * `on_block: "block"`), `review` (a verdict the gate sends to the policy's
 * reviewers) or `none`.
 */
export type ScanEffect = "none" | "blocked" | "review";

/** One finding of a gating scan, located in the part of the checkpoint it was found in. */
export interface GateFinding {
  part: ContentPart;
  kind: string;
  label: string;
  /** Offsets into the part's text (the payload's canonical JSON), in UTF-16 code units. */
  start: number;
  end: number;
  /** Masked as scans mask them: never the found value whole. */
  excerpt: string;
}

/** A rule that matched; `type`, `action` and `severity` are the secure service's names. */
export interface GateMatch {
  ruleId: string;
  ruleName: string;
  type: string;
  action: string;
  severity: string;
  findings: GateFinding[];
}

/** The result of the content scan a checkpoint's gated policies asked for. */
export interface GateScan {
  scanId: string;
  verdict: ScanVerdict;
  /** The version of the workspace's rule set the scan used. */
  ruleSetVersion: string;
  matches: GateMatch[];
}

/** A scan-gated policy's part of its eval. */
export interface EvalScan {
  gate: ScanGate;
  /** What the scan did to the eval; null while nothing was scanned for it (the policy did not apply). */
  effect: ScanEffect | null;
  result: GateScan | null;
}

/**
 * What `gate` makes of `verdict`: a block verdict blocks or asks for review
 * as `on_block` says, a flag asks for review unless `on_flag` ignores it,
 * and log or allow do nothing.
 */
export function scanEffectOf(gate: ScanGate, verdict: ScanVerdict): ScanEffect {
  if (verdict === "block") return gate.onBlock === "block" ? "blocked" : "review";
  if (verdict === "flag") return gate.onFlag === "review" ? "review" : "none";
  return "none";
}
