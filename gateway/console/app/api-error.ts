/** A failed API call: the REST error body `{statusCode, code, message}`, or what stood in for it. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds from `Retry-After`, when the answer had one. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/**
 * A sentence for the reader: what the API said, with the status and code so
 * a 403 names its missing scope and anything else can be looked up.
 */
export function describeError(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return err.message;
    if (err.code === "FORBIDDEN") return `This API key cannot do that: ${err.message} (403 FORBIDDEN).`;
    if (err.status === 401) return `The API key was not accepted — it may have been revoked (401 ${err.code}). Sign in again.`;
    return `${capitalise(err.message)} (${err.status} ${err.code}).`;
  }
  return err instanceof Error ? err.message : String(err);
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
