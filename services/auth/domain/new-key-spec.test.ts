import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../lib/errors.js";
import { validateNewKey } from "./new-key-spec.js";

const held = ["secure:rules:read", "secure:rules:write"];

function fieldOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationError) return err.extras.field;
    throw err;
  }
  return undefined;
}

describe("validateNewKey", () => {
  it("trims, normalises, deduplicates and defaults the subject to the name", () => {
    expect(
      validateNewKey({ name: "  ci bot ", scopes: ["secure:rules:read"], allowedIps: ["10.1.2.3/8", "10.0.0.0/8", "::1"] }, held),
    ).toEqual({ name: "ci bot", subject: "ci bot", scopes: ["secure:rules:read"], allowedIps: ["10.0.0.0/8", "::1"] });
  });

  it("keeps an explicit subject", () => {
    expect(validateNewKey({ name: "n", scopes: ["secure:rules:read"], allowedIps: [], subject: " alice " }, held).subject).toBe("alice");
  });

  it("names the offending field", () => {
    const ok = { name: "n", scopes: ["secure:rules:read"], allowedIps: [] as string[] };
    expect(fieldOf(() => validateNewKey({ ...ok, name: "  " }, held))).toBe("name");
    expect(fieldOf(() => validateNewKey({ ...ok, name: "x".repeat(201) }, held))).toBe("name");
    expect(fieldOf(() => validateNewKey({ ...ok, subject: "" }, held))).toBe("subject");
    expect(fieldOf(() => validateNewKey({ ...ok, allowedIps: ["10.0.0.1", "nope"] }, held))).toBe("allowed_ips[1]");
    expect(fieldOf(() => validateNewKey({ ...ok, scopes: ["secure:rules:read", "bogus"] }, held))).toBe("scopes[1]");
    expect(fieldOf(() => validateNewKey({ ...ok, scopes: [] }, held))).toBe("scopes");
  });

  it("accepts a 200-character name", () => {
    expect(validateNewKey({ name: "é".repeat(200), scopes: ["secure:rules:read"], allowedIps: [] }, held).name).toHaveLength(200);
  });
});
