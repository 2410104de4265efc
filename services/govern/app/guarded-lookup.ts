import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { forbiddenAddressReason } from "../domain/webhook-address.js";

/** The error of a connection refused because its address is not public; its message is safe to store. */
export class TargetRefusedError extends Error {
  override name = "TargetRefusedError";
  readonly code = "ERR_WEBHOOK_TARGET_REFUSED";
}

/**
 * A `lookup` for outgoing webhook requests: it resolves the host and fails
 * with a TargetRefusedError when any of its addresses is not public (see
 * `forbiddenAddressReason`), so the address the socket connects to is the
 * one that was checked — a DNS answer that changes between a check and the
 * connection (rebinding) cannot slip through. With `allowPrivate` it is
 * plain `dns.lookup`.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) {
        callback(err, "", 0);
        return;
      }
      if (!allowPrivate) {
        for (const a of addresses) {
          const reason = forbiddenAddressReason(a.address);
          if (reason) {
            callback(new TargetRefusedError(`refused: ${hostname} resolves to ${reason}`), "", 0);
            return;
          }
        }
      }
      if (options.all) callback(null, addresses);
      else if (addresses[0]) callback(null, addresses[0].address, addresses[0].family);
      else callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
    });
  };
}
