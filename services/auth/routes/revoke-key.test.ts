import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AuthorizeOutcome } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { rpcError, startAuthHarness, type AuthHarness } from "../../../test/support/auth-test-harness.js";

for (const engine of storeEngines()) {
  describe(`RevokeKey on ${engine.name}`, () => {
    const backend = engine.useBackend();
    let h: AuthHarness;
    beforeEach(async () => {
      h = await startAuthHarness(backend());
    });
    afterEach(() => h.close());

    it("revokes at once; revoking again returns the key unchanged", async () => {
      const { key, secret } = await h.client.createKey({ caller: h.admin, name: "k", scopes: ["secure:rules:read"] });
      h.clock.advance(5000);
      const revoked = (await h.client.revokeKey({ caller: h.admin, id: key!.id })).key!;
      expect(Number(revoked.revokedAt?.seconds)).toBe(h.clock.now() / 1000);
      expect((await h.client.authorize({ apiKey: secret, clientIp: "127.0.0.1" })).outcome).toBe(AuthorizeOutcome.UNAUTHENTICATED);
      h.clock.advance(5000);
      expect((await h.client.revokeKey({ caller: h.admin, id: key!.id })).key).toEqual(revoked);
      expect((await h.client.listKeys({ caller: h.admin })).keys.find((k) => k.id === key!.id)?.revokedAt).toEqual(revoked.revokedAt);
    });

    it("treats another workspace's key as not found and leaves it alone", async () => {
      const { workspace } = await h.client.createWorkspace({ caller: h.admin, name: "Tenant" });
      const theirs = await h.client.createKey({ caller: h.admin, name: "theirs", scopes: ["admin:keys:write"], workspaceId: workspace!.id });
      const err = await rpcError(h.client.revokeKey({ caller: h.admin, id: theirs.key!.id }));
      expect(err.code).toBe("NOT_FOUND");
      expect((await h.client.authorize({ apiKey: theirs.secret, clientIp: "127.0.0.1" })).outcome).toBe(AuthorizeOutcome.ALLOWED);
    });

    it("answers NOT_FOUND for an unknown or empty id", async () => {
      expect((await rpcError(h.client.revokeKey({ caller: h.admin, id: "key_missing" }))).code).toBe("NOT_FOUND");
      expect((await rpcError(h.client.revokeKey({ caller: h.admin, id: "" }))).code).toBe("NOT_FOUND");
    });

    it("needs admin:keys:write", async () => {
      const err = await rpcError(h.client.revokeKey({ caller: { ...h.admin, scopes: ["admin:keys:read"] }, id: "key_x" }));
      expect(err.code).toBe("FORBIDDEN");
    });
  });
}
