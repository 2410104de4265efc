import { describe, expect, it } from "vitest";
import { isValidNhsNumber } from "./uk-nhs-number.js";

describe("isValidNhsNumber", () => {
  it("accepts 10 digits with a modulus 11 check digit, bare or grouped 3-3-4", () => {
    for (const n of ["943 476 5919", "7699588541", "722-109-7151", "5951177197"]) expect(isValidNhsNumber(n), n).toBe(true);
  });
  it("refuses a wrong check digit, a body whose check would be 10, bad grouping and repeated digits", () => {
    for (let d = 0; d <= 9; d++) expect(isValidNhsNumber(`400063352${d}`)).toBe(false);
    for (const n of ["943 476 5918", "9434 76 5919", "943 476-5919", "94347659190", "4444444444"]) expect(isValidNhsNumber(n), n).toBe(false);
  });
});
