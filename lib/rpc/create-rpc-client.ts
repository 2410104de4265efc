import type { DescMethodUnary, DescService } from "@bufbuild/protobuf";
import { type CallOptions, type Client, createClient, type Transport } from "@connectrpc/connect";

/**
 * A typed client of `service` over `transport`, as Connect's `createClient`
 * makes it, except that each unary method is a promise chain where Connect's
 * is an async function. The difference is what a held call costs: a
 * long-poll waits inside the call for up to a minute, by the thousand, and
 * an async function keeps a suspended frame for each. Options mean the same
 * (signal, timeout, headers, context values, header and trailer callbacks).
 */
export function createRpcClient<S extends DescService>(service: S, transport: Transport): Client<S> {
  const client = createClient(service, transport) as Record<string, unknown>;
  for (const method of service.methods) {
    if (method.methodKind === "unary") client[method.localName] = unaryCall(transport, method as DescMethodUnary);
  }
  return client as Client<S>;
}

function unaryCall(transport: Transport, method: DescMethodUnary) {
  return (input: never, options?: CallOptions) => {
    const call = transport.unary(method, options?.signal, options?.timeoutMs, options?.headers, input, options?.contextValues);
    if (!options?.onHeader && !options?.onTrailer) return call.then(messageOf);
    return call.then((response) => {
      options.onHeader?.(response.header);
      options.onTrailer?.(response.trailer);
      return response.message;
    });
  };
}

function messageOf(response: { message: unknown }): unknown {
  return response.message;
}
