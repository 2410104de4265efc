import type { IncomingMessage } from "node:http";
import proxyAddr from "proxy-addr";
import { acceptableRequestId, newRequestId, REQUEST_ID_HEADER } from "../lib/rpc/request-context.js";

/**
 * The request-id generator of the gateway: a proxy listed in
 * GATEHOUSE_TRUSTED_PROXIES may hand over its `X-Request-Id` (so one id
 * follows a request from the edge into every service's log); anyone else's
 * is ignored and a new random id is made, so clients cannot forge or collide
 * log correlation.
 */
export function requestIdGenerator(trustedProxies: readonly string[]): (req: IncomingMessage) => string {
  const trusted = trustedProxies.length > 0 ? proxyAddr.compile([...trustedProxies]) : undefined;
  return (req) => {
    const peer = req.socket.remoteAddress;
    if (trusted && peer && trusted(peer, 0)) {
      const header = req.headers[REQUEST_ID_HEADER];
      const offered = acceptableRequestId(Array.isArray(header) ? header[0] : header);
      if (offered) return offered;
    }
    return newRequestId();
  };
}
