import type { Clock } from "../../../lib/clock.js";
import { executeScan } from "../domain/scan/execute-scan.js";
import type { ScanInput, ScanOutcome } from "../domain/scan/scan-types.js";
import { ruleSetVersion } from "../domain/rule-set-version.js";
import type { ScanPlanCache } from "./scan-plan-cache.js";
import type { TriggerRecorder } from "./trigger-recorder.js";

/** A scan's outcome and how long it took, in milliseconds. */
export interface ScanResult extends ScanOutcome {
  durationMs: number;
  /** The version of the rule set the scan ran (see `ruleSetVersion`); absent for a rule's trial. */
  ruleSetVersion?: string;
}

// A plan's version is hashed once, not per scan.
const versions = new WeakMap<object, string>();

/**
 * Scans content for a workspace: takes the workspace's current plan from the
 * cache (compiled once per rule-set version), runs it, and counts a trigger
 * for every matching rule in the recorder's buffer, so the scan itself makes
 * no store write. `durationMs` covers all of that.
 */
export class ScanEngine {
  constructor(
    private readonly plans: ScanPlanCache,
    private readonly triggers: TriggerRecorder,
    private readonly clock: Clock,
  ) {}

  /** Scans `input`; with `countTriggers: false` (a preview) the matching rules' counts stay. */
  async scan(workspaceId: string, input: ScanInput, opts: { countTriggers?: boolean } = {}): Promise<ScanResult> {
    const started = performance.now();
    const plan = await this.plans.plan(workspaceId);
    const { triggeredRuleIds, ...outcome } = executeScan(plan, input);
    if (triggeredRuleIds.length > 0 && opts.countTriggers !== false) this.triggers.record(workspaceId, triggeredRuleIds, this.clock.now());
    let version = versions.get(plan);
    if (version === undefined) versions.set(plan, (version = ruleSetVersion(plan.key)));
    return { ...outcome, ruleSetVersion: version, durationMs: performance.now() - started };
  }
}
