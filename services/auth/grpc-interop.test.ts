import { create } from "@bufbuild/protobuf";
import * as grpc from "@grpc/grpc-js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  AuthorizeOutcome,
  AuthorizeRequestSchema,
  type AuthorizeResponse,
  AuthService,
  CreateKeyRequestSchema,
  type CreateKeyResponse,
  GetJwksRequestSchema,
  type GetJwksResponse,
} from "../../gen/gatehouse/auth/v1/auth_pb.js";
import { CallerSchema } from "../../gen/gatehouse/common/v1/common_pb.js";
import { ManualClock } from "../../lib/clock.js";
import { silentLogger } from "../../lib/logger.js";
import { inProcessClient } from "../../lib/rpc/in-process-client.js";
import { INTERNAL_SECRET_HEADER } from "../../lib/rpc/internal-credentials.js";
import { type RpcServer, serveRpc } from "../../lib/rpc/serve.js";
import { grpcJsCall, grpcJsClient, grpcJsError } from "../../test/support/grpc-js-client.js";
import { TEST_INTERNAL_SECRET, testInternalCredentials } from "../../test/support/internal-secret.js";
import { storeEngines } from "../../test/support/store-engines.js";
import { type AuthComponent, composeAuth } from "./compose.js";

const ADMIN = "grpc-admin-secret";
const internal = { [INTERNAL_SECRET_HEADER]: TEST_INTERNAL_SECRET };
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

for (const engine of storeEngines()) {
  describe(`AuthService over gRPC (grpc-js client) on ${engine.name}`, () => {
    const backend = engine.useBackend();
    let auth: AuthComponent;
    let server: RpcServer;
    let client: grpc.Client;
    beforeEach(async () => {
      const logger = silentLogger();
      auth = await composeAuth({ backend: backend(), logger, clock: new ManualClock(), issuer: "t", tokenTtlSeconds: 3600, bootstrapKey: ADMIN });
      const admission = inProcessClient(AuthService, (r) => auth.routes(r), logger);
      server = await serveRpc({
        ...auth,
        authentication: { authorize: (req) => admission.authorize(req), internal: testInternalCredentials },
        host: "127.0.0.1",
        port: 0,
        logger,
      });
      client = grpcJsClient(AuthService, `127.0.0.1:${server.port}`);
    });
    afterEach(async () => {
      client.close();
      await server.close();
      await auth.close();
    });

    it("answers Authorize to a Gatehouse component presenting the internal secret", async () => {
      const ok = await grpcJsCall<AuthorizeResponse>(
        client,
        "Authorize",
        create(AuthorizeRequestSchema, { apiKey: ADMIN, clientIp: "127.0.0.1", requiredScope: "admin:keys:read" }),
        internal,
      );
      expect(ok.outcome).toBe(AuthorizeOutcome.ALLOWED);
      expect(ok.caller).toMatchObject({ workspaceId: "default", subject: "bootstrap" });
      expect(ok.rateLimit).toMatchObject({ policy: "default", limit: 600, remaining: 599 });

      const denied = await grpcJsCall<AuthorizeResponse>(client, "Authorize", create(AuthorizeRequestSchema, { apiKey: "", clientIp: "10.0.0.1" }), internal);
      expect(denied.outcome).toBe(AuthorizeOutcome.UNAUTHENTICATED);
      expect(denied.rateLimit?.policy).toBe("anonymous");
    });

    it("keeps internal-only methods from callers without the secret, API keys included", async () => {
      const req = create(AuthorizeRequestSchema, { apiKey: ADMIN, clientIp: "127.0.0.1" });
      expect((await grpcJsError(grpcJsCall(client, "Authorize", req))).code).toBe(grpc.status.UNAUTHENTICATED);
      expect((await grpcJsError(grpcJsCall(client, "Authorize", req, { [INTERNAL_SECRET_HEADER]: "not-the-secret" }))).code).toBe(grpc.status.UNAUTHENTICATED);
      const withKey = await grpcJsError(grpcJsCall(client, "Authorize", req, bearer(ADMIN)));
      expect(withKey.code).toBe(grpc.status.PERMISSION_DENIED);
      expect(withKey.details).toContain("internal");
    });

    it("derives the caller from the API key, whatever caller the request carries", async () => {
      const forged = create(CallerSchema, { workspaceId: "other", keyId: "key_x", subject: "mallory", scopes: ["admin:keys:write"] });
      const made = await grpcJsCall<CreateKeyResponse>(
        client,
        "CreateKey",
        create(CreateKeyRequestSchema, { caller: forged, name: "reader", scopes: ["secure:rules:read"] }),
        bearer(ADMIN),
      );
      expect(made.key?.workspaceId).toBe("default");

      // The low-scope key cannot escalate by sending the admin's caller.
      const escalation = await grpcJsError(
        grpcJsCall(client, "CreateKey", create(CreateKeyRequestSchema, { caller: forged, name: "evil", scopes: ["admin:keys:write"] }), bearer(made.secret)),
      );
      expect(escalation.code).toBe(grpc.status.PERMISSION_DENIED);
      // Connect percent-encodes grpc-message more than grpc-js decodes (":" stays %3A).
      expect(decodeURIComponent(escalation.details)).toContain("missing scope admin:keys:write");
      expect((await grpcJsError(grpcJsCall(client, "CreateKey", create(CreateKeyRequestSchema, { name: "x" }), bearer("gh_wrong")))).code).toBe(
        grpc.status.UNAUTHENTICATED,
      );
    });

    it("serves the public JWKS without credentials and reports errors as gRPC statuses", async () => {
      const jwks = await grpcJsCall<GetJwksResponse>(client, "GetJwks", create(GetJwksRequestSchema, {}));
      expect(jwks.keys.length).toBeGreaterThan(0);
      const err = await grpcJsError(grpcJsCall(client, "CreateKey", create(CreateKeyRequestSchema, { name: "x", scopes: ["secure:rules:read"] }), internal));
      expect(err.code).toBe(grpc.status.INVALID_ARGUMENT);
      expect(err.details).toContain("caller.workspace_id");
    });
  });
}
