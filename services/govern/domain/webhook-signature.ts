import { createHmac, randomBytes } from "node:crypto";

const SECRET_PREFIX = "whsec_";
// Standard Webhooks asks for 24 to 64 random bytes.
const SECRET_BYTES = 32;

/** A new signing secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString("base64");
}

/**
 * The `webhook-signature` header of a message per the Standard Webhooks
 * specification: `v1,` + base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`
 * keyed with the base64-decoded secret after `whsec_`. `timestamp` is the
 * attempt's time in unix seconds, sent as `webhook-timestamp`.
 */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error("a webhook secret starts with whsec_");
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  return "v1," + createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
}
