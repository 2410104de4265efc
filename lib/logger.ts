import { pino, type Logger as PinoLogger } from "pino";

/** Structured JSON logger. Secrets must never be passed to it. */
export type Logger = PinoLogger;

/** Log levels accepted by `GATEHOUSE_LOG_LEVEL`. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/**
 * Creates the process logger. Authorization headers and secrets are redacted
 * should they ever be logged by accident.
 */
export function createLogger(level: (typeof LOG_LEVELS)[number] = "info", name = "gatehouse"): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: ["req.headers.authorization", "headers.authorization", "secret", "api_key", "apiKey", "*.secret"],
      censor: "[redacted]",
    },
  });
}

/** A logger that drops everything, for tests. */
export function silentLogger(): Logger {
  return pino({ level: "silent" });
}
