import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/** What travels with one request through every hop inside a process. */
export interface RequestContext {
  /** Correlates the log lines of one request across the gateway and the services. */
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Header that carries the request id between processes (and from a trusted proxy). */
export const REQUEST_ID_HEADER = "x-request-id";

/** Runs `fn` with `context` as the current request context. */
export function runInRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** A new random request id. */
export function newRequestId(): string {
  return randomUUID();
}

/**
 * `value` when it is acceptable as a request id handed over by a trusted
 * party (printable, short, nothing that could forge a log line), else
 * undefined.
 */
export function acceptableRequestId(value: string | null | undefined): string | undefined {
  return value && /^[\w.:@/+=-]{1,128}$/.test(value) ? value : undefined;
}
