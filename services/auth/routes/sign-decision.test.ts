import { toJson } from "@bufbuild/protobuf";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GetJwksResponseSchema } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { ManualClock } from "../../../lib/clock.js";
import { payloadSha256 } from "../../../lib/payload-hash.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { rpcError, startAuthHarness, type AuthHarness } from "../../../test/support/auth-test-harness.js";

for (const engine of storeEngines()) {
  describe(`SignDecision on ${engine.name}`, () => {
    const backend = engine.useBackend();
    let h: AuthHarness;
    beforeEach(async () => {
      // Real time: the client below verifies with jose's own clock.
      h = await startAuthHarness(backend(), { clock: new ManualClock(Date.now()) });
    });
    afterEach(() => h.close());

    const clientJwks = async () => toJson(GetJwksResponseSchema, await h.client.getJwks({})) as unknown as JSONWebKeySet;

    it("signs a token a client verifies with the JWKS alone", async () => {
      const payload = { amount: 25, currency: "EUR" };
      const res = await h.client.signDecision({
        audience: "default",
        subject: "cp_123",
        claims: { status: "approved", action: "payments.send", payload_sha256: payloadSha256(payload), approvers: ["alice"] },
      });
      expect(res.jti).toMatch(/^dt_/);
      const header = decodeProtectedHeader(res.token);
      expect(header).toEqual({ alg: "ES256", typ: "gatehouse-decision+jwt", kid: res.keyId });

      const { payload: claims, protectedHeader } = await jwtVerify(res.token, createLocalJWKSet(await clientJwks()), {
        issuer: "gatehouse-test",
        audience: "default",
        typ: "gatehouse-decision+jwt",
        algorithms: ["ES256"],
      });
      expect(protectedHeader.kid).toBe(res.keyId);
      // The token anchors the workspace's audit trail at its head when signed.
      const { events } = await h.client.listAuditEvents({ caller: h.admin, limit: 1000 });
      const head = events.at(-1)!;
      expect(head.type).toBe("signing_key.rotated");
      const iat = Math.floor(h.clock.now() / 1000);
      expect(claims).toEqual({
        iss: "gatehouse-test",
        aud: "default",
        sub: "cp_123",
        jti: res.jti,
        iat,
        exp: iat + 3600,
        status: "approved",
        action: "payments.send",
        payload_sha256: payloadSha256(payload),
        approvers: ["alice"],
        audit_head: { seq: Number(head.seq), hash: head.hash },
      });
      expect(Number(res.expiresAt?.seconds)).toBe(iat + 3600);
    });

    it("anchors the audience's trail, not the caller's claim of it: null while that workspace has no events", async () => {
      const res = await h.client.signDecision({ audience: "ws_quiet", subject: "cp_1", claims: { status: "approved", audit_head: { seq: 99, hash: "forged" } } });
      const { payload } = await jwtVerify(res.token, createLocalJWKSet(await clientJwks()), { audience: "ws_quiet" });
      expect(payload.audit_head).toBeNull();
    });

    it("ignores registered claims passed as claims", async () => {
      const res = await h.client.signDecision({
        audience: "default",
        subject: "cp_1",
        claims: { iss: "evil", aud: "ws_other", sub: "cp_other", exp: 9999999999, iat: 1, nbf: 9999999999, jti: "mine", status: "approved" },
      });
      const { payload } = await jwtVerify(res.token, createLocalJWKSet(await clientJwks()), { issuer: "gatehouse-test", audience: "default" });
      expect(payload).toMatchObject({ iss: "gatehouse-test", aud: "default", sub: "cp_1", jti: res.jti });
      expect(payload.nbf).toBeUndefined();
    });

    it("honours a shorter ttl_seconds and refuses a longer one", async () => {
      const res = await h.client.signDecision({ audience: "default", subject: "cp_1", ttlSeconds: 60, claims: { status: "approved" } });
      const { payload } = await jwtVerify(res.token, createLocalJWKSet(await clientJwks()));
      expect(payload.exp! - payload.iat!).toBe(60);
      expect(await rpcError(h.client.signDecision({ audience: "default", subject: "cp_1", ttlSeconds: 3601 }))).toMatchObject({
        code: "VALIDATION_ERROR",
        field: "ttl_seconds",
      });
    });

    it("needs an audience and a subject", async () => {
      expect(await rpcError(h.client.signDecision({ subject: "cp_1" }))).toMatchObject({ field: "audience" });
      expect(await rpcError(h.client.signDecision({ audience: "default" }))).toMatchObject({ field: "subject" });
    });
  });
}
