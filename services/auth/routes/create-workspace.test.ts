import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeEngines } from "../../../test/support/store-engines.js";
import { rpcError, startAuthHarness, type AuthHarness } from "../../../test/support/auth-test-harness.js";

for (const engine of storeEngines()) {
  describe(`CreateWorkspace on ${engine.name}`, () => {
    const backend = engine.useBackend();
    let h: AuthHarness;
    beforeEach(async () => {
      h = await startAuthHarness(backend());
    });
    afterEach(() => h.close());

    it("creates a workspace ws_… with a trimmed name", async () => {
      const { workspace } = await h.client.createWorkspace({ caller: h.admin, name: "  Acme  " });
      expect(workspace?.id).toMatch(/^ws_[0-9a-z]{26}$/);
      expect(workspace?.name).toBe("Acme");
      expect(Number(workspace?.createdAt?.seconds)).toBe(h.clock.now() / 1000);
      expect((await h.client.getWorkspace({ caller: h.admin, id: workspace!.id })).workspace).toEqual(workspace);
    });

    it("validates the name", async () => {
      expect(await rpcError(h.client.createWorkspace({ caller: h.admin, name: " " }))).toMatchObject({ code: "VALIDATION_ERROR", field: "name" });
      expect(await rpcError(h.client.createWorkspace({ caller: h.admin, name: "x".repeat(201) }))).toMatchObject({ field: "name" });
    });

    it("needs admin:workspaces:write", async () => {
      const caller = { ...h.admin, scopes: ["admin:keys:write"] };
      const err = await rpcError(h.client.createWorkspace({ caller, name: "Acme" }));
      expect(err.code).toBe("FORBIDDEN");
      expect(err.message).toContain("admin:workspaces:write");
    });
  });
}
