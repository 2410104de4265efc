import { Code, ConnectError } from "@connectrpc/connect";
import { ErrorDetailSchema } from "../gen/gatehouse/common/v1/common_pb.js";
import { type ErrorCode, ERROR_CODES, GatehouseError } from "../lib/errors.js";

/** The one table from stable error codes to HTTP statuses (DESIGN §2 "Errors"). */
export const HTTP_STATUS_OF: Readonly<Record<ErrorCode, number>> = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_A_REVIEWER: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_IN_PROGRESS: 409,
  CHECKPOINT_NOT_PENDING: 409,
  ALREADY_VOTED: 409,
  BUILT_IN_RULE_IMMUTABLE: 409,
  VERSION_MISMATCH: 412,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  POLL_TOO_FREQUENT: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** The REST error body: `statusCode` always equals the HTTP status. */
export interface RestErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
}

/** An error ready to send: its body, the `Retry-After` to announce, and whether it replays a stored answer. */
export interface RestError {
  body: RestErrorBody;
  retryAfterSeconds?: number;
  replayed?: boolean;
}

/** The part of a logger error mapping needs (pino and Fastify loggers both fit). */
export interface ErrorLogger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
}

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** Builds a REST error from a stable code and a client-safe message. */
export function restError(code: ErrorCode, message: string, retryAfterSeconds?: number): RestError {
  return { body: { statusCode: HTTP_STATUS_OF[code], code, message }, retryAfterSeconds };
}

/**
 * Turns anything a route can throw into the REST error a client sees: domain
 * errors and Connect errors keep their stable code and message; HTTP framework
 * errors get their DESIGN code; everything else is logged and answered with a
 * generic 500 so that internals never leak.
 */
export function restErrorOf(err: unknown, logger: ErrorLogger): RestError {
  if (err instanceof GatehouseError) return restError(err.code, err.message, err.extras.retryAfterSeconds);
  if (err instanceof ConnectError) return fromConnect(err, logger);
  const framework = fromFramework(err);
  if (framework) return framework;
  logger.error({ err }, "unexpected error in gateway");
  return restError("INTERNAL", "internal error");
}

function fromConnect(err: ConnectError, logger: ErrorLogger): RestError {
  const detail = err.findDetails(ErrorDetailSchema)[0];
  if (detail && KNOWN_CODES.has(detail.code)) {
    const e = restError(detail.code as ErrorCode, err.rawMessage, detail.retryAfterSeconds || undefined);
    return detail.replayed ? { ...e, replayed: true } : e;
  }
  // The gateway cancels a call when its client hangs up (a long-poll left early):
  // nothing is wrong with the backend, and nobody reads the answer.
  if (err.code === Code.Canceled) {
    logger.debug({ err: err.message }, "call cancelled");
    return restError("UNAVAILABLE", "service unavailable, retry later", 1);
  }
  if (err.code === Code.Unavailable || err.code === Code.DeadlineExceeded) {
    logger.warn({ err: err.message }, "backend unavailable");
    return restError("UNAVAILABLE", "service unavailable, retry later", 1);
  }
  logger.error({ err }, "backend error without a stable code");
  return restError("INTERNAL", "internal error");
}

/** Errors raised by Fastify itself while reading the request. */
function fromFramework(err: unknown): RestError | undefined {
  if (typeof err !== "object" || err === null) return undefined;
  const { statusCode, code } = err as { statusCode?: number; code?: string };
  if (statusCode === 413 || code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    return restError("PAYLOAD_TOO_LARGE", "request body exceeds 1 MiB");
  }
  if (statusCode === 415 || code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
    return restError("UNSUPPORTED_MEDIA_TYPE", "request body must be application/json");
  }
  if (code === "FST_ERR_CTP_EMPTY_JSON_BODY") return restError("INVALID_JSON", "request body is empty");
  if (code === "FST_ERR_CTP_INVALID_CONTENT_LENGTH") return restError("INVALID_JSON", "request body length does not match Content-Length");
  if (err instanceof SyntaxError || code === "FST_ERR_CTP_INVALID_JSON_BODY") {
    return restError("INVALID_JSON", "request body is not valid JSON");
  }
  if (statusCode === 400 && (err as { message?: string }).message?.includes("JSON")) {
    return restError("INVALID_JSON", "request body is not valid JSON");
  }
  return undefined;
}

/** The headers an error answer carries: Retry-After, WWW-Authenticate, Idempotent-Replayed. */
export function errorHeaders(e: RestError): Record<string, string> {
  const h: Record<string, string> = {};
  if (e.retryAfterSeconds !== undefined) h["Retry-After"] = String(Math.max(1, Math.ceil(e.retryAfterSeconds)));
  if (e.body.statusCode === 401) h["WWW-Authenticate"] = 'Bearer realm="gatehouse"';
  if (e.replayed) h["Idempotent-Replayed"] = "true";
  return h;
}
