import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256 } from "./sha256.js";

describe("sha256", () => {
  it("answers the FIPS 180-2 digest of 'abc' in hex and base64url", () => {
    expect(sha256("abc", "hex")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256("abc", "base64url")).toBe("ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0");
  });

  it("hashes a string as its UTF-8 bytes, as createHash does", () => {
    for (const text of ["", "plain ascii", "naïve café — 東京 🚀", "\u0000\uffff"]) {
      expect(sha256(text, "hex")).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
      expect(sha256(Buffer.from(text, "utf8"), "base64url")).toBe(createHash("sha256").update(text, "utf8").digest("base64url"));
    }
  });
});
