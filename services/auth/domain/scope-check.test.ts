import { describe, expect, it } from "vitest";
import { ForbiddenError, ValidationError } from "../../../lib/errors.js";
import { missingScope, requireScope, validateGrantedScopes } from "./scope-check.js";

describe("scope checks", () => {
  it("names the missing scope, or none", () => {
    expect(missingScope(["secure:rules:read"], "secure:rules:write")).toBe("secure:rules:write");
    expect(missingScope(["secure:rules:read"], "secure:rules:read")).toBeNull();
    expect(missingScope([], "")).toBeNull();
  });

  it("requireScope throws ForbiddenError naming the scope", () => {
    expect(() => requireScope([], "admin:keys:write")).toThrow(ForbiddenError);
    try {
      requireScope([], "admin:keys:write");
    } catch (err) {
      expect((err as ForbiddenError).missingScope).toBe("admin:keys:write");
      expect((err as Error).message).toContain("admin:keys:write");
    }
  });

  it("deduplicates granted scopes, keeping first occurrences", () => {
    const held = ["secure:rules:read", "secure:rules:write"];
    expect(validateGrantedScopes(["secure:rules:write", "secure:rules:read", "secure:rules:write"], held)).toEqual([
      "secure:rules:write",
      "secure:rules:read",
    ]);
  });

  it("refuses an empty list and unknown scopes, naming the entry", () => {
    expect(() => validateGrantedScopes([], ["secure:rules:read"])).toThrow(/scopes/);
    try {
      validateGrantedScopes(["secure:rules:read", "root"], ["secure:rules:read"]);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).extras.field).toBe("scopes[1]");
    }
  });

  it("refuses escalation, naming the scope the grantor lacks", () => {
    try {
      validateGrantedScopes(["secure:rules:read", "admin:keys:write"], ["secure:rules:read"]);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ForbiddenError);
      expect((err as ForbiddenError).missingScope).toBe("admin:keys:write");
      expect((err as Error).message).toContain("admin:keys:write");
    }
  });
});
