import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthService, AuthorizeOutcome } from "../../gen/gatehouse/auth/v1/auth_pb.js";
import { ManualClock } from "../../lib/clock.js";
import { silentLogger } from "../../lib/logger.js";
import { inProcessClient } from "../../lib/rpc/in-process-client.js";
import { SCOPES } from "../../lib/scopes.js";
import { storeEngines } from "../../test/support/store-engines.js";
import { composeAuth, type ComposeAuthOptions } from "./compose.js";
import { hashKeySecret } from "./domain/key-secret.js";
import { createKeyStore } from "./store/create-key-store.js";
import { createRateLimitStore } from "./store/create-rate-limit-store.js";
import { createSigningKeyStore } from "./store/create-signing-key-store.js";
import { createWorkspaceStore } from "./store/create-workspace-store.js";
import { startAuthHarness } from "../../test/support/auth-test-harness.js";

for (const engine of storeEngines()) {
  describe(`composeAuth on ${engine.name}`, () => {
    const backend = engine.useBackend();
    const opts = (over: Partial<ComposeAuthOptions> = {}): ComposeAuthOptions => ({
      backend: backend(),
      logger: silentLogger(),
      clock: new ManualClock(),
      issuer: "gatehouse-test",
      tokenTtlSeconds: 3600,
      ...over,
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it("is a Component serving AuthService, ready when its store answers", async () => {
      const auth = await composeAuth(opts({ bootstrapKey: "literal-admin-secret" }));
      expect(auth.serviceNames).toEqual([AuthService.typeName]);
      expect(await auth.ready()).toBe(true);
      expect(auth.generatedBootstrapSecret).toBeUndefined();
      await auth.close();
    });

    it("creates workspace default and the literal bootstrap key with every scope, once", async () => {
      for (let i = 0; i < 2; i++) (await composeAuth(opts({ bootstrapKey: "literal-admin-secret" }))).close();
      expect(await createWorkspaceStore(backend()).get("default")).toMatchObject({ id: "default", name: "Default" });
      const h = await startAuthHarness(backend(), { bootstrapKey: "literal-admin-secret" });
      const { keys } = await h.client.listKeys({ caller: h.admin });
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatchObject({ name: "bootstrap", subject: "bootstrap", workspaceId: "default", scopes: [...SCOPES] });
      expect(keys[0]!.secretPrefix).toBe("liter");
      await h.close();
    });

    it("grants a pre-existing bootstrap key the scopes added since", async () => {
      const keys = createKeyStore(backend());
      await keys.insert({
        id: "key_old",
        workspaceId: "default",
        name: "bootstrap",
        scopes: ["secure:rules:read"],
        allowedIps: [],
        subject: "bootstrap",
        secretPrefix: "lite",
        secretHash: hashKeySecret("literal-admin-secret"),
        createdAt: 0,
        revokedAt: null,
      });
      await (await composeAuth(opts({ bootstrapKey: "literal-admin-secret" }))).close();
      expect((await keys.get("default", "key_old"))?.scopes.slice().sort()).toEqual([...SCOPES].sort());
    });

    it("generates an admin key once when none is configured, and never again", async () => {
      const first = await composeAuth(opts());
      const secret = first.generatedBootstrapSecret!;
      expect(secret).toMatch(/^gh_[A-Za-z0-9_-]{43}$/);
      await first.close();
      const second = await composeAuth(opts());
      expect(second.generatedBootstrapSecret).toBeUndefined();
      await second.close();
      const h = await startAuthHarness(backend());
      const res = await h.client.authorize({ apiKey: secret, clientIp: "127.0.0.1", requiredScope: "admin:workspaces:write" });
      expect(res.outcome).toBe(AuthorizeOutcome.ALLOWED);
      expect(res.caller).toMatchObject({ workspaceId: "default", scopes: [...SCOPES] });
      await h.close();
    });

    it("survives processes starting together: one generated key, one signing key", async () => {
      const starts = await Promise.all(Array.from({ length: 4 }, () => composeAuth(opts())));
      expect(starts.filter((s) => s.generatedBootstrapSecret !== undefined)).toHaveLength(1);
      const h = await startAuthHarness(backend(), { bootstrapKey: starts.find((s) => s.generatedBootstrapSecret)!.generatedBootstrapSecret });
      expect((await h.client.getJwks({})).keys).toHaveLength(1);
      expect((await h.client.listKeys({ caller: h.admin })).keys).toHaveLength(1);
      await h.close();
      for (const s of starts) await s.close();
    });

    it("stores a generated signing key encrypted under GATEHOUSE_ENCRYPTION_KEY, and needs that key to start again", async () => {
      const encryptionKey = "encryption-key-for-tests-0123456789";
      await (await composeAuth(opts())).close(); // a plaintext key from before encryption was turned on
      const signingKeys = createSigningKeyStore(backend());
      const [plain] = await signingKeys.latest(1);
      expect(plain!.privateJwk).toContain('"d"');

      await (await composeAuth(opts({ encryptionKey }))).close();
      const [sealed, retired] = await signingKeys.latest(2);
      expect(retired!.kid).toBe(plain!.kid);
      expect(sealed!.privateJwk).toMatch(/^enc:v1:/);
      expect(sealed!.privateJwk).not.toContain('"d"');

      const again = await composeAuth(opts({ encryptionKey }));
      const jwks = await inProcessClient(AuthService, (r) => again.routes(r), silentLogger()).getJwks({});
      expect(jwks.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([sealed!.kid, plain!.kid]));
      await again.close();
      expect((await signingKeys.latest(5)).length).toBe(2);
      await expect(composeAuth(opts())).rejects.toThrow(/GATEHOUSE_ENCRYPTION_KEY/);
      await expect(composeAuth(opts({ encryptionKey: `${encryptionKey}-other` }))).rejects.toThrow(/GATEHOUSE_ENCRYPTION_KEY/);
    });

    it("refuses a bad GATEHOUSE_SIGNING_KEY before writing anything", async () => {
      await expect(composeAuth(opts({ signingKeyJwk: '{"kty":"EC","crv":"P-256"}' }))).rejects.toThrow(/GATEHOUSE_SIGNING_KEY/);
      await expect(composeAuth(opts({ signingKeyJwk: "not json" }))).rejects.toThrow(/GATEHOUSE_SIGNING_KEY/);
      expect(await createWorkspaceStore(backend()).get("default")).toBeNull();
    });

    it("purges expired admission records every minute until closed", async () => {
      vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
      const clock = new ManualClock();
      const h = await startAuthHarness(backend(), { clock });
      await h.client.throttlePoll({ caller: h.admin, resource: "cp_1", spacingMs: 1000 });
      clock.advance(5 * 60_000);
      await vi.advanceTimersByTimeAsync(60_000);
      await vi.waitFor(async () => expect(await createRateLimitStore(backend()).purgeExpired(clock.now())).toBe(0));
      await h.close();
      expect(vi.getTimerCount()).toBe(0);
    });
  });
}
