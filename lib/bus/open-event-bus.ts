import type { Logger } from "../logger.js";
import type { EventBus } from "./event-bus.js";
import { MemoryEventBus } from "./memory-event-bus.js";
import { connectNatsBus } from "./nats-event-bus.js";

/** Which bus a process uses, from the validated configuration. */
export interface EventBusSettings {
  /** `GATEHOUSE_NATS_URL`; when absent, events stay in this process. */
  natsUrl?: string;
}

/**
 * Opens the process's event bus: NATS when a URL is configured, otherwise the
 * in-process bus. Open it once per process and share it between the components
 * of that process, or in-process events would not reach each other.
 */
export async function openEventBus(settings: EventBusSettings, logger: Logger): Promise<EventBus> {
  if (settings.natsUrl) return connectNatsBus(settings.natsUrl, logger);
  return new MemoryEventBus({ logger });
}
