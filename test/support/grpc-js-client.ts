import { type DescMessage, type DescService, fromBinary, type MessageShape, toBinary } from "@bufbuild/protobuf";
import * as grpc from "@grpc/grpc-js";

/**
 * A `@grpc/grpc-js` client of the named unary methods of `service`, built from
 * the generated descriptors — what a team calling Gatehouse from another
 * gRPC stack does, with no Connect code in the path.
 */
export function grpcJsClient(service: DescService, address: string): grpc.Client {
  const methods: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
  for (const m of service.methods) {
    if (m.methodKind !== "unary") continue;
    methods[m.name] = unary(`/${service.typeName}/${m.name}`, m.input, m.output) as grpc.MethodDefinition<unknown, unknown>;
  }
  const Ctor = grpc.makeGenericClientConstructor(methods, service.name);
  return new Ctor(address, grpc.credentials.createInsecure());
}

function unary<I extends DescMessage, O extends DescMessage>(path: string, input: I, output: O) {
  return {
    path,
    requestStream: false,
    responseStream: false,
    requestSerialize: (m: MessageShape<I>) => Buffer.from(toBinary(input, m)),
    requestDeserialize: (b: Buffer) => fromBinary(input, b),
    responseSerialize: (m: MessageShape<O>) => Buffer.from(toBinary(output, m)),
    responseDeserialize: (b: Buffer) => fromBinary(output, b),
  };
}

/** Calls unary `method` of a `grpcJsClient` with optional metadata headers. */
export function grpcJsCall<T>(client: grpc.Client, method: string, req: unknown, headers: Record<string, string> = {}): Promise<T> {
  const metadata = new grpc.Metadata();
  for (const [k, v] of Object.entries(headers)) metadata.set(k, v);
  return new Promise((resolve, reject) => {
    const fn = (client as unknown as Record<string, (r: unknown, md: grpc.Metadata, cb: (e: grpc.ServiceError | null, v: T) => void) => void>)[method]!;
    fn.call(client, req, metadata, (err, value) => (err ? reject(err) : resolve(value)));
  });
}

/** The error of a failed `grpcJsCall`; throws when it succeeded. */
export async function grpcJsError(call: Promise<unknown>): Promise<grpc.ServiceError> {
  try {
    await call;
  } catch (err) {
    return err as grpc.ServiceError;
  }
  throw new Error("expected the gRPC call to fail");
}
