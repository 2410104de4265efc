import { describe, expect, it } from "vitest";
import {
  GENERATED_SECRET_PATTERN,
  generateKeySecret,
  hashKeySecret,
  isPlausibleSecret,
  secretHashesMatch,
  secretPrefix,
} from "./key-secret.js";

describe("key secrets", () => {
  it("are gh_ followed by 43 base64url characters, and all different", () => {
    const a = generateKeySecret();
    const b = generateKeySecret();
    expect(a).toMatch(/^gh_[A-Za-z0-9_-]{43}$/);
    expect(a).toMatch(GENERATED_SECRET_PATTERN);
    expect(a).not.toBe(b);
  });

  it("hash to lower-case hex SHA-256", () => {
    expect(hashKeySecret("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("show their first 8 characters as prefix", () => {
    const s = generateKeySecret();
    expect(secretPrefix(s)).toBe(s.slice(0, 8));
    expect(secretPrefix(s).startsWith("gh_")).toBe(true);
  });

  it("show at most a quarter of an operator-chosen secret", () => {
    expect(secretPrefix("12345678")).toBe("12");
    expect(secretPrefix("a-very-long-operator-chosen-secret-value")).toBe("a-very-l");
  });

  it("compare hashes in constant time, refusing anything but SHA-256 hex", () => {
    const h = hashKeySecret("x");
    expect(secretHashesMatch(h, hashKeySecret("x"))).toBe(true);
    expect(secretHashesMatch(h, hashKeySecret("y"))).toBe(false);
    expect(secretHashesMatch(h, h.slice(1))).toBe(false);
    expect(secretHashesMatch(h.toUpperCase(), h)).toBe(false);
  });

  it("treat empty, whitespace-bearing and huge bearer values as implausible", () => {
    expect(isPlausibleSecret("")).toBe(false);
    expect(isPlausibleSecret("gh_ abc")).toBe(false);
    expect(isPlausibleSecret("x".repeat(1025))).toBe(false);
    expect(isPlausibleSecret(generateKeySecret())).toBe(true);
  });
});
