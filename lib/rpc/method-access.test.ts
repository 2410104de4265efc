import { describe, expect, it } from "vitest";
import { AuthService } from "../../gen/gatehouse/auth/v1/auth_pb.js";
import { GovernService } from "../../gen/gatehouse/govern/v1/govern_pb.js";
import { SecureService } from "../../gen/gatehouse/secure/v1/secure_pb.js";
import { Health } from "../../gen/grpc/health/v1/health_pb.js";
import { isScope } from "../scopes.js";
import { methodAccess } from "./method-access.js";

describe("methodAccess", () => {
  it("finds an access rule on every RPC of every Gatehouse service, naming known scopes only", () => {
    for (const service of [AuthService, SecureService, GovernService]) {
      for (const method of service.methods) {
        const access = methodAccess(method);
        expect(access, `${service.typeName}/${method.name}`).not.toBeNull();
        if (access?.kind === "scope" && access.scope !== "") expect(isScope(access.scope), access.scope).toBe(true);
      }
    }
  });

  it("keeps admission and signing internal, the JWKS and health public", () => {
    expect(methodAccess(AuthService.method.authorize)).toEqual({ kind: "internal" });
    expect(methodAccess(AuthService.method.throttlePoll)).toEqual({ kind: "internal" });
    expect(methodAccess(AuthService.method.signDecision)).toEqual({ kind: "internal" });
    expect(methodAccess(AuthService.method.getJwks)).toEqual({ kind: "public" });
    expect(methodAccess(Health.method.check)).toEqual({ kind: "public" });
    expect(methodAccess(GovernService.method.decideCheckpoint)).toEqual({ kind: "scope", scope: "govern:checkpoints:decide" });
    expect(methodAccess(SecureService.method.scan)).toEqual({ kind: "scope", scope: "secure:scan:write" });
  });
});
