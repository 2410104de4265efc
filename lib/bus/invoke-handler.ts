import type { Logger } from "../logger.js";
import type { EventHandler } from "./event-bus.js";

/**
 * Runs one handler for one event so that nothing it does can reach the bus:
 * a throw or a rejected promise is logged with the subject and swallowed.
 */
export function invokeHandler(handler: EventHandler, subject: string, event: unknown, logger: Logger): void {
  try {
    const result: unknown = handler(subject, event);
    if (result instanceof Promise) {
      result.catch((err: unknown) => logger.error({ err, subject }, "event handler failed"));
    }
  } catch (err) {
    logger.error({ err, subject }, "event handler failed");
  }
}
