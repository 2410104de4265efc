import { toJson } from "@bufbuild/protobuf";
import { calculateJwkThumbprint, createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, type JSONWebKeySet } from "jose";
import { describe, expect, it } from "vitest";
import { GetJwksResponseSchema } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { ManualClock } from "../../../lib/clock.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { startAuthHarness, type AuthHarness } from "../../../test/support/auth-test-harness.js";

async function configuredKey() {
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { json: JSON.stringify(jwk), kid: await calculateJwkThumbprint({ kty: "EC", crv: "P-256", x: jwk.x!, y: jwk.y! }) };
}

const jwksOf = async (h: AuthHarness) => toJson(GetJwksResponseSchema, await h.client.getJwks({})) as unknown as JSONWebKeySet;

for (const engine of storeEngines()) {
  describe(`GetJwks on ${engine.name}`, () => {
    const backend = engine.useBackend();

    it("publishes the generated key as a public JWK, and reuses it after a restart", async () => {
      const clock = new ManualClock();
      const first = await startAuthHarness(backend(), { clock });
      const { keys } = await jwksOf(first);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toEqual({ kty: "EC", crv: "P-256", x: expect.any(String), y: expect.any(String), kid: expect.any(String), alg: "ES256", use: "sig" });
      expect(keys[0]!.kid).toBe(await calculateJwkThumbprint(keys[0]!));
      await first.close();
      const restarted = await startAuthHarness(backend(), { clock });
      expect(await jwksOf(restarted)).toEqual({ keys });
      await restarted.close();
    });

    it("keeps a retired key published until its last token expires", async () => {
      const clock = new ManualClock(Date.now());
      const before = await startAuthHarness(backend(), { clock });
      const oldToken = await before.client.signDecision({ audience: "default", subject: "cp_old", claims: { status: "approved" } });
      await before.close();

      clock.advance(600_000);
      const configured = await configuredKey();
      const after = await startAuthHarness(backend(), { clock, signingKeyJwk: configured.json });
      const { keys } = await jwksOf(after);
      expect(keys.map((k) => k.kid)).toEqual([configured.kid, oldToken.keyId]);

      const newToken = await after.client.signDecision({ audience: "default", subject: "cp_new", claims: { status: "approved" } });
      expect(newToken.keyId).toBe(configured.kid);
      const jwks = createLocalJWKSet({ keys });
      await expect(jwtVerify(oldToken.token, jwks, { currentDate: new Date(clock.now()) })).resolves.toBeDefined();
      await expect(jwtVerify(newToken.token, jwks, { currentDate: new Date(clock.now()) })).resolves.toBeDefined();
      expect((await after.client.verifyDecision({ caller: after.admin, token: oldToken.token })).valid).toBe(true);

      // A restart with the same configuration rotates nothing.
      const again = await startAuthHarness(backend(), { clock, signingKeyJwk: configured.json });
      expect((await jwksOf(again)).keys.map((k) => k.kid)).toEqual([configured.kid, oldToken.keyId]);
      await again.close();

      clock.advance(3600_000);
      expect((await jwksOf(after)).keys.map((k) => k.kid)).toEqual([configured.kid]);
      await after.close();
    });

    it("rotates back to a generated key when the configured one is removed", async () => {
      const clock = new ManualClock();
      const configured = await configuredKey();
      const withConfig = await startAuthHarness(backend(), { clock, signingKeyJwk: configured.json });
      await withConfig.close();
      const without = await startAuthHarness(backend(), { clock });
      const kids = (await jwksOf(without)).keys.map((k) => k.kid);
      expect(kids).toHaveLength(2);
      expect(kids[1]).toBe(configured.kid);
      const token = await without.client.signDecision({ audience: "default", subject: "cp_1", claims: { status: "approved" } });
      expect(token.keyId).toBe(kids[0]);
      await without.close();
    });
  });
}
