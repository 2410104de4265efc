import {
  create,
  isMessage,
  type DescMessage,
  type DescMethod,
  type DescMethodStreaming,
  type DescMethodUnary,
  type DescService,
  type MessageInitShape,
  type MessageShape,
} from "@bufbuild/protobuf";
import {
  Code,
  ConnectError,
  createContextValues,
  createServiceImplSpec,
  type ConnectRouter,
  type ContextValues,
  type HandlerContext,
  type Interceptor,
  type MethodImplSpec,
  type StreamResponse,
  type Transport,
  type UnaryResponse,
} from "@connectrpc/connect";
import { settle } from "../settle.js";

/** Options of `createDirectTransport`. */
export interface DirectTransportOptions {
  /**
   * Server interceptors, as a router takes them: the first is the outermost.
   * They see the same requests and responses as over the network.
   */
  interceptors?: Interceptor[];
}

// What a transport's header argument may be (the DOM's HeadersInit).
type HeaderInit = ConstructorParameters<typeof Headers>[0];

// Handlers that never hear of a cancellation share one signal that never fires.
const NEVER_ABORTED = new AbortController().signal;

/**
 * A Connect transport that calls the service implementations `routes`
 * registers as plain function calls: no serialization, no protocol, no URL,
 * and no abort controller unless the call has a deadline. The implementation
 * gets the caller's request message (or one made from its init shape) and a
 * handler context; the interceptors map its errors as they would over the
 * network, and anything else thrown reaches the client as INTERNAL — so a
 * client cannot tell this transport from a networked one except by speed.
 *
 * Messages are shared, not copied: neither side may mutate a message after
 * handing it over (Gatehouse treats them as immutable).
 *
 * Server-streaming methods are served (the health protocol's Watch);
 * client and bidi streaming are not used by Gatehouse and answer UNIMPLEMENTED.
 */
export function createDirectTransport(routes: (router: ConnectRouter) => void, options: DirectTransportOptions = {}): Transport {
  const methods = collectMethods(routes);
  const interceptors = options.interceptors ?? [];
  // Each method's interceptor chain, built on its first call rather than per
  // call: the call's own state travels in its request (see DirectUnaryRequest).
  const chains = new Map<DescMethod, AnyFn>();
  const chainOf = (method: DescMethod): AnyFn => {
    let chain = chains.get(method);
    if (!chain) {
      const spec = methods.get(method);
      chain = applyServerInterceptors(spec?.kind === "unary" ? invokeUnary(spec.impl as UnaryImpl) : () => Promise.reject(unimplemented(method)), interceptors);
      chains.set(method, chain);
    }
    return chain;
  };

  return {
    // No async functions here: a call held for long (a long-poll, by the
    // thousand) keeps only its promise chain, not suspended frames.
    unary<I extends DescMessage, O extends DescMessage>(
      method: DescMethodUnary<I, O>,
      signal: AbortSignal | undefined,
      timeoutMs: number | undefined,
      header: HeaderInit | undefined,
      input: MessageInitShape<I>,
      contextValues?: ContextValues,
    ): Promise<UnaryResponse<I, O>> {
      const context = new DirectHandlerContext(method, signal, timeoutMs, header, contextValues);
      const call = settle(() => chainOf(method)(new DirectUnaryRequest(context, toMessage(method.input, input)))) as Promise<UnaryResponse<I, O>>;
      return context.outcome(call);
    },

    async stream<I extends DescMessage, O extends DescMessage>(
      method: DescMethodStreaming<I, O>,
      signal: AbortSignal | undefined,
      timeoutMs: number | undefined,
      header: HeaderInit | undefined,
      input: AsyncIterable<MessageInitShape<I>>,
      contextValues?: ContextValues,
    ): Promise<StreamResponse<I, O>> {
      const spec = methods.get(method);
      if (spec?.kind !== "server_streaming") throw unimplemented(method);
      const context = new DirectHandlerContext(method, signal, timeoutMs, header, contextValues);
      let first: MessageShape<I> | undefined;
      for await (const m of input) {
        first = toMessage(method.input, m);
        break;
      }
      if (!first) throw new ConnectError("protocol error: missing input message for server-streaming method", Code.InvalidArgument);
      const outputs = (spec.impl as unknown as (m: MessageShape<I>, c: HandlerContext) => AsyncIterable<MessageInitShape<O>>)(first, context);
      async function* messages(): AsyncIterable<MessageShape<O>> {
        try {
          for await (const out of outputs) yield toMessage(method.output, out);
        } catch (err) {
          throw ConnectError.from(err);
        } finally {
          context.end();
        }
      }
      return {
        stream: true,
        service: method.parent,
        method,
        header: context.responseHeader,
        trailer: context.responseTrailer,
        message: messages(),
      };
    },
  };
}

/** Records what `routes` registers, by method descriptor. */
function collectMethods(routes: (router: ConnectRouter) => void): Map<DescMethod, MethodImplSpec> {
  const methods = new Map<DescMethod, MethodImplSpec>();
  const router: ConnectRouter = {
    handlers: [],
    service(service, implementation) {
      for (const spec of Object.values(createServiceImplSpec(service, implementation).methods)) methods.set(spec.method, spec);
      return router;
    },
    rpc(method, impl) {
      methods.set(method, { kind: method.methodKind, method, impl } as MethodImplSpec);
      return router;
    },
  };
  routes(router);
  return methods;
}

type AnyFn = (req: unknown) => Promise<unknown>;

// As a router applies them: the first interceptor is the outermost.
function applyServerInterceptors(next: AnyFn, interceptors: readonly Interceptor[]): AnyFn {
  let fn = next;
  for (let i = interceptors.length - 1; i >= 0; i--) fn = interceptors[i]!(fn as never) as AnyFn;
  return fn;
}

type UnaryImpl = (message: unknown, context: HandlerContext) => unknown;

// The innermost link of a method's chain: the implementation, with the context of the call the request belongs to.
function invokeUnary(impl: UnaryImpl): AnyFn {
  return (req) => {
    const request = req as DirectUnaryRequest;
    const context = request[CALL_CONTEXT];
    return settle(() => impl(request.message, context)).then((output) => new DirectUnaryResponse(context, toMessage(context.method.output as DescMessage, output as MessageInitShape<DescMessage>)));
  };
}

// The call's context on its request: a symbol key, so that an interceptor that passes on a copy (`{ ...req }`) keeps it.
const CALL_CONTEXT = Symbol("direct call context");

/**
 * The request of one direct call as interceptors see it. A class rather than
 * an object literal, so that its lazily made header and URL are getters on
 * the prototype instead of closures on every request.
 */
class DirectUnaryRequest {
  readonly stream = false;
  readonly service: DescService;
  readonly method: DescMethod;
  readonly requestMethod = "POST";
  readonly signal: AbortSignal;
  readonly [CALL_CONTEXT]: DirectHandlerContext;

  constructor(
    context: DirectHandlerContext,
    readonly message: unknown,
  ) {
    this[CALL_CONTEXT] = context;
    this.service = context.service;
    this.method = context.method;
    this.signal = context.signal;
  }

  get contextValues(): ContextValues {
    return this[CALL_CONTEXT].values;
  }

  get url(): string {
    return this[CALL_CONTEXT].url;
  }

  get header(): Headers {
    return this[CALL_CONTEXT].requestHeader;
  }
}

/** The response of one direct call; most callers never look at its metadata, so it is made on demand. */
class DirectUnaryResponse {
  readonly stream = false;
  readonly service: DescService;
  readonly method: DescMethod;

  constructor(
    private readonly context: DirectHandlerContext,
    readonly message: unknown,
  ) {
    this.service = context.service;
    this.method = context.method;
  }

  get header(): Headers {
    return this.context.responseHeader;
  }

  get trailer(): Headers {
    return this.context.responseTrailer;
  }
}

function toMessage<D extends DescMessage>(schema: D, value: MessageInitShape<D> | MessageShape<D>): MessageShape<D> {
  return isMessage(value, schema) ? value : create(schema, value as MessageInitShape<D>);
}

function unimplemented(method: DescMethod): ConnectError {
  return new ConnectError(`${method.parent.typeName}.${method.name} is not served by this process`, Code.Unimplemented);
}

// Over the network a cancelled or timed-out call ends for the client at once,
// whatever the handler does next; so it does here. Errors reach the caller as
// ConnectErrors either way.
function abortable<T>(call: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal === NEVER_ABORTED) return call.then(undefined, asConnectError);
  if (signal.aborted) {
    // The call was started and is abandoned: its own failure must not go unhandled.
    call.catch(() => undefined);
    return Promise.reject(abortError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    call.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(ConnectError.from(e));
      },
    );
  });
}

function asConnectError(err: unknown): never {
  throw ConnectError.from(err);
}

function abortError(signal: AbortSignal): ConnectError {
  const reason: unknown = signal.reason;
  if (reason instanceof DOMException && reason.name === "TimeoutError") return new ConnectError("the operation timed out", Code.DeadlineExceeded);
  return new ConnectError("the operation was aborted", Code.Canceled);
}

/**
 * The handler context of one direct call. What a networked call gets too,
 * made as cheaply as a long-poll held by thousands needs: headers and
 * context values only when someone looks at them, and a signal of its own
 * (one controller, one timer) only for a call with a deadline.
 */
class DirectHandlerContext implements HandlerContext {
  readonly service: DescService;
  readonly signal: AbortSignal;
  readonly requestMethod = "POST";
  readonly protocolName = "direct";
  private contextValues: ContextValues | undefined;
  private readonly deadline: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private unlink: (() => void) | undefined;
  private requestHeaders: Headers | undefined;
  private responseHeaders: Headers | undefined;
  private responseTrailers: Headers | undefined;

  constructor(
    readonly method: DescMethod,
    callerSignal: AbortSignal | undefined,
    timeoutMs: number | undefined,
    private readonly headerInit: HeaderInit | undefined,
    values: ContextValues | undefined,
  ) {
    this.service = method.parent;
    this.contextValues = values;
    if (timeoutMs === undefined) {
      this.signal = callerSignal ?? NEVER_ABORTED;
      return;
    }
    this.deadline = Date.now() + timeoutMs;
    const controller = new AbortController();
    this.signal = controller.signal;
    this.timer = setTimeout(() => controller.abort(new DOMException("the operation timed out", "TimeoutError")), Math.max(0, timeoutMs));
    if (callerSignal?.aborted) controller.abort(callerSignal.reason);
    else if (callerSignal) {
      const onAbort = () => controller.abort(callerSignal.reason);
      callerSignal.addEventListener("abort", onAbort, { once: true });
      this.unlink = () => callerSignal.removeEventListener("abort", onAbort);
    }
  }

  get url(): string {
    return `/${this.service.typeName}/${this.method.name}`;
  }

  // Made when first asked for: most calls in process carry no context values.
  get values(): ContextValues {
    return (this.contextValues ??= createContextValues());
  }

  get requestHeader(): Headers {
    return (this.requestHeaders ??= this.headerInit instanceof Headers ? this.headerInit : new Headers(this.headerInit));
  }

  get responseHeader(): Headers {
    return (this.responseHeaders ??= new Headers());
  }

  get responseTrailer(): Headers {
    return (this.responseTrailers ??= new Headers());
  }

  timeoutMs(): number | undefined {
    return this.deadline === undefined ? undefined : this.deadline - Date.now();
  }

  /**
   * The call's answer as its client sees it: ended at once when the call is
   * cancelled or its deadline passes, errors as ConnectErrors, and the
   * deadline's timer released either way.
   */
  outcome<T>(call: Promise<T>): Promise<T> {
    const raced = abortable(call, this.signal);
    // Without a deadline there is nothing to release: no promise or closure more per call.
    if (this.deadline === undefined) return raced;
    return raced.then(
      (response) => {
        this.end();
        return response;
      },
      (err: unknown) => {
        this.end();
        throw err;
      },
    );
  }

  /** Releases the deadline timer and the link to the caller's signal. */
  end(): void {
    clearTimeout(this.timer);
    this.unlink?.();
    this.unlink = undefined;
  }
}
