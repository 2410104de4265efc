import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { payloadSha256 } from "./payload-hash.js";

const sha = (s: string) => createHash("sha256").update(s, "utf8").digest("base64url");

describe("payloadSha256", () => {
  it("hashes the RFC 8785 canonical form, whatever the key order", () => {
    const a = payloadSha256({ b: [1, { y: 2, x: 1 }], a: "é" });
    const b = payloadSha256({ a: "é", b: [1, { x: 1, y: 2 }] });
    expect(a).toBe(b);
    expect(a).toBe(sha('{"a":"é","b":[1,{"x":1,"y":2}]}'));
  });

  it("writes numbers the RFC 8785 way", () => {
    expect(payloadSha256({ n: 1.0, m: 1e21, k: 0.1 })).toBe(sha('{"k":0.1,"m":1e+21,"n":1}'));
  });

  it("treats an absent payload as {}", () => {
    expect(payloadSha256(undefined)).toBe(sha("{}"));
    expect(payloadSha256(null)).toBe(sha("{}"));
    expect(payloadSha256({})).toBe(sha("{}"));
  });

  it("is base64url without padding", () => {
    expect(payloadSha256({ a: 1 })).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("distinguishes different payloads", () => {
    expect(payloadSha256({ amount: 10 })).not.toBe(payloadSha256({ amount: 100 }));
  });

  it("refuses values JSON cannot carry", () => {
    expect(() => payloadSha256({ n: Number.NaN })).toThrow(TypeError);
    expect(() => payloadSha256(() => 1)).toThrow(TypeError);
  });
});
