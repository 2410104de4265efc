import type { JsonObject } from "@bufbuild/protobuf";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { payloadSha256 } from "../../../lib/payload-hash.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { rpcError, startAuthHarness, type AuthHarness } from "../../../test/support/auth-test-harness.js";

const payload = { to: "acct_9", amount: 125.5, memo: { lines: ["a", "b"] } };

for (const engine of storeEngines()) {
  describe(`VerifyDecision on ${engine.name}`, () => {
    const backend = engine.useBackend();
    let h: AuthHarness;
    beforeEach(async () => {
      h = await startAuthHarness(backend());
    });
    afterEach(() => h.close());

    const sign = async (claims: JsonObject = {}, audience = "default") =>
      (
        await h.client.signDecision({
          audience,
          subject: "cp_1",
          claims: { status: "approved", action: "payments.send", payload_sha256: payloadSha256(payload), ...claims },
        })
      ).token;

    it("accepts an approved token for the same action and payload (any key order)", async () => {
      const token = await sign();
      const res = await h.client.verifyDecision({
        caller: h.admin,
        token,
        action: "payments.send",
        payload: { memo: { lines: ["a", "b"] }, amount: 125.5, to: "acct_9" },
      });
      expect(res.valid).toBe(true);
      expect(res.reason).toBe("");
      expect(res.claims).toMatchObject({ status: "approved", action: "payments.send", sub: "cp_1", aud: "default" });
      expect((await h.client.verifyDecision({ caller: h.admin, token })).valid).toBe(true);
    });

    it.each([
      ["a rejected decision", { status: "rejected" }, {}, /rejected/],
      ["an expired decision", { status: "expired" }, {}, /expired/],
      ["another action", {}, { action: "payments.refund" }, /action/],
      ["another payload", {}, { payload: { ...payload, amount: 9999 } }, /payload/],
    ])("refuses %s with a reason", async (_label, claims: JsonObject, req, reason) => {
      const res = await h.client.verifyDecision({ caller: h.admin, token: await sign(claims), ...req });
      expect(res.valid).toBe(false);
      expect(res.reason).toMatch(reason);
      expect(res.claims).toBeUndefined();
    });

    it("refuses a token of another workspace", async () => {
      const { workspace } = await h.client.createWorkspace({ caller: h.admin, name: "Tenant" });
      const res = await h.client.verifyDecision({ caller: h.admin, token: await sign({}, workspace!.id) });
      expect(res).toMatchObject({ valid: false, reason: expect.stringMatching(/workspace/) });
    });

    it("refuses a tampered token", async () => {
      const [head, body, sig] = (await sign({ status: "rejected" })).split(".");
      const claims = JSON.parse(Buffer.from(body!, "base64url").toString("utf8")) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...claims, status: "approved" })).toString("base64url");
      const res = await h.client.verifyDecision({ caller: h.admin, token: `${head}.${forged}.${sig}` });
      expect(res).toMatchObject({ valid: false, reason: "the signature is invalid" });
    });

    it("refuses an expired token", async () => {
      const token = await sign();
      h.clock.advance(3600_000);
      expect(await h.client.verifyDecision({ caller: h.admin, token })).toMatchObject({ valid: false, reason: "the token has expired" });
    });

    it("refuses a token of another issuer", async () => {
      const other = await startAuthHarness(backend(), { clock: h.clock, issuer: "other-gatehouse" });
      try {
        const token = (await other.client.signDecision({ audience: "default", subject: "cp_1", claims: { status: "approved" } })).token;
        expect(await h.client.verifyDecision({ caller: h.admin, token })).toMatchObject({ valid: false, reason: expect.stringMatching(/iss/) });
      } finally {
        await other.close();
      }
    });

    it("answers garbage with a reason, not an error", async () => {
      expect(await h.client.verifyDecision({ caller: h.admin, token: "garbage" })).toMatchObject({ valid: false, reason: "the token is malformed" });
      expect(await h.client.verifyDecision({ caller: h.admin, token: "" })).toMatchObject({ valid: false });
    });

    it("needs a caller", async () => {
      expect(await rpcError(h.client.verifyDecision({ token: await sign() }))).toMatchObject({ code: "VALIDATION_ERROR" });
    });
  });
}
