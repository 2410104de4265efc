import { describe, expect, it } from "vitest";
import { ibanMod97, isValidIban } from "./iban-mod97.js";

describe("isValidIban / ibanMod97", () => {
  it("accepts valid IBANs of several countries, grouped or not, in any case", () => {
    for (const n of ["DE89 3704 0044 0532 0130 00", "GB82WEST12345698765432", "FR1420041010050500013M02606", "NO9386011117947", "de89370400440532013000"]) {
      expect(isValidIban(n), n).toBe(true);
    }
    expect(ibanMod97("DE89370400440532013000")).toBe(1);
  });
  it("refuses a changed character, a wrong length, an unknown country and check digits 00/99", () => {
    expect(isValidIban("DE89370400440532013001")).toBe(false);
    expect(isValidIban("DE8937040044053201300")).toBe(false);
    expect(isValidIban("XX89370400440532013000")).toBe(false);
    expect(isValidIban("GB00WEST12345698765432")).toBe(false);
    expect(isValidIban("GB99WEST12345698765432")).toBe(false);
  });
});
