import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeEngines } from "../../../test/support/store-engines.js";
import { rpcError, startAuthHarness, type AuthHarness } from "../../../test/support/auth-test-harness.js";

for (const engine of storeEngines()) {
  describe(`ThrottlePoll on ${engine.name}`, () => {
    const backend = engine.useBackend();
    let h: AuthHarness;
    beforeEach(async () => {
      h = await startAuthHarness(backend());
    });
    afterEach(() => h.close());

    it("allows one poll per spacing per key and resource", async () => {
      const poll = (resource = "cp_1") => h.client.throttlePoll({ caller: h.admin, resource, spacingMs: 1000 });
      expect(await poll()).toMatchObject({ allowed: true, retryAfterSeconds: 0 });
      h.clock.advance(400);
      expect(await poll()).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
      expect(await poll("cp_2")).toMatchObject({ allowed: true });
      h.clock.advance(600);
      expect(await poll()).toMatchObject({ allowed: true });
    });

    it("rounds the wait up to whole seconds", async () => {
      await h.client.throttlePoll({ caller: h.admin, resource: "cp_1", spacingMs: 5000 });
      h.clock.advance(1500);
      expect(await h.client.throttlePoll({ caller: h.admin, resource: "cp_1", spacingMs: 5000 })).toMatchObject({
        allowed: false,
        retryAfterSeconds: 4,
      });
    });

    it("keeps keys apart and is shared by replicas", async () => {
      const replica = await startAuthHarness(backend(), { clock: h.clock });
      try {
        const other = { ...h.admin, keyId: "key_other" };
        expect((await h.client.throttlePoll({ caller: h.admin, resource: "cp_1", spacingMs: 1000 })).allowed).toBe(true);
        expect((await replica.client.throttlePoll({ caller: h.admin, resource: "cp_1", spacingMs: 1000 })).allowed).toBe(false);
        expect((await replica.client.throttlePoll({ caller: other, resource: "cp_1", spacingMs: 1000 })).allowed).toBe(true);
      } finally {
        await replica.close();
      }
    });

    it("validates its input", async () => {
      expect(await rpcError(h.client.throttlePoll({ resource: "cp_1", spacingMs: 1000 }))).toMatchObject({
        code: "VALIDATION_ERROR",
        field: "caller.workspace_id",
      });
      expect(await rpcError(h.client.throttlePoll({ caller: h.admin, resource: "", spacingMs: 1000 }))).toMatchObject({ field: "resource" });
      expect(await rpcError(h.client.throttlePoll({ caller: h.admin, resource: "cp_1", spacingMs: 0 }))).toMatchObject({ field: "spacing_ms" });
    });
  });
}
