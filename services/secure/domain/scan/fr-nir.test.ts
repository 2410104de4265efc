import { describe, expect, it } from "vitest";
import { isValidFrNir } from "./fr-nir.js";

describe("isValidFrNir", () => {
  it("accepts a NIR whose key is 97 minus the number modulo 97, bare or grouped, Corsica's 2A/2B included", () => {
    for (const n of ["1 84 12 76 451 089 46", "184127645108946", "250018541987955", "2 69 05 2A 123 456 88", "178085281599064"]) {
      expect(isValidFrNir(n), n).toBe(true);
    }
  });
  it("refuses a wrong key, an impossible sex digit or month, and uneven grouping", () => {
    for (const n of ["1 84 12 76 451 089 47", "584127645108946", "184137645108946", "184007645108946", "1 84 12 76 451 08946", "18412764510894"]) {
      expect(isValidFrNir(n), n).toBe(false);
    }
  });
});
