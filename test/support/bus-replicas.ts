import { afterEach } from "vitest";
import { MemoryBroker } from "../../lib/bus/memory-broker.js";
import { MemoryEventBus } from "../../lib/bus/memory-event-bus.js";
import { silentLogger } from "../../lib/logger.js";

/**
 * For contract suites run over a cache fed by the bus: returns a factory
 * whose every call builds one replica (`make` given a bus of its own on a
 * broker the test's replicas share, as production replicas share NATS).
 * Replicas and buses are closed after each test.
 */
export function busReplicas<T extends { close(): void }>(make: (bus: MemoryEventBus) => T): () => T {
  let broker = new MemoryBroker();
  const opened: Array<{ replica: T; bus: MemoryEventBus }> = [];
  afterEach(async () => {
    for (const { replica, bus } of opened.splice(0)) {
      replica.close();
      await bus.close();
    }
    broker = new MemoryBroker();
  });
  return () => {
    const bus = new MemoryEventBus({ logger: silentLogger(), broker });
    const replica = make(bus);
    opened.push({ replica, bus });
    return replica;
  };
}
