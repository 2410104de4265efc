import { describe } from "vitest";
import { eventBusContract } from "../../test/contract/event-bus.contract.js";
import { testNatsUrl } from "../../test/support/store-engines.js";
import { MemoryBroker } from "./memory-broker.js";
import { MemoryEventBus } from "./memory-event-bus.js";
import { connectNatsBus } from "./nats-event-bus.js";

const broker = new MemoryBroker();
eventBusContract({ name: "memory", open: async (logger) => new MemoryEventBus({ logger, broker }) });

const natsUrl = testNatsUrl();
if (natsUrl) {
  // Under CI testNatsUrl() is always set, so an unreachable server fails every test here.
  eventBusContract({ name: "nats", open: (logger) => connectNatsBus(natsUrl, logger, { connectTimeoutMs: 3000, attempts: 3 }) });
} else {
  describe.skip("EventBus contract: nats (set GATEHOUSE_TEST_NATS_URL to run)", () => undefined);
}
