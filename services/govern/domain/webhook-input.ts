import ipaddr from "ipaddr.js";
import { ValidationError } from "../../../lib/errors.js";
import { CHECKPOINT_EVENT_TYPES, isCheckpointEventType, type CheckpointEventType } from "./checkpoint-event.js";
import { forbiddenAddressReason } from "./webhook-address.js";
import { optionalText } from "./validate-text.js";

const MAX_URL_LENGTH = 2000;
const MAX_DESCRIPTION_LENGTH = 500;

/** A validated webhook endpoint registration. */
export interface WebhookInput {
  /** The URL as the WHATWG parser normalises it. */
  url: string;
  /** The host to resolve (brackets of an IPv6 literal removed). */
  host: string;
  events: CheckpointEventType[];
  description: string | null;
}

/**
 * Validates a webhook registration; every problem is a ValidationError naming
 * its field. `url` must be an absolute `https:` URL of at most 2000
 * characters with no user name or password (they would show in listings),
 * and when its host is an IP literal, a public one (see
 * `forbiddenAddressReason`). With `allowPrivate` (the operator's
 * GATEHOUSE_WEBHOOK_ALLOW_PRIVATE) `http:` and every address are accepted.
 * `events` names one or more checkpoint event kinds (duplicates dropped);
 * `description` is at most 500 characters. Host names are resolved by the
 * caller (this is pure), and again at every delivery.
 */
export function validateWebhookInput(
  input: { url: string; events: readonly string[]; description?: string | null },
  allowPrivate: boolean,
): WebhookInput {
  if (input.url.trim() === "") throw new ValidationError("url", "is required");
  if (input.url.length > MAX_URL_LENGTH) throw new ValidationError("url", `must be at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw new ValidationError("url", "is not an absolute URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new ValidationError("url", "must be an https: URL");
  if (url.protocol === "http:" && !allowPrivate) {
    throw new ValidationError("url", "must be an https: URL (http: only when the operator sets GATEHOUSE_WEBHOOK_ALLOW_PRIVATE)");
  }
  if (url.username !== "" || url.password !== "") throw new ValidationError("url", "must not carry a user name or password");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (host === "") throw new ValidationError("url", "has no host");
  // The URL parser has already turned every IPv4 spelling (hex, octal, one number) into dotted decimal.
  if (!allowPrivate && (ipaddr.IPv4.isValidFourPartDecimal(host) || ipaddr.IPv6.isValid(host))) {
    const reason = forbiddenAddressReason(host);
    if (reason) throw new ValidationError("url", `must not point at a non-public address: ${reason}`);
  }
  if (input.events.length === 0) throw new ValidationError("events", `must name at least one of ${CHECKPOINT_EVENT_TYPES.join(", ")}`);
  if (input.events.length > CHECKPOINT_EVENT_TYPES.length * 4) throw new ValidationError("events", "has too many entries");
  const events: CheckpointEventType[] = [];
  input.events.forEach((e, i) => {
    if (!isCheckpointEventType(e)) throw new ValidationError(`events[${i}]`, `must be one of ${CHECKPOINT_EVENT_TYPES.join(", ")}`);
    if (!events.includes(e)) events.push(e);
  });
  return { url: url.href, host, events, description: optionalText("description", input.description, MAX_DESCRIPTION_LENGTH) };
}
