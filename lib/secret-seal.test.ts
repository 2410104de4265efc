import { describe, expect, it } from "vitest";
import { isSealed, SecretSeal, SecretSealError, SIGNING_KEY_SEAL, WEBHOOK_SECRET_SEAL } from "./secret-seal.js";

const SECRET = "an-encryption-key-of-at-least-32-chars";

describe("SecretSeal", () => {
  it("seals so that only the same secret, for the same record, opens it", () => {
    const seal = new SecretSeal(SECRET, SIGNING_KEY_SEAL);
    const sealed = seal.seal('{"kty":"EC","d":"secret-part"}', "kid-1");
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain("secret-part");
    expect(seal.seal("same", "kid-1")).not.toBe(seal.seal("same", "kid-1"));
    expect(seal.open(sealed, "kid-1")).toBe('{"kty":"EC","d":"secret-part"}');
    expect(() => seal.open(sealed, "kid-2")).toThrow(SecretSealError);
    expect(() => new SecretSeal(`${SECRET}x`, SIGNING_KEY_SEAL).open(sealed, "kid-1")).toThrow(
      "GATEHOUSE_ENCRYPTION_KEY does not open the stored signing key (a different key sealed it)",
    );
  });

  it("opens a signing key sealed by earlier releases (same derivation, same form)", () => {
    const sealed = "enc:v1:8BA6sztr7ayhzcY4.qckNcgOUnOJI4DzjK39Y9_AbpFg9CbauEUy3IZKoacEYDxh2I3h93aLq_8R7TcsicEZcn6IvV-DhgmdG2faQ";
    expect(new SecretSeal(SECRET, SIGNING_KEY_SEAL).open(sealed, "kid-compat")).toBe('{"kty":"EC","d":"sealed-by-an-earlier-release"}');
  });

  it("derives a key of its own per purpose: a secret sealed for one opens for no other", () => {
    const sealed = new SecretSeal(SECRET, WEBHOOK_SECRET_SEAL).seal("whsec_abc", "wh_1");
    expect(new SecretSeal(SECRET, WEBHOOK_SECRET_SEAL).open(sealed, "wh_1")).toBe("whsec_abc");
    expect(() => new SecretSeal(SECRET, SIGNING_KEY_SEAL).open(sealed, "wh_1")).toThrow(SecretSealError);
  });

  it("detects tampering", () => {
    const seal = new SecretSeal(SECRET, WEBHOOK_SECRET_SEAL);
    const sealed = seal.seal("payload", "k");
    // Flip one bit of the ciphertext: editing a base64 character may only touch padding bits.
    const [prefix, body] = [sealed.slice(0, sealed.lastIndexOf(".") + 1), sealed.slice(sealed.lastIndexOf(".") + 1)];
    const bytes = Buffer.from(body, "base64url");
    bytes[0]! ^= 0x01;
    expect(() => seal.open(prefix + bytes.toString("base64url"), "k")).toThrow(SecretSealError);
    expect(() => seal.open("enc:v1:garbage", "k")).toThrow("the stored webhook signing secret is not in a known sealed form");
  });
});
