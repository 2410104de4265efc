import type { RuleAction, Severity } from "../rule.js";
import type { RuleMatch, ScanVerdict } from "./scan-types.js";

const ACTION_RANK: Readonly<Record<RuleAction, number>> = { block: 0, flag: 1, log: 2 };
const SEVERITY_RANK: Readonly<Record<Severity, number>> = { critical: 0, high: 1, medium: 2, low: 3 };

/**
 * Matches in the order a verdict reads them: strongest action first (block,
 * flag, log), then highest severity, then the rules' listing order (`order`).
 */
export function orderMatches<T extends Pick<RuleMatch, "action" | "severity">>(matches: readonly (T & { order: number })[]): T[] {
  return [...matches]
    .sort((a, b) => ACTION_RANK[a.action] - ACTION_RANK[b.action] || SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || a.order - b.order)
    .map(({ order: _order, ...m }) => m as unknown as T);
}

/** The strongest action among the matches (block > flag > log), or `allow` when none matched. */
export function verdictOf(matches: readonly Pick<RuleMatch, "action">[]): ScanVerdict {
  let best: ScanVerdict = "allow";
  for (const m of matches) {
    if (m.action === "block") return "block";
    if (m.action === "flag") best = "flag";
    else if (best === "allow") best = "log";
  }
  return best;
}
