import { ConnectError, type Interceptor } from "@connectrpc/connect";
import { codeToString } from "@connectrpc/connect/protocol-connect";
import type { Logger } from "../logger.js";
import { CALL_RECORD, type CallRecord } from "./call-record.js";
import { newRequestId } from "./request-context.js";

/**
 * Server interceptor that writes one line per served RPC, like the gateway's
 * per-request lines: method, how the caller was authenticated, key id (never
 * a secret), status code, duration and request id. Outermost, so it sees the
 * status the client gets.
 */
export function accessLogInterceptor(logger: Logger): Interceptor {
  return (next) => async (req) => {
    const record: CallRecord = {};
    req.contextValues.set(CALL_RECORD, record);
    const started = performance.now();
    let code = "ok";
    try {
      return await next(req);
    } catch (err) {
      code = codeToString(ConnectError.from(err).code);
      throw err;
    } finally {
      logger.info(
        {
          reqId: record.requestId ?? newRequestId(),
          rpc: `${req.service.typeName}/${req.method.name}`,
          via: record.via ?? "none",
          keyId: record.keyId,
          code,
          durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        },
        "rpc call",
      );
    }
  };
}
