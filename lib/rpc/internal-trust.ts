import { type Config, ConfigError } from "../config.js";
import type { Logger } from "../logger.js";
import { InternalCredentials, parseInternalSecrets } from "./internal-credentials.js";

/** How a process recognises, and presents itself to, Gatehouse's other components. */
export interface InternalTrust {
  /** The shared internal secret, when configured. */
  credentials: InternalCredentials | undefined;
  /** `GATEHOUSE_INSECURE_INTERNAL`: calls without a key are taken as internal (development only). */
  insecure: boolean;
}

/**
 * Settles internal trust from the configuration. A component running on its
 * own (`required`) talks to the others over the network, so it refuses to
 * start without GATEHOUSE_INTERNAL_SECRETS unless GATEHOUSE_INSECURE_INTERNAL
 * is set — which is logged loudly at every start.
 */
export function internalTrust(config: Config, logger: Logger, required: boolean): InternalTrust {
  const secrets = parseInternalSecrets(config.GATEHOUSE_INTERNAL_SECRETS);
  const credentials = secrets ? new InternalCredentials(secrets) : undefined;
  const insecure = credentials === undefined && config.GATEHOUSE_INSECURE_INTERNAL;
  if (required && !credentials && !insecure) {
    throw new ConfigError(
      "invalid configuration:\n  GATEHOUSE_INTERNAL_SECRETS: is required when components run as separate processes " +
        "(a shared secret of at least 32 characters, e.g. `openssl rand -base64 48`); " +
        "for local development only, GATEHOUSE_INSECURE_INTERNAL=true runs without it",
    );
  }
  if (insecure) {
    logger.warn(
      { setting: "GATEHOUSE_INSECURE_INTERNAL" },
      "INSECURE: internal calls are not authenticated — anyone who can reach this process's gRPC port may act as any caller " +
        "of any workspace. Never run like this outside local development; set GATEHOUSE_INTERNAL_SECRETS instead.",
    );
  }
  return { credentials, insecure };
}
