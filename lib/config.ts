import { z } from "zod";
import { LOG_LEVELS } from "./logger.js";
import { MIN_INTERNAL_SECRET_LENGTH, parseInternalSecrets } from "./rpc/internal-credentials.js";

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));
const serviceUrl = z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:50051");
const flag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

/**
 * Every setting Gatehouse reads from the environment. Each component reads the
 * settings it needs from the one validated object; an invalid value stops the
 * process with a message naming the variable.
 */
export const ConfigSchema = z.object({
  GATEHOUSE_HTTP_PORT: port(8080),
  GATEHOUSE_GRPC_PORT: port(50051),
  GATEHOUSE_LISTEN_HOST: z.string().min(1).default("0.0.0.0"),
  // Unset: loopback in the all-in-one `serve`, GATEHOUSE_LISTEN_HOST for one component.
  GATEHOUSE_GRPC_HOST: optionalString,
  GATEHOUSE_DATA_DIR: z.string().min(1).default("./data"),
  GATEHOUSE_BOOTSTRAP_KEY: optionalString.refine((v) => v === undefined || v.length >= 8, {
    message: "must be at least 8 characters",
  }),
  GATEHOUSE_MONGODB_URI: optionalString.refine((v) => v === undefined || /^mongodb(\+srv)?:\/\//.test(v), {
    message: "must be a mongodb:// or mongodb+srv:// URI",
  }),
  GATEHOUSE_NATS_URL: optionalString.refine((v) => v === undefined || v.split(",").every((u) => /^(nats|tls|wss?):\/\/|^[\w.-]+:\d+$/.test(u.trim())), {
    message: "must be a comma-separated list of nats:// URLs",
  }),
  GATEHOUSE_ISSUER: z.string().min(1).default("gatehouse"),
  GATEHOUSE_SIGNING_KEY: optionalString,
  GATEHOUSE_DECISION_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(30 * 86400).default(3600),
  GATEHOUSE_TRUSTED_PROXIES: optionalString,
  GATEHOUSE_KEY_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(8),
  GATEHOUSE_LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  // Unset: dist/console of the installation (what `npm run build` writes).
  GATEHOUSE_CONSOLE_DIR: optionalString,
  GATEHOUSE_INTERNAL_SECRETS: optionalString.refine(
    (v) => v === undefined || (parseInternalSecrets(v) ?? []).length <= 2,
    { message: "must list one or two comma-separated secrets (the first is sent, both are accepted)" },
  ).refine((v) => v === undefined || (parseInternalSecrets(v) ?? []).every((s) => s.length >= MIN_INTERNAL_SECRET_LENGTH), {
    message: `each secret needs at least ${MIN_INTERNAL_SECRET_LENGTH} characters`,
  }),
  GATEHOUSE_INSECURE_INTERNAL: flag,
  // Webhooks may target http: URLs and private, loopback and link-local addresses (development, closed networks).
  GATEHOUSE_WEBHOOK_ALLOW_PRIVATE: flag,
  GATEHOUSE_ENCRYPTION_KEY: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: "must be at least 32 characters (e.g. `openssl rand -base64 32`)",
  }),
  GATEHOUSE_AUTH_URL: serviceUrl,
  GATEHOUSE_SECURE_URL: serviceUrl,
  GATEHOUSE_GOVERN_URL: serviceUrl,
});

/** The validated configuration. */
export type Config = z.infer<typeof ConfigSchema>;

/** Thrown for an invalid environment; the message names every bad variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Validates `env` (normally `process.env`) into a `Config`. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  throw new ConfigError(`invalid configuration:\n  ${problems.join("\n  ")}`);
}
