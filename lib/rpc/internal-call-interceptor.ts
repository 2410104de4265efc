import type { Interceptor } from "@connectrpc/connect";
import { INTERNAL_SECRET_HEADER, type InternalCredentials } from "./internal-credentials.js";
import { carryRequestContexts, currentRequestId, REQUEST_ID_HEADER } from "./request-context.js";

/**
 * Client interceptor for calls from one Gatehouse component to another over
 * the network: presents the internal secret (when configured) and forwards
 * the id of the request being served, so the callee's logs carry it. Making
 * one starts carrying request contexts in this process.
 */
export function internalCallInterceptor(credentials: InternalCredentials | undefined): Interceptor {
  carryRequestContexts();
  return (next) => async (req) => {
    if (credentials) req.header.set(INTERNAL_SECRET_HEADER, credentials.secret);
    const requestId = currentRequestId();
    if (requestId) req.header.set(REQUEST_ID_HEADER, requestId);
    return next(req);
  };
}
