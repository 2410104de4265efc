import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { ValidationError } from "../../../lib/errors.js";
import { forbiddenAddressReason } from "../domain/webhook-address.js";

// A registration waits this long for DNS at most.
const LOOKUP_TIMEOUT_MS = 3000;

/**
 * Refuses, as a ValidationError naming `url`, a webhook host that does not
 * resolve or resolves to any address that is not public — unless
 * `allowPrivate`. This is for the registrant's sake (a mistake shows at
 * once); the guard that counts runs at every delivery, on the address
 * connected to (see `guardedLookup`), since DNS answers change.
 */
export async function checkWebhookTarget(host: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate || ipaddr.IPv4.isValidFourPartDecimal(host) || ipaddr.IPv6.isValid(host)) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), LOOKUP_TIMEOUT_MS);
  });
  let addresses: { address: string }[];
  try {
    addresses = await Promise.race([lookup(host, { all: true }), timeout]);
  } catch {
    throw new ValidationError("url", `the host ${host} does not resolve`);
  } finally {
    clearTimeout(timer);
  }
  for (const a of addresses) {
    const reason = forbiddenAddressReason(a.address);
    if (reason) throw new ValidationError("url", `must not point at a non-public address: ${host} resolves to ${reason}`);
  }
}
