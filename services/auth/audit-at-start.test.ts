import { exportJWK, generateKeyPair } from "jose";
import { describe, expect, it } from "vitest";
import { verifyAuditChain } from "../../lib/audit/audit-chain.js";
import { createAuditLog } from "../../lib/audit/create-audit-log.js";
import { ManualClock } from "../../lib/clock.js";
import { silentLogger } from "../../lib/logger.js";
import { SCOPES } from "../../lib/scopes.js";
import { storeEngines } from "../../test/support/store-engines.js";
import { composeAuth, type ComposeAuthOptions } from "./compose.js";
import { createKeyStore } from "./store/create-key-store.js";
import { hashKeySecret } from "./domain/key-secret.js";

for (const engine of storeEngines()) {
  describe(`what auth records at start, on ${engine.name}`, () => {
    const backend = engine.useBackend();
    const opts = (over: Partial<ComposeAuthOptions> = {}): ComposeAuthOptions => ({
      backend: backend(),
      logger: silentLogger(),
      clock: new ManualClock(),
      issuer: "gatehouse-test",
      tokenTtlSeconds: 3600,
      ...over,
    });
    const trail = async () => createAuditLog(backend()).list("default", { afterSeq: 0, limit: 100 });

    it("records one bootstrap however many processes start at once, and each signing-key rotation with the key it retired", async () => {
      const starts = await Promise.all(Array.from({ length: 4 }, () => composeAuth(opts())));
      await Promise.all(starts.map((s) => s.close()));
      const first = await trail();
      expect(first.map((e) => e.type)).toEqual(["workspace.created", "bootstrap", "signing_key.rotated"]);
      expect(first[1]!.data).toMatchObject({ source: "generated", workspace_id: "default", scopes: [...SCOPES] });
      const generatedKid = first[2]!.resource.id;
      expect(first[2]!.data).toEqual({ generation: 1, retired_kid: null, source: "generated" });

      // A restart changes nothing, so records nothing; a configured key replaces the generated one.
      await (await composeAuth(opts())).close();
      const { privateKey } = await generateKeyPair("ES256", { extractable: true });
      await (await composeAuth(opts({ signingKeyJwk: JSON.stringify(await exportJWK(privateKey)) }))).close();
      const events = await trail();
      expect(events.map((e) => e.type)).toEqual(["workspace.created", "bootstrap", "signing_key.rotated", "signing_key.rotated"]);
      expect(events[3]!.data).toEqual({ generation: 2, retired_kid: generatedKid, source: "GATEHOUSE_SIGNING_KEY" });
      expect(events.every((e) => e.actor.key_id === null && e.actor.subject === "gatehouse")).toBe(true);
      expect(JSON.stringify(events)).not.toContain('"d"');
      expect(verifyAuditChain(events)).toMatchObject({ ok: true, count: 4 });
    });

    it("records the key of GATEHOUSE_BOOTSTRAP_KEY once, and scopes granted to it later", async () => {
      await (await composeAuth(opts({ bootstrapKey: "literal-admin-secret" }))).close();
      await (await composeAuth(opts({ bootstrapKey: "literal-admin-secret" }))).close();
      const keys = createKeyStore(backend());
      const key = (await keys.findBySecretHash(hashKeySecret("literal-admin-secret")))!;
      await keys.setScopes("default", key.id, ["audit:read"]); // as if Gatehouse had gained the other scopes since
      await (await composeAuth(opts({ bootstrapKey: "literal-admin-secret" }))).close();
      const events = await trail();
      expect(events.map((e) => e.type)).toEqual(["workspace.created", "bootstrap", "signing_key.rotated", "key.scopes_granted"]);
      expect(events[1]!.data).toMatchObject({ source: "GATEHOUSE_BOOTSTRAP_KEY" });
      expect(events[3]!.resource).toEqual({ type: "key", id: key.id });
      expect(events[3]!.data.added).toEqual(SCOPES.filter((s) => s !== "audit:read"));
      expect(JSON.stringify(events)).not.toContain("literal-admin-secret");
      expect(JSON.stringify(events)).not.toContain(hashKeySecret("literal-admin-secret"));
    });
  });
}
