import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AuthorizeOutcome } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { rpcError, startAuthHarness, type AuthHarness } from "../../../test/support/auth-test-harness.js";

for (const engine of storeEngines()) {
  describe(`CreateKey on ${engine.name}`, () => {
    const backend = engine.useBackend();
    let h: AuthHarness;
    beforeEach(async () => {
      h = await startAuthHarness(backend());
    });
    afterEach(() => h.close());

    it("mints a key whose secret is shown once and works", async () => {
      const res = await h.client.createKey({
        caller: h.admin,
        name: " ci bot ",
        scopes: ["secure:rules:read", "govern:checkpoints:write", "secure:rules:read"],
        allowedIps: ["10.1.2.3/8", "2001:DB8::1"],
      });
      expect(res.secret).toMatch(/^gh_[A-Za-z0-9_-]{43}$/);
      expect(res.key).toMatchObject({
        workspaceId: "default",
        name: "ci bot",
        subject: "ci bot",
        scopes: ["secure:rules:read", "govern:checkpoints:write"],
        allowedIps: ["10.0.0.0/8", "2001:db8::1"],
        secretPrefix: res.secret.slice(0, 8),
      });
      expect(res.key?.id).toMatch(/^key_[0-9a-z]{26}$/);
      expect(res.key?.revokedAt).toBeUndefined();
      const auth = await h.client.authorize({ apiKey: res.secret, clientIp: "10.9.9.9", requiredScope: "govern:checkpoints:write" });
      expect(auth.outcome).toBe(AuthorizeOutcome.ALLOWED);
      expect(auth.caller?.keyId).toBe(res.key?.id);
    });

    it("uses an explicit subject", async () => {
      const res = await h.client.createKey({ caller: h.admin, name: "n", subject: "alice@example.com", scopes: ["secure:rules:read"] });
      expect(res.key?.subject).toBe("alice@example.com");
    });

    it.each([
      [{ name: "" }, "name"],
      [{ name: "x".repeat(201) }, "name"],
      [{ scopes: [] }, "scopes"],
      [{ scopes: ["secure:rules:read", "secure:everything"] }, "scopes[1]"],
      [{ allowedIps: ["10.0.0.1", "10.0.0.0/33"] }, "allowed_ips[1]"],
      [{ allowedIps: ["example.com"] }, "allowed_ips[0]"],
      [{ subject: " " }, "subject"],
      [{ workspaceId: "" }, "workspace_id"],
    ])("refuses %j naming %s", async (over, field) => {
      const err = await rpcError(h.client.createKey({ caller: h.admin, name: "n", scopes: ["secure:rules:read"], ...over }));
      expect(err).toMatchObject({ code: "VALIDATION_ERROR", field });
      expect(err.message).toContain(field);
    });

    it("refuses to grant a scope the caller does not hold, naming it", async () => {
      const limited = await h.client.createKey({ caller: h.admin, name: "limited", scopes: ["admin:keys:write", "secure:rules:read"] });
      const caller = (await h.client.authorize({ apiKey: limited.secret, clientIp: "127.0.0.1" })).caller!;
      const err = await rpcError(h.client.createKey({ caller, name: "escalate", scopes: ["secure:rules:read", "secure:rules:write"] }));
      expect(err.code).toBe("FORBIDDEN");
      expect(err.message).toContain("secure:rules:write");
      expect((await h.client.createKey({ caller, name: "fine", scopes: ["secure:rules:read"] })).key?.scopes).toEqual(["secure:rules:read"]);
    });

    it("needs admin:keys:write", async () => {
      const caller = { ...h.admin, scopes: ["secure:rules:read"] };
      const err = await rpcError(h.client.createKey({ caller, name: "n", scopes: ["secure:rules:read"] }));
      expect(err.code).toBe("FORBIDDEN");
      expect(err.message).toContain("admin:keys:write");
    });

    it("creates keys in another workspace only with admin:workspaces:write, and only if it exists", async () => {
      const { workspace } = await h.client.createWorkspace({ caller: h.admin, name: "Tenant" });
      const res = await h.client.createKey({ caller: h.admin, name: "tenant admin", scopes: ["admin:keys:write"], workspaceId: workspace!.id });
      expect(res.key?.workspaceId).toBe(workspace!.id);
      const tenantCaller = (await h.client.authorize({ apiKey: res.secret, clientIp: "127.0.0.1" })).caller!;
      expect(tenantCaller.workspaceId).toBe(workspace!.id);

      const err = await rpcError(h.client.createKey({ caller: tenantCaller, name: "n", scopes: ["admin:keys:write"], workspaceId: "default" }));
      expect(err.code).toBe("FORBIDDEN");
      expect(err.message).toContain("admin:workspaces:write");
      expect(
        (await h.client.createKey({ caller: tenantCaller, name: "own", scopes: ["admin:keys:write"], workspaceId: workspace!.id })).key
          ?.workspaceId,
      ).toBe(workspace!.id);

      expect((await rpcError(h.client.createKey({ caller: h.admin, name: "n", scopes: ["secure:rules:read"], workspaceId: "ws_nope" }))).code).toBe(
        "NOT_FOUND",
      );
    });
  });
}
