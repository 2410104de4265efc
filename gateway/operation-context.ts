import type { ServerResponse } from "node:http";
import type { Caller } from "../gen/gatehouse/common/v1/common_pb.js";
import type { ResponseMeta, RouteContext } from "./rest/route.js";

/**
 * What a route handler receives (see `RouteContext`) for one request. A class
 * rather than an object literal with a `signal` getter: V8 keeps whatever the
 * getter of such a literal reaches alive through every young-generation
 * collection until the next full one. That getter reached the whole request,
 * so every request's objects (about 4 KB of them) were promoted to the old
 * generation, and every young collection paused longer for copying them.
 * Here the getter is on the prototype and reads a field.
 */
export class OperationContext implements RouteContext<unknown, unknown, unknown> {
  constructor(
    readonly caller: Caller,
    readonly body: unknown,
    readonly query: unknown,
    readonly params: unknown,
    readonly headers: Record<string, string | undefined>,
    readonly response: ResponseMeta,
    private readonly res: ServerResponse,
  ) {}

  /**
   * Aborted when the client hangs up before the response is written (which,
   * say, frees a long-poll's waiter). Made when first asked for: most
   * operations never look, and need no controller.
   */
  get signal(): AbortSignal {
    return hangUpController(this.res).signal;
  }
}

// The request's abort controller, on its response: one close listener serves every request.
const HANG_UP = Symbol("abort on hang-up");

type HangUpResponse = ServerResponse & { [HANG_UP]?: AbortController };

/**
 * The controller that aborts when the client closes the connection before
 * `res` is written, made on first use and kept on the response. The listener
 * is one function for all responses, not a closure per request: a long-poll
 * connection, held by the thousand, then carries only the controller.
 */
export function hangUpController(res: ServerResponse): AbortController {
  const held = (res as HangUpResponse)[HANG_UP];
  if (held) return held;
  const abort = new AbortController();
  (res as HangUpResponse)[HANG_UP] = abort;
  res.on("close", abortUnfinished);
  return abort;
}

function abortUnfinished(this: HangUpResponse): void {
  if (!this.writableEnded) this[HANG_UP]?.abort();
}
