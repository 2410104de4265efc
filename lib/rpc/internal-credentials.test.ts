import { describe, expect, it } from "vitest";
import { InternalCredentials, parseInternalSecrets } from "./internal-credentials.js";

const A = "a".repeat(32);
const B = "b".repeat(40);

describe("InternalCredentials", () => {
  it("sends the first secret and accepts every listed one, nothing else", () => {
    const creds = new InternalCredentials([A, B]);
    expect(creds.secret).toBe(A);
    expect(creds.accepts(A)).toBe(true);
    expect(creds.accepts(B)).toBe(true);
    expect(creds.accepts(A.slice(1))).toBe(false);
    expect(creds.accepts(`${A} `)).toBe(false);
    expect(creds.accepts("")).toBe(false);
    expect(creds.accepts(null)).toBe(false);
  });

  it("refuses short secrets and more than two", () => {
    expect(() => new InternalCredentials(["short"])).toThrow(/32/);
    expect(() => new InternalCredentials([A, B, A])).toThrow(/one or two/);
    expect(() => new InternalCredentials([])).toThrow(/one or two/);
  });

  it("parses the comma-separated variable", () => {
    expect(parseInternalSecrets(` ${A} , ${B} `)).toEqual([A, B]);
    expect(parseInternalSecrets("")).toBeUndefined();
    expect(parseInternalSecrets(undefined)).toBeUndefined();
  });
});
