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
  type UnaryRequest,
  type UnaryResponse,
} from "@connectrpc/connect";

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
      const spec = methods.get(method);
      const context = new DirectHandlerContext(method, signal, timeoutMs, header, contextValues);
      const invoke = (req: UnaryRequest<I, O>): Promise<UnaryResponse<I, O>> => {
        if (spec?.kind !== "unary") return Promise.reject(unimplemented(method));
        const impl = spec.impl as unknown as (m: MessageShape<I>, c: HandlerContext) => Promise<MessageInitShape<O>> | MessageInitShape<O>;
        return settle(() => impl(req.message, context)).then((output) => ({
          stream: false as const,
          service: method.parent,
          method,
          // Most callers never look at response metadata: made on demand.
          get header() {
            return context.responseHeader;
          },
          get trailer() {
            return context.responseTrailer;
          },
          message: toMessage(method.output, output),
        }));
      };
      const call = settle(() => {
        const request: UnaryRequest<I, O> = {
          stream: false,
          service: method.parent,
          method,
          requestMethod: context.requestMethod,
          url: context.url,
          signal: context.signal,
          get header() {
            return context.requestHeader;
          },
          contextValues: context.values,
          message: toMessage(method.input, input),
        };
        return applyServerInterceptors(invoke as never, interceptors)(request as never) as Promise<UnaryResponse<I, O>>;
      });
      return abortable(call, context.signal).then(
        (response) => {
          context.end();
          return response;
        },
        (err: unknown) => {
          context.end();
          throw ConnectError.from(err);
        },
      );
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

// What `fn` returns or throws, as a promise (a handler may throw before it awaits anything).
function settle<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (err) {
    return Promise.reject(err);
  }
}

function toMessage<D extends DescMessage>(schema: D, value: MessageInitShape<D> | MessageShape<D>): MessageShape<D> {
  return isMessage(value, schema) ? value : create(schema, value as MessageInitShape<D>);
}

function unimplemented(method: DescMethod): ConnectError {
  return new ConnectError(`${method.parent.typeName}.${method.name} is not served by this process`, Code.Unimplemented);
}

// Over the network a cancelled or timed-out call ends for the client at once,
// whatever the handler does next; so it does here.
function abortable<T>(call: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal === NEVER_ABORTED) return call;
  if (signal.aborted) return Promise.reject(abortError(signal));
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
        reject(e);
      },
    );
  });
}

function abortError(signal: AbortSignal): ConnectError {
  const reason: unknown = signal.reason;
  if (reason instanceof DOMException && reason.name === "TimeoutError") return new ConnectError("the operation timed out", Code.DeadlineExceeded);
  return new ConnectError("the operation was aborted", Code.Canceled);
}

/**
 * The handler context of one direct call. What a networked call gets too,
 * made as cheaply as a long-poll held by thousands needs: headers only when
 * someone looks at them, and a signal of its own (one controller, one timer)
 * only for a call with a deadline.
 */
class DirectHandlerContext implements HandlerContext {
  readonly service: DescService;
  readonly signal: AbortSignal;
  readonly requestMethod = "POST";
  readonly protocolName = "direct";
  readonly values: ContextValues;
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
    this.values = values ?? createContextValues();
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

  /** Releases the deadline timer and the link to the caller's signal. */
  end(): void {
    clearTimeout(this.timer);
    this.unlink?.();
    this.unlink = undefined;
  }
}
