import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";
import { ErrorDetailSchema } from "../../gen/gatehouse/common/v1/common_pb.js";
import { isMongoUnavailableError } from "../db/mongo-errors.js";
import { GatehouseError } from "../errors.js";
import { isReplayedError } from "../idempotency/replayed-error.js";
import type { Logger } from "../logger.js";
import { CONNECT_CODE_OF } from "./error-codes.js";
import { storeUnavailable } from "./store-gate.js";

/**
 * Converts what a service handler throws into a Connect error: a
 * `GatehouseError` keeps its message and travels with an `ErrorDetail`
 * carrying its stable code; an unreachable store is UNAVAILABLE; anything
 * else is logged and becomes a generic `Internal` error, so internals never
 * reach a client.
 */
export function errorInterceptor(logger: Logger): Interceptor {
  // A promise chain rather than an async function: a long-poll held in
  // process keeps no suspended frame here.
  return (next) => (req) => {
    const fail = (err: unknown) => {
      throw toConnectError(err, logger, req.method.name);
    };
    try {
      return next(req).catch(fail);
    } catch (err) {
      return Promise.reject(toConnectError(err, logger, req.method.name));
    }
  };
}

/** Maps one thrown value to the Connect error a client should see. */
export function toConnectError(err: unknown, logger: Logger, rpc: string): ConnectError {
  if (isMongoUnavailableError(err)) err = storeUnavailable();
  if (err instanceof GatehouseError) {
    const detail = create(ErrorDetailSchema, {
      code: err.code,
      field: err.extras.field ?? "",
      retryAfterSeconds: err.extras.retryAfterSeconds ?? 0,
      replayed: isReplayedError(err),
    });
    return new ConnectError(err.message, CONNECT_CODE_OF[err.code], undefined, [
      { desc: ErrorDetailSchema, value: detail },
    ]);
  }
  if (err instanceof ConnectError && err.code !== Code.Internal && err.code !== Code.Unknown) {
    // An error of a nested call (this service calling another) carries that
    // call's response metadata; sent on as trailers it would break the gRPC
    // framing of this answer. Keep only what the client needs.
    const clean = new ConnectError(err.rawMessage, err.code);
    clean.details.push(...err.details);
    return clean;
  }
  logger.error({ err, rpc }, "unexpected error in rpc handler");
  return new ConnectError("internal error", Code.Internal);
}
