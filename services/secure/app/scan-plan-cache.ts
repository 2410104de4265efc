import { randomUUID } from "node:crypto";
import type { EventBus, Subscription } from "../../../lib/bus/event-bus.js";
import type { Clock } from "../../../lib/clock.js";
import type { Logger } from "../../../lib/logger.js";
import { parseRulesChanged, RULES_CHANGED_PATTERN, rulesChangedSubject, type RulesChanged } from "../domain/rules-changed.js";
import { compileScanPlan, planKey, type ScanPlan } from "../domain/scan/compile-scan-plan.js";
import type { Rule } from "../domain/rule.js";
import type { RuleStore } from "../store/rule-store.js";

/** Default time a plan is used without re-reading its rule set (the safety net under missed events). */
export const DEFAULT_PLAN_REFRESH_MS = 10_000;
/** Refresh period while the bus is disconnected: other replicas' changes cannot arrive as events. */
export const DISCONNECTED_PLAN_REFRESH_MS = 1000;
/**
 * Default number of workspaces whose plans are kept. A plan with custom
 * patterns costs about half a megabyte to a few (1,000 rules: ~16 MB);
 * workspaces with only the built-in rules share one plan.
 */
export const DEFAULT_MAX_CACHED_PLANS = 500;

/** What a `ScanPlanCache` is built from. */
export interface ScanPlanCacheOptions {
  rules: Pick<RuleStore, "list">;
  clock: Clock;
  logger: Logger;
  /** Carries rule changes between replicas; without it only this process's changes invalidate. */
  bus?: EventBus;
  refreshMs?: number;
  maxWorkspaces?: number;
  /** Builds a plan from a workspace's active rules; `compileScanPlan` unless a test counts builds. */
  compile?: (rules: readonly Rule[]) => ScanPlan;
}

// Plans of rule sets made only of built-in rules (every new workspace's) are
// the same everywhere: one compiled copy serves all such workspaces.
const MAX_SHARED_PLANS = 16;
const sharedPlans = new Map<string, ScanPlan>();

interface Entry {
  plan?: ScanPlan;
  /** Moves with every invalidation; the plan is current when `builtFor` equals it. */
  generation: number;
  builtFor: number;
  checkedAt: number;
  loading?: { generation: number; promise: Promise<ScanPlan> };
}

/**
 * Compiled scan plans per workspace, keyed by the version of the rule set
 * (`planKey`): a plan is rebuilt only when a rule is created, edited or
 * changes status. A rule write in this process invalidates at once
 * (`rulesChanged`) and announces it on the bus, so every replica drops its
 * plan; the next scan there re-reads the active rules (one store read) and
 * recompiles if the key moved. A plan older than `refreshMs` is re-checked in
 * the background while still served, which bounds the staleness left by a
 * lost event (1 s while the bus is down), and when the bus comes back after
 * an outage every plan is dropped. Concurrent scans share one load; a load that an invalidation
 * overtook is used by the scans that waited for it but not kept as current.
 * Workspaces whose active rules are all built-in share one plan per process.
 */
export class ScanPlanCache {
  private readonly entries = new Map<string, Entry>();
  private readonly origin = randomUUID();
  private readonly subscription: Subscription | undefined;
  private readonly resync: Subscription | undefined;
  private readonly compile: (rules: readonly Rule[]) => ScanPlan;
  private readonly refreshMs: number;
  private readonly maxWorkspaces: number;

  constructor(private readonly opts: ScanPlanCacheOptions) {
    this.compile = opts.compile ?? compileScanPlan;
    this.refreshMs = opts.refreshMs ?? DEFAULT_PLAN_REFRESH_MS;
    this.maxWorkspaces = opts.maxWorkspaces ?? DEFAULT_MAX_CACHED_PLANS;
    this.subscription = opts.bus?.subscribe(RULES_CHANGED_PATTERN, (_subject, event) => {
      const changed = parseRulesChanged(event);
      if (changed && changed.origin !== this.origin) this.invalidate(changed.workspace_id);
    });
    this.resync = opts.bus?.onResync(() => this.invalidateAll());
  }

  /** The current plan of `workspaceId`, loading and compiling it if needed. */
  async plan(workspaceId: string): Promise<ScanPlan> {
    const entry = this.entry(workspaceId);
    if (entry.plan && entry.builtFor === entry.generation) {
      const refreshMs = this.opts.bus && !this.opts.bus.connected() ? Math.min(this.refreshMs, DISCONNECTED_PLAN_REFRESH_MS) : this.refreshMs;
      if (this.opts.clock.now() - entry.checkedAt >= refreshMs && !entry.loading) {
        this.load(workspaceId, entry).catch((err: unknown) =>
          this.opts.logger.warn({ err, workspaceId }, "re-checking a scan plan failed; serving the current one"),
        );
      }
      return entry.plan;
    }
    return this.load(workspaceId, entry);
  }

  /** Drops the current plan of `workspaceId`: the next scan there reloads its rules. */
  invalidate(workspaceId: string): void {
    const entry = this.entries.get(workspaceId);
    if (entry) entry.generation++;
  }

  /** Drops every plan: events may have been missed (the bus is back after an outage). */
  invalidateAll(): void {
    for (const entry of this.entries.values()) entry.generation++;
  }

  /**
   * To be called after a rule write is stored: invalidates here and tells the
   * other replicas. A bus failure is logged, never failing the write (their
   * plans are then re-checked within `refreshMs`).
   */
  async rulesChanged(workspaceId: string): Promise<void> {
    this.invalidate(workspaceId);
    if (!this.opts.bus) return;
    const event: RulesChanged = { workspace_id: workspaceId, origin: this.origin };
    try {
      await this.opts.bus.publish(rulesChangedSubject(workspaceId), event);
    } catch (err) {
      this.opts.logger.warn({ err, workspaceId }, "announcing a rule change failed");
    }
  }

  /** Stops listening for other replicas' changes. */
  close(): void {
    this.subscription?.unsubscribe();
    this.resync?.unsubscribe();
  }

  private compileShared(key: string, rules: readonly Rule[]): ScanPlan {
    if (this.opts.compile || !rules.every((r) => r.isBuiltIn)) return this.compile(rules);
    let plan = sharedPlans.get(key);
    if (!plan) {
      plan = this.compile(rules);
      if (sharedPlans.size >= MAX_SHARED_PLANS) sharedPlans.delete(sharedPlans.keys().next().value as string);
      sharedPlans.set(key, plan);
    }
    return plan;
  }

  // Least recently used entries go first once the cache is full.
  private entry(workspaceId: string): Entry {
    let entry = this.entries.get(workspaceId);
    if (entry) {
      this.entries.delete(workspaceId);
    } else {
      entry = { generation: 0, builtFor: -1, checkedAt: 0 };
      if (this.entries.size >= this.maxWorkspaces) this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(workspaceId, entry);
    return entry;
  }

  private load(workspaceId: string, entry: Entry): Promise<ScanPlan> {
    if (entry.loading && entry.loading.generation === entry.generation) return entry.loading.promise;
    const generation = entry.generation;
    const promise = (async () => {
      const rules = await this.opts.rules.list(workspaceId, { status: "active" });
      const key = planKey(rules);
      const plan = entry.plan && entry.plan.key === key ? entry.plan : this.compileShared(key, rules);
      if (generation > entry.builtFor || (generation === entry.builtFor && plan !== entry.plan)) {
        entry.plan = plan;
        entry.builtFor = generation;
      }
      if (generation === entry.builtFor) entry.checkedAt = this.opts.clock.now();
      return plan;
    })();
    entry.loading = { generation, promise };
    void promise
      .finally(() => {
        if (entry.loading?.promise === promise) entry.loading = undefined;
      })
      .catch(() => undefined);
    return promise;
  }
}
