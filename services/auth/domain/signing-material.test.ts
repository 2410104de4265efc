import { calculateJwkThumbprint, exportJWK, generateKeyPair } from "jose";
import { describe, expect, it } from "vitest";
import { generateSigningMaterial, parseConfiguredSigningKey, SigningKeyConfigError } from "./signing-material.js";

async function privateJwk() {
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  return exportJWK(privateKey);
}

describe("signing material", () => {
  it("uses the RFC 7638 thumbprint as kid", async () => {
    const jwk = await privateJwk();
    const m = await parseConfiguredSigningKey(JSON.stringify(jwk));
    expect(m.kid).toBe(await calculateJwkThumbprint({ kty: "EC", crv: "P-256", x: jwk.x!, y: jwk.y! }));
    expect(m.publicJwk).toEqual({ kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y });
  });

  it("generates distinct persistable keys", async () => {
    const a = await generateSigningMaterial();
    const b = await generateSigningMaterial();
    expect(a.kid).not.toBe(b.kid);
    expect(JSON.parse(a.privateJwkJson)).toMatchObject({ kty: "EC", crv: "P-256", d: expect.any(String) });
  });

  it.each([
    ["not JSON", "{nope"],
    ["an array", "[]"],
    ["a public key", "PUBLIC"],
    ["an RSA key", JSON.stringify({ kty: "RSA", n: "x", e: "AQAB", d: "x" })],
    ["another curve", JSON.stringify({ kty: "EC", crv: "P-384", x: "x", y: "y", d: "d" })],
    ["mismatched halves", "MISMATCH"],
  ])("refuses %s, naming GATEHOUSE_SIGNING_KEY without echoing the key", async (_label, value) => {
    let text = value;
    if (value === "PUBLIC") {
      const { d: _d, ...pub } = await privateJwk();
      text = JSON.stringify(pub);
    } else if (value === "MISMATCH") {
      const a = await privateJwk();
      const b = await privateJwk();
      text = JSON.stringify({ ...a, d: b.d });
    }
    const err = await parseConfiguredSigningKey(text).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SigningKeyConfigError);
    expect((err as Error).message).toContain("GATEHOUSE_SIGNING_KEY");
    const parsed = value.startsWith("{") && value !== "{nope" ? (JSON.parse(text) as { d?: string }) : undefined;
    if (parsed?.d) expect((err as Error).message).not.toContain(parsed.d);
  });
});
