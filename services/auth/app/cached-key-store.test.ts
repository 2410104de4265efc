import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventBus, EventHandler } from "../../../lib/bus/event-bus.js";
import { MemoryBroker } from "../../../lib/bus/memory-broker.js";
import { MemoryEventBus } from "../../../lib/bus/memory-event-bus.js";
import { ManualClock } from "../../../lib/clock.js";
import { openSqlite, type SqliteDatabase } from "../../../lib/db/sqlite.js";
import { silentLogger } from "../../../lib/logger.js";
import type { ApiKeyRecord } from "../domain/api-key.js";
import type { KeyStore } from "../store/key-store.js";
import { createKeyStore } from "../store/create-key-store.js";
import { CachedKeyStore } from "./cached-key-store.js";

// A memory bus whose link to "other replicas" can be cut and restored.
class SwitchableBus implements EventBus {
  up = true;
  private readonly inner = new MemoryEventBus({ logger: silentLogger(), broker: new MemoryBroker() });
  private readonly resyncs = new Set<() => void>();
  publish(subject: string, event: object) {
    return this.inner.publish(subject, event);
  }
  subscribe(pattern: string, handler: EventHandler) {
    return this.inner.subscribe(pattern, handler);
  }
  ready() {
    return this.inner.ready();
  }
  close() {
    return this.inner.close();
  }
  connected(): boolean {
    return this.up;
  }
  onResync(listener: () => void) {
    this.resyncs.add(listener);
    return { unsubscribe: () => void this.resyncs.delete(listener) };
  }
  reconnect(): void {
    this.up = true;
    for (const l of this.resyncs) l();
  }
}

const key: ApiKeyRecord = {
  id: "key_1",
  workspaceId: "ws_a",
  name: "agent",
  scopes: ["secure:rules:read"],
  allowedIps: [],
  subject: "agent",
  secretPrefix: "gh_abcde",
  secretHash: "a".repeat(64),
  createdAt: Date.UTC(2026, 0, 1),
  revokedAt: null,
};

// Counts the reads that reach the store.
function counting(store: KeyStore): KeyStore & { reads: number } {
  const counted = Object.assign(Object.create(store) as KeyStore, { reads: 0 });
  counted.findBySecretHash = async (hash: string) => {
    counted.reads++;
    return store.findBySecretHash(hash);
  };
  return counted;
}

describe("CachedKeyStore", () => {
  let db: SqliteDatabase;
  let bus: SwitchableBus;
  let clock: ManualClock;
  let store: KeyStore & { reads: number };
  let cache: CachedKeyStore;
  const logger = silentLogger();

  beforeEach(async () => {
    db = openSqlite(":memory:");
    bus = new SwitchableBus();
    clock = new ManualClock();
    store = counting(createKeyStore({ kind: "sqlite", db }));
    cache = new CachedKeyStore(store, bus, clock, logger, { maxAgeMs: 30_000 });
    await cache.insert(key);
  });

  afterEach(async () => {
    cache.close();
    await bus.close();
    db.close();
  });

  it("admits a known key from memory after the first read", async () => {
    for (let i = 0; i < 5; i++) expect((await cache.findBySecretHash(key.secretHash))?.id).toBe("key_1");
    expect(store.reads).toBe(1);
  });

  it("never caches an unknown secret", async () => {
    await cache.findBySecretHash("b".repeat(64));
    await cache.findBySecretHash("b".repeat(64));
    expect(store.reads).toBe(2);
  });

  it("reads the store again once an entry is older than the maximum age", async () => {
    await cache.findBySecretHash(key.secretHash);
    clock.advance(30_000);
    await cache.findBySecretHash(key.secretHash);
    expect(store.reads).toBe(2);
  });

  it("sees its own revocation at once", async () => {
    await cache.findBySecretHash(key.secretHash);
    await cache.revoke("ws_a", "key_1", clock.now());
    expect((await cache.findBySecretHash(key.secretHash))?.revokedAt).toBe(clock.now());
  });

  it("reads through while the bus is down, and starts afresh when it is back", async () => {
    await cache.findBySecretHash(key.secretHash);
    bus.up = false;
    await cache.findBySecretHash(key.secretHash);
    await cache.findBySecretHash(key.secretHash);
    expect(store.reads).toBe(3);
    // A revocation elsewhere during the outage, then the bus returns.
    await store.revoke("ws_a", "key_1", clock.now());
    bus.reconnect();
    expect((await cache.findBySecretHash(key.secretHash))?.revokedAt).toBe(clock.now());
  });

  it("does not keep what a read returned when a change was announced during it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = Object.create(store) as KeyStore;
    slow.findBySecretHash = async (hash) => {
      const found = await store.findBySecretHash(hash);
      await gate;
      return found;
    };
    const racing = new CachedKeyStore(slow, bus, clock, logger);
    try {
      const read = racing.findBySecretHash(key.secretHash);
      await new Promise((r) => setTimeout(r, 5));
      await racing.revoke("ws_a", "key_1", clock.now());
      release();
      expect((await read)?.revokedAt).toBeNull();
      expect((await racing.findBySecretHash(key.secretHash))?.revokedAt).toBe(clock.now());
    } finally {
      racing.close();
    }
  });
});
