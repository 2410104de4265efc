import type { EventBus } from "../../../lib/bus/event-bus.js";
import { EventFedCache, type EventFedCacheOptions } from "../../../lib/bus/event-fed-cache.js";
import type { Clock } from "../../../lib/clock.js";
import type { Logger } from "../../../lib/logger.js";
import type { Policy, PolicySpec, PolicyStatus } from "../domain/policy.js";
import { parsePoliciesChanged, POLICIES_CHANGED_PATTERN, policiesChangedSubject, type PoliciesChanged } from "../domain/policies-changed.js";
import type { PolicyStore } from "../store/policy-store.js";

/** Tuning of `CachedPolicyStore`. */
export type PolicyCacheOptions = Pick<EventFedCacheOptions<readonly Policy[]>, "maxAgeMs" | "maxEntries">;

/**
 * A PolicyStore that answers `list` — read by every checkpoint create — from
 * memory, one entry per workspace (an EventFedCache). Creates and updates go
 * to the store, drop the workspace's entry, and are announced on `bus` so
 * every replica drops its own; while the bus cannot reach the other replicas
 * every list reads the store. Other reads pass through.
 *
 * Only for deployments where every process that changes policies shares
 * `bus` (one process, or replicas on NATS).
 */
export class CachedPolicyStore implements PolicyStore {
  private readonly cache: EventFedCache<readonly Policy[]>;

  constructor(
    private readonly store: PolicyStore,
    bus: EventBus,
    clock: Clock,
    private readonly logger: Logger,
    opts: PolicyCacheOptions = {},
  ) {
    this.cache = new EventFedCache<readonly Policy[]>({
      ...opts,
      bus,
      clock,
      pattern: POLICIES_CHANGED_PATTERN,
      invalidates: (event) => {
        const changed = parsePoliciesChanged(event);
        return changed && ((workspaceId) => workspaceId === changed.workspace_id);
      },
    });
  }

  async insert(policy: Policy): Promise<void> {
    await this.store.insert(policy);
    await this.announce(policy.workspaceId);
  }

  get(workspaceId: string, id: string): Promise<Policy | null> {
    return this.store.get(workspaceId, id);
  }

  async list(workspaceId: string, status?: PolicyStatus): Promise<Policy[]> {
    const all = (await this.cache.get(workspaceId, () => this.store.list(workspaceId))) ?? [];
    // Callers own what they get: the cached list itself is never handed out.
    return status === undefined ? [...all] : all.filter((p) => p.status === status);
  }

  async updateSpec(workspaceId: string, id: string, expectedVersion: number, spec: PolicySpec, updatedAt: number): Promise<Policy | null> {
    const updated = await this.store.updateSpec(workspaceId, id, expectedVersion, spec, updatedAt);
    if (updated) await this.announce(workspaceId);
    return updated;
  }

  ping(): Promise<boolean> {
    return this.store.ping();
  }

  /** Stops listening for changes; the store stays open (it belongs to the caller). */
  close(): void {
    this.cache.close();
  }

  private async announce(workspaceId: string): Promise<void> {
    const event: PoliciesChanged = { workspace_id: workspaceId };
    const err = await this.cache.announce(policiesChangedSubject(workspaceId), event, (ws) => ws === workspaceId);
    if (err) this.logger.warn({ err, workspaceId }, "announcing a policy change failed; other replicas notice within the cache's maximum age");
  }
}
