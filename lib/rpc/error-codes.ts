import { Code } from "@connectrpc/connect";
import type { ErrorCode } from "../errors.js";

/**
 * The one mapping from Gatehouse error codes to Connect codes, so that gRPC
 * callers see a conventional status while the stable code rides in the details.
 */
export const CONNECT_CODE_OF: Readonly<Record<ErrorCode, Code>> = {
  VALIDATION_ERROR: Code.InvalidArgument,
  INVALID_JSON: Code.InvalidArgument,
  UNAUTHORIZED: Code.Unauthenticated,
  FORBIDDEN: Code.PermissionDenied,
  NOT_A_REVIEWER: Code.PermissionDenied,
  NOT_FOUND: Code.NotFound,
  METHOD_NOT_ALLOWED: Code.Unimplemented,
  PAYLOAD_TOO_LARGE: Code.ResourceExhausted,
  UNSUPPORTED_MEDIA_TYPE: Code.InvalidArgument,
  IDEMPOTENCY_IN_PROGRESS: Code.Aborted,
  CHECKPOINT_NOT_PENDING: Code.FailedPrecondition,
  ALREADY_VOTED: Code.AlreadyExists,
  BUILT_IN_RULE_IMMUTABLE: Code.FailedPrecondition,
  VERSION_MISMATCH: Code.Aborted,
  IDEMPOTENCY_KEY_REUSED: Code.FailedPrecondition,
  RATE_LIMITED: Code.ResourceExhausted,
  POLL_TOO_FREQUENT: Code.ResourceExhausted,
  INTERNAL: Code.Internal,
  UNAVAILABLE: Code.Unavailable,
};
