import type { EventBus } from "../../../lib/bus/event-bus.js";
import { EventFedCache, type EventFedCacheOptions } from "../../../lib/bus/event-fed-cache.js";
import type { Clock } from "../../../lib/clock.js";
import type { Logger } from "../../../lib/logger.js";
import type { Scope } from "../../../lib/scopes.js";
import type { ApiKeyRecord } from "../domain/api-key.js";
import { KEY_CHANGED_SUBJECT, parseKeyChanged, type KeyChanged } from "../domain/key-changed.js";
import type { KeyInsertResult, KeyStore } from "../store/key-store.js";

/** Tuning of `CachedKeyStore`. */
export type KeyCacheOptions = Pick<EventFedCacheOptions<ApiKeyRecord>, "maxAgeMs" | "maxEntries">;

/**
 * A KeyStore that answers `findBySecretHash` — every request's admission —
 * from memory (an EventFedCache). Revocations and scope changes go to the
 * store, drop the local entry, and are announced on `bus` so every replica
 * drops its own within the bus's delivery time. While the bus cannot reach
 * the other replicas the cache is bypassed, and it is emptied when the bus is
 * back, so a change made elsewhere is never missed for longer than an outage
 * lasts; unknown secrets are never cached. Other reads pass through.
 *
 * Only for deployments where every process that changes keys shares `bus`
 * (one process, or replicas on NATS).
 */
export class CachedKeyStore implements KeyStore {
  private readonly cache: EventFedCache<ApiKeyRecord>;

  constructor(
    private readonly store: KeyStore,
    bus: EventBus,
    clock: Clock,
    private readonly logger: Logger,
    opts: KeyCacheOptions = {},
  ) {
    this.cache = new EventFedCache<ApiKeyRecord>({
      ...opts,
      bus,
      clock,
      pattern: KEY_CHANGED_SUBJECT,
      invalidates: (event) => {
        const changed = parseKeyChanged(event);
        return changed && ((_hash, key) => key.id === changed.key_id);
      },
    });
  }

  insert(key: ApiKeyRecord): Promise<KeyInsertResult> {
    return this.store.insert(key);
  }

  async findBySecretHash(secretHash: string): Promise<ApiKeyRecord | null> {
    return (await this.cache.get(secretHash, async () => (await this.store.findBySecretHash(secretHash)) ?? undefined)) ?? null;
  }

  get(workspaceId: string, id: string): Promise<ApiKeyRecord | null> {
    return this.store.get(workspaceId, id);
  }

  list(workspaceId: string): Promise<ApiKeyRecord[]> {
    return this.store.list(workspaceId);
  }

  hasAny(workspaceId: string): Promise<boolean> {
    return this.store.hasAny(workspaceId);
  }

  async revoke(workspaceId: string, id: string, at: number): Promise<ApiKeyRecord | null> {
    const key = await this.store.revoke(workspaceId, id, at);
    if (key) await this.announce(id);
    return key;
  }

  async setScopes(workspaceId: string, id: string, scopes: Scope[]): Promise<boolean> {
    const changed = await this.store.setScopes(workspaceId, id, scopes);
    if (changed) await this.announce(id);
    return changed;
  }

  /** Stops listening for changes; the store stays open (it belongs to the caller). */
  close(): void {
    this.cache.close();
  }

  private async announce(keyId: string): Promise<void> {
    const event: KeyChanged = { key_id: keyId };
    const err = await this.cache.announce(KEY_CHANGED_SUBJECT, event, (_hash, key) => key.id === keyId);
    if (err) this.logger.warn({ err, keyId }, "announcing a key change failed; other replicas notice within the cache's maximum age");
  }
}
