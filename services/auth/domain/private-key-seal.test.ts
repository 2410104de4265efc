import { describe, expect, it } from "vitest";
import { isSealed, PrivateKeySeal, SealedKeyError } from "./private-key-seal.js";

const SECRET = "an-encryption-key-of-at-least-32-chars";

describe("PrivateKeySeal", () => {
  it("seals so that only the same secret, for the same key id, opens it", () => {
    const seal = new PrivateKeySeal(SECRET);
    const sealed = seal.seal('{"kty":"EC","d":"secret-part"}', "kid-1");
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain("secret-part");
    expect(seal.seal("same", "kid-1")).not.toBe(seal.seal("same", "kid-1"));
    expect(seal.open(sealed, "kid-1")).toBe('{"kty":"EC","d":"secret-part"}');
    expect(() => seal.open(sealed, "kid-2")).toThrow(SealedKeyError);
    expect(() => new PrivateKeySeal(`${SECRET}x`).open(sealed, "kid-1")).toThrow(/GATEHOUSE_ENCRYPTION_KEY/);
  });

  it("detects tampering", () => {
    const seal = new PrivateKeySeal(SECRET);
    const sealed = seal.seal("payload", "k");
    // Flip one bit of the ciphertext: editing a base64 character may only touch padding bits.
    const [prefix, body] = [sealed.slice(0, sealed.lastIndexOf(".") + 1), sealed.slice(sealed.lastIndexOf(".") + 1)];
    const bytes = Buffer.from(body, "base64url");
    bytes[0]! ^= 0x01;
    expect(() => seal.open(prefix + bytes.toString("base64url"), "k")).toThrow(SealedKeyError);
    expect(() => seal.open("enc:v1:garbage", "k")).toThrow(SealedKeyError);
  });
});
