import type { Clock } from "../../../lib/clock.js";
import { executeScan } from "../domain/scan/execute-scan.js";
import type { ScanInput, ScanOutcome } from "../domain/scan/scan-types.js";
import type { ScanPlanCache } from "./scan-plan-cache.js";
import type { TriggerRecorder } from "./trigger-recorder.js";

/** A scan's outcome and how long it took, in milliseconds. */
export interface ScanResult extends ScanOutcome {
  durationMs: number;
}

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
    return { ...outcome, durationMs: performance.now() - started };
  }
}
