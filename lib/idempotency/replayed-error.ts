import { GatehouseError, type ErrorCode, type ErrorExtras } from "../errors.js";

/**
 * A stored error answer replayed for a repeated idempotent request: the same
 * code, message and extras as the first time. `replayed` lets the transport
 * layer add `Idempotent-Replayed: true`; everything else treats it as the
 * original `GatehouseError`.
 */
export class ReplayedError extends GatehouseError {
  readonly replayed = true;

  constructor(code: ErrorCode, message: string, extras: ErrorExtras = {}) {
    super(code, message, extras);
  }
}

/** True when `err` replays a stored answer (see `ReplayedError`). */
export function isReplayedError(err: unknown): err is ReplayedError {
  return err instanceof ReplayedError;
}
