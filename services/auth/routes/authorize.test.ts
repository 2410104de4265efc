import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AuthorizeOutcome } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { startAuthHarness, type AuthHarness } from "../../../test/support/auth-test-harness.js";

for (const engine of storeEngines()) {
  describe(`Authorize on ${engine.name}`, () => {
    const backend = engine.useBackend();
    let h: AuthHarness;
    beforeEach(async () => {
      h = await startAuthHarness(backend());
    });
    afterEach(() => h.close());

    const newKey = async (over: { scopes?: string[]; allowedIps?: string[] } = {}) =>
      h.client.createKey({
        caller: h.admin,
        name: "agent",
        subject: "agent-7",
        scopes: over.scopes ?? ["secure:rules:read"],
        allowedIps: over.allowedIps ?? [],
      });

    it("allows a valid key holding the scope, with its caller and rate limit", async () => {
      const { key, secret } = await newKey();
      const res = await h.client.authorize({ apiKey: secret, clientIp: "192.0.2.1", requiredScope: "secure:rules:read" });
      expect(res.outcome).toBe(AuthorizeOutcome.ALLOWED);
      expect(res.caller).toMatchObject({ workspaceId: "default", keyId: key!.id, subject: "agent-7", scopes: ["secure:rules:read"] });
      expect(res.rateLimit).toMatchObject({ policy: "default", limit: 600, windowSeconds: 60, remaining: 599, retryAfterSeconds: 0 });
      expect(res.missingScope).toBe("");
    });

    it("only authenticates when no scope is required", async () => {
      const { secret } = await newKey();
      expect((await h.client.authorize({ apiKey: secret, clientIp: "192.0.2.1" })).outcome).toBe(AuthorizeOutcome.ALLOWED);
    });

    it("answers FORBIDDEN naming the missing scope, with the caller", async () => {
      const { key, secret } = await newKey();
      const res = await h.client.authorize({ apiKey: secret, clientIp: "192.0.2.1", requiredScope: "secure:rules:write" });
      expect(res.outcome).toBe(AuthorizeOutcome.FORBIDDEN);
      expect(res.missingScope).toBe("secure:rules:write");
      expect(res.caller?.keyId).toBe(key!.id);
      expect(res.rateLimit?.policy).toBe("default");
    });

    it.each([
      ["missing", ""],
      ["unknown", "gh_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
      ["malformed", "gh_ has spaces"],
    ])("answers UNAUTHENTICATED for a %s key, metered per client address", async (_label, apiKey) => {
      const res = await h.client.authorize({ apiKey, clientIp: "198.51.100.4", requiredScope: "secure:rules:read" });
      expect(res.outcome).toBe(AuthorizeOutcome.UNAUTHENTICATED);
      expect(res.caller).toBeUndefined();
      expect(res.rateLimit).toMatchObject({ policy: "anonymous", limit: 600, windowSeconds: 60, remaining: 599 });
    });

    it("refuses a revoked key on the very next request, on every replica", async () => {
      const replica = await startAuthHarness(backend(), { clock: h.clock });
      try {
        const { key, secret } = await newKey();
        expect((await replica.client.authorize({ apiKey: secret, clientIp: "192.0.2.1" })).outcome).toBe(AuthorizeOutcome.ALLOWED);
        await h.client.revokeKey({ caller: h.admin, id: key!.id });
        expect((await h.client.authorize({ apiKey: secret, clientIp: "192.0.2.1" })).outcome).toBe(AuthorizeOutcome.UNAUTHENTICATED);
        expect((await replica.client.authorize({ apiKey: secret, clientIp: "192.0.2.1" })).outcome).toBe(
          AuthorizeOutcome.UNAUTHENTICATED,
        );
      } finally {
        await replica.close();
      }
    });

    it("enforces the IP allow-list for IPv4, IPv6 and IPv4-mapped clients", async () => {
      const { secret } = await newKey({ allowedIps: ["10.0.0.0/8", "2001:db8::/32", "192.0.2.7"] });
      const outcome = async (clientIp: string) => (await h.client.authorize({ apiKey: secret, clientIp })).outcome;
      expect(await outcome("10.200.0.1")).toBe(AuthorizeOutcome.ALLOWED);
      expect(await outcome("::ffff:10.200.0.1")).toBe(AuthorizeOutcome.ALLOWED);
      expect(await outcome("192.0.2.7")).toBe(AuthorizeOutcome.ALLOWED);
      expect(await outcome("2001:db8:5::1")).toBe(AuthorizeOutcome.ALLOWED);
      expect(await outcome("192.0.2.8")).toBe(AuthorizeOutcome.UNAUTHENTICATED);
      expect(await outcome("2001:db9::1")).toBe(AuthorizeOutcome.UNAUTHENTICATED);
      expect(await outcome("")).toBe(AuthorizeOutcome.UNAUTHENTICATED);
    });

    it("limits the 601st request of a key with Retry-After, and recovers once the window slides", async () => {
      const { secret } = await newKey();
      const ask = () => h.client.authorize({ apiKey: secret, clientIp: "192.0.2.1", requiredScope: "secure:rules:read" });
      for (let i = 1; i <= 600; i++) {
        const res = await ask();
        expect(res.outcome).toBe(AuthorizeOutcome.ALLOWED);
        if (i === 600) expect(res.rateLimit).toMatchObject({ remaining: 0, resetSeconds: 61 });
      }
      const limited = await ask();
      expect(limited.outcome).toBe(AuthorizeOutcome.RATE_LIMITED);
      expect(limited.caller?.subject).toBe("agent-7");
      expect(limited.rateLimit).toMatchObject({ policy: "default", remaining: 0, retryAfterSeconds: 61 });
      // Hammering on does not consume quota: recovery comes when promised.
      for (let i = 0; i < 30; i++) {
        h.clock.advance(1000);
        expect((await ask()).outcome).toBe(AuthorizeOutcome.RATE_LIMITED);
      }
      h.clock.advance(31_000);
      const again = await ask();
      expect(again.outcome).toBe(AuthorizeOutcome.ALLOWED);
      expect(again.rateLimit?.retryAfterSeconds).toBe(0);
    });

    it("meters keys separately", async () => {
      const a = await newKey();
      const b = await newKey();
      for (let i = 0; i < 600; i++) await h.client.authorize({ apiKey: a.secret, clientIp: "192.0.2.1" });
      expect((await h.client.authorize({ apiKey: a.secret, clientIp: "192.0.2.1" })).outcome).toBe(AuthorizeOutcome.RATE_LIMITED);
      expect((await h.client.authorize({ apiKey: b.secret, clientIp: "192.0.2.1" })).outcome).toBe(AuthorizeOutcome.ALLOWED);
    });

    it("limits anonymous requests per client address, without a caller", async () => {
      for (let i = 0; i < 600; i++) {
        expect((await h.client.authorize({ apiKey: "", clientIp: "::ffff:203.0.113.5" })).outcome).toBe(AuthorizeOutcome.UNAUTHENTICATED);
      }
      const limited = await h.client.authorize({ apiKey: "wrong", clientIp: "203.0.113.5" });
      expect(limited.outcome).toBe(AuthorizeOutcome.RATE_LIMITED);
      expect(limited.caller).toBeUndefined();
      expect(limited.rateLimit).toMatchObject({ policy: "anonymous", retryAfterSeconds: 61 });
      expect((await h.client.authorize({ apiKey: "", clientIp: "203.0.113.6" })).outcome).toBe(AuthorizeOutcome.UNAUTHENTICATED);
      // A valid key from the same address is metered on its own budget.
      const { secret } = await newKey();
      expect((await h.client.authorize({ apiKey: secret, clientIp: "203.0.113.5" })).outcome).toBe(AuthorizeOutcome.ALLOWED);
    });
  });
}
