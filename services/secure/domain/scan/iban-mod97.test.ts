import { describe, expect, it } from "vitest";
import { IBAN_LENGTH, ibanMod97, isValidIban } from "./iban-mod97.js";

describe("isValidIban / ibanMod97", () => {
  it("accepts valid IBANs of several countries, grouped or not, in any case", () => {
    for (const n of ["DE89 3704 0044 0532 0130 00", "GB82WEST12345698765432", "FR1420041010050500013M02606", "NO9386011117947", "de89370400440532013000"]) {
      expect(isValidIban(n), n).toBe(true);
    }
    expect(ibanMod97("DE89370400440532013000")).toBe(1);
    expect(isValidIban("AL47-2121-1009-0000-0002-3569-8741")).toBe(true);
  });
  it("knows every registry country and territory, each at its own length only", () => {
    // The 89 countries of the SWIFT registry and the 16 territories it lists under France, Finland and the UK.
    expect(Object.keys(IBAN_LENGTH)).toHaveLength(105);
    for (const cc of ["HN", "RU", "YE", "FK", "AX", "GF", "PF", "NC", "JE", "GG", "IM"]) expect(IBAN_LENGTH, cc).toHaveProperty(cc);
    for (const [cc, length] of Object.entries(IBAN_LENGTH)) {
      const bban = "1234567890".repeat(4).slice(0, length - 4);
      const iban = `${cc}${String(98 - ibanMod97(`${cc}00${bban}`)).padStart(2, "0")}${bban}`;
      expect(isValidIban(iban), iban).toBe(true);
      expect(isValidIban(`${iban}1`), `${iban}1`).toBe(false);
      expect(isValidIban(iban.slice(0, -1)), iban.slice(0, -1)).toBe(false);
    }
  });
  it("refuses a changed character, a wrong length, an unknown country and check digits 00/99", () => {
    expect(isValidIban("DE89370400440532013001")).toBe(false);
    expect(isValidIban("DE8937040044053201300")).toBe(false);
    expect(isValidIban("XX89370400440532013000")).toBe(false);
    expect(isValidIban("GB00WEST12345698765432")).toBe(false);
    expect(isValidIban("GB99WEST12345698765432")).toBe(false);
  });
});
