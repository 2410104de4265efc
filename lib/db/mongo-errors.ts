/**
 * How Gatehouse tells MongoDB's failures apart, without loading the driver:
 * the stores, the error mapping and the store gate ask on every failure, and
 * a process on the embedded SQLite default never loads `mongodb` at all (it
 * costs about 10 MB of heap in a server). The driver's classes are
 * recognised by name along the prototype chain, which answers as
 * `instanceof` would for them and their subclasses (a
 * `MongoNetworkTimeoutError` is a `MongoNetworkError`).
 */

// The driver's errors that mean no server could be reached, as opposed to one refusing the operation.
const UNAVAILABLE_CLASSES = new Set([
  "MongoNetworkError",
  "MongoServerSelectionError",
  "MongoNotConnectedError",
  "MongoServerClosedError",
  "MongoTopologyClosedError",
  "MongoOperationTimeoutError",
]);

// Socket errors the driver sometimes lets through unwrapped (e.g. a write after
// the server closed the connection surfaces as a bare EPIPE).
const NETWORK_ERROR_CODES = new Set(["EPIPE", "ECONNRESET", "ECONNREFUSED", "ETIMEDOUT", "ENOTCONN", "EHOSTUNREACH", "ENETUNREACH"]);

/** True when `err` means MongoDB could not be reached (as opposed to refusing the operation). */
export function isMongoUnavailableError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (NETWORK_ERROR_CODES.has((err as NodeJS.ErrnoException).code ?? "")) return true;
  for (let proto: object | null = Object.getPrototypeOf(err); proto && proto !== Error.prototype; proto = Object.getPrototypeOf(proto)) {
    if (UNAVAILABLE_CLASSES.has((proto as { constructor: { name: string } }).constructor.name)) return true;
  }
  return false;
}

/** True when `err` is MongoDB's duplicate-key error (a unique index refused a write). */
export function isDuplicateKeyError(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === 11000;
}
