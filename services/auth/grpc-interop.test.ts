import { create, fromBinary, toBinary, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import * as grpc from "@grpc/grpc-js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  AuthorizeOutcome,
  AuthorizeRequestSchema,
  AuthorizeResponseSchema,
  CreateKeyRequestSchema,
  CreateKeyResponseSchema,
  type AuthorizeResponse,
} from "../../gen/gatehouse/auth/v1/auth_pb.js";
import { ManualClock } from "../../lib/clock.js";
import { silentLogger } from "../../lib/logger.js";
import { serveRpc, type RpcServer } from "../../lib/rpc/serve.js";
import { storeEngines } from "../../test/support/store-engines.js";
import { composeAuth, type AuthComponent } from "./compose.js";

function unary<I extends DescMessage, O extends DescMessage>(name: string, input: I, output: O) {
  return {
    path: `/gatehouse.auth.v1.AuthService/${name}`,
    requestStream: false,
    responseStream: false,
    requestSerialize: (m: MessageShape<I>) => Buffer.from(toBinary(input, m)),
    requestDeserialize: (b: Buffer) => fromBinary(input, b),
    responseSerialize: (m: MessageShape<O>) => Buffer.from(toBinary(output, m)),
    responseDeserialize: (b: Buffer) => fromBinary(output, b),
  };
}

const AuthClient = grpc.makeGenericClientConstructor(
  {
    Authorize: unary("Authorize", AuthorizeRequestSchema, AuthorizeResponseSchema),
    CreateKey: unary("CreateKey", CreateKeyRequestSchema, CreateKeyResponseSchema),
  },
  "AuthService",
);

function call<T>(client: grpc.Client, method: string, req: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const fn = (client as unknown as Record<string, (r: unknown, cb: (e: grpc.ServiceError | null, v: T) => void) => void>)[method]!;
    fn.call(client, req, (err, value) => (err ? reject(err) : resolve(value)));
  });
}

for (const engine of storeEngines()) {
  describe(`AuthService over gRPC (grpc-js client) on ${engine.name}`, () => {
    const backend = engine.useBackend();
    let auth: AuthComponent;
    let server: RpcServer;
    let client: grpc.Client;
    beforeEach(async () => {
      const logger = silentLogger();
      auth = await composeAuth({ backend: backend(), logger, clock: new ManualClock(), issuer: "t", tokenTtlSeconds: 3600, bootstrapKey: "grpc-admin-secret" });
      server = await serveRpc({ ...auth, host: "127.0.0.1", port: 0, logger });
      client = new AuthClient(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
    });
    afterEach(async () => {
      client.close();
      await server.close();
      await auth.close();
    });

    it("answers Authorize", async () => {
      const ok = await call<AuthorizeResponse>(
        client,
        "Authorize",
        create(AuthorizeRequestSchema, { apiKey: "grpc-admin-secret", clientIp: "127.0.0.1", requiredScope: "admin:keys:read" }),
      );
      expect(ok.outcome).toBe(AuthorizeOutcome.ALLOWED);
      expect(ok.caller).toMatchObject({ workspaceId: "default", subject: "bootstrap" });
      expect(ok.rateLimit).toMatchObject({ policy: "default", limit: 600, remaining: 599 });

      const denied = await call<AuthorizeResponse>(client, "Authorize", create(AuthorizeRequestSchema, { apiKey: "", clientIp: "10.0.0.1" }));
      expect(denied.outcome).toBe(AuthorizeOutcome.UNAUTHENTICATED);
      expect(denied.rateLimit?.policy).toBe("anonymous");
    });

    it("reports errors as gRPC statuses", async () => {
      const err = await call(client, "CreateKey", create(CreateKeyRequestSchema, { name: "x", scopes: ["secure:rules:read"] })).then(
        () => undefined,
        (e: grpc.ServiceError) => e,
      );
      expect(err?.code).toBe(grpc.status.INVALID_ARGUMENT);
      expect(err?.details).toContain("caller.workspace_id");
    });
  });
}
