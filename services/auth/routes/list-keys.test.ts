import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeEngines } from "../../../test/support/store-engines.js";
import { rpcError, startAuthHarness, type AuthHarness } from "../../../test/support/auth-test-harness.js";

for (const engine of storeEngines()) {
  describe(`ListKeys on ${engine.name}`, () => {
    const backend = engine.useBackend();
    let h: AuthHarness;
    beforeEach(async () => {
      h = await startAuthHarness(backend());
    });
    afterEach(() => h.close());

    it("lists the workspace's keys newest first, without secrets", async () => {
      h.clock.advance(1000);
      const first = await h.client.createKey({ caller: h.admin, name: "first", scopes: ["secure:rules:read"] });
      h.clock.advance(1000);
      const second = await h.client.createKey({ caller: h.admin, name: "second", scopes: ["secure:rules:read"] });
      const { keys } = await h.client.listKeys({ caller: h.admin });
      expect(keys.map((k) => k.name)).toEqual(["second", "first", "bootstrap"]);
      expect(keys[0]?.id).toBe(second.key?.id);
      expect(keys[1]?.id).toBe(first.key?.id);
      const wire = JSON.stringify(keys.map((k) => ({ ...k, createdAt: undefined })));
      expect(wire).not.toContain(first.secret);
      expect(wire).not.toContain(second.secret);
      expect(keys.every((k) => k.secretPrefix.length > 0)).toBe(true);
    });

    it("never shows another workspace's keys", async () => {
      const { workspace } = await h.client.createWorkspace({ caller: h.admin, name: "Tenant" });
      await h.client.createKey({ caller: h.admin, name: "theirs", scopes: ["admin:keys:read"], workspaceId: workspace!.id });
      expect((await h.client.listKeys({ caller: h.admin })).keys.map((k) => k.name)).toEqual(["bootstrap"]);
      const tenant = { ...h.admin, workspaceId: workspace!.id };
      expect((await h.client.listKeys({ caller: tenant })).keys.map((k) => k.name)).toEqual(["theirs"]);
    });

    it("needs admin:keys:read", async () => {
      const err = await rpcError(h.client.listKeys({ caller: { ...h.admin, scopes: ["admin:keys:write"] } }));
      expect(err.code).toBe("FORBIDDEN");
      expect(err.message).toContain("admin:keys:read");
    });
  });
}
