import { describe, expect, it } from "vitest";
import { publishedKeys, type SigningKeyRecord } from "./signing-key.js";

const jwk = (x: string) => ({ kty: "EC" as const, crv: "P-256" as const, x, y: x });
const gen = (generation: number, kid: string, createdAt: number): SigningKeyRecord => ({
  generation,
  kid,
  publicJwk: jwk(kid),
  privateJwk: null,
  createdAt,
});

describe("publishedKeys", () => {
  const ttl = 3_600_000;
  const history = [gen(3, "c", 10_000_000), gen(2, "b", 5_000_000), gen(1, "a", 1_000)];

  it("publishes the current key and retired keys until their tokens expire", () => {
    expect(publishedKeys(history, 10_000_001, ttl)).toEqual([
      { kid: "c", publicJwk: jwk("c"), retiredAt: null },
      { kid: "b", publicJwk: jwk("b"), retiredAt: 10_000_000 },
    ]);
  });

  it("drops a retired key once retired_at + TTL has passed", () => {
    expect(publishedKeys(history, 10_000_000 + ttl, ttl).map((k) => k.kid)).toEqual(["c"]);
  });

  it("lists a key that came back once, with its newest generation", () => {
    const flipFlop = [gen(3, "a", 3_000), gen(2, "b", 2_000), gen(1, "a", 1_000)];
    expect(publishedKeys(flipFlop, 3_001, ttl)).toEqual([
      { kid: "a", publicJwk: jwk("a"), retiredAt: null },
      { kid: "b", publicJwk: jwk("b"), retiredAt: 3_000 },
    ]);
  });

  it("publishes nothing when no key exists", () => {
    expect(publishedKeys([], 0, ttl)).toEqual([]);
  });
});
