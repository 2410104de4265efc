import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeEngines } from "../../../test/support/store-engines.js";
import { rpcError, startAuthHarness, type AuthHarness } from "../../../test/support/auth-test-harness.js";

for (const engine of storeEngines()) {
  describe(`GetWorkspace on ${engine.name}`, () => {
    const backend = engine.useBackend();
    let h: AuthHarness;
    beforeEach(async () => {
      h = await startAuthHarness(backend());
    });
    afterEach(() => h.close());

    it("returns the caller's own workspace, also when no id is given", async () => {
      expect((await h.client.getWorkspace({ caller: h.admin, id: "default" })).workspace).toMatchObject({ id: "default", name: "Default" });
      expect((await h.client.getWorkspace({ caller: h.admin })).workspace?.id).toBe("default");
    });

    it("shows another workspace only to holders of admin:workspaces:write", async () => {
      const { workspace } = await h.client.createWorkspace({ caller: h.admin, name: "Other" });
      expect((await h.client.getWorkspace({ caller: h.admin, id: workspace!.id })).workspace?.name).toBe("Other");
      const plain = { ...h.admin, scopes: ["admin:keys:read"] };
      expect((await rpcError(h.client.getWorkspace({ caller: plain, id: workspace!.id }))).code).toBe("NOT_FOUND");
    });

    it("answers NOT_FOUND for an unknown workspace", async () => {
      expect((await rpcError(h.client.getWorkspace({ caller: h.admin, id: "ws_missing" }))).code).toBe("NOT_FOUND");
    });
  });
}
