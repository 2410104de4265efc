import type { Rule } from "../rule.js";
import { compileScanPlan } from "./compile-scan-plan.js";
import { executeScan } from "./execute-scan.js";
import type { ScanInput, ScanOutcome } from "./scan-types.js";

/**
 * What a scan of `input` would conclude if `rule` were the workspace's only
 * active rule and applied to every agent: the trial of a rule that does not
 * affect scans yet (a draft, an archived rule, an unsaved spec). The rule's
 * own status and agent list are set aside for the trial; which rules matched
 * is not returned, since a rehearsal counts no trigger.
 */
export function rehearseRule(rule: Rule, input: ScanInput): ScanOutcome {
  const plan = compileScanPlan([{ ...rule, status: "active", appliesToAll: true }]);
  const { triggeredRuleIds: _notCounted, ...outcome } = executeScan(plan, input);
  return outcome;
}
