import { describe, expect, it } from "vitest";
import { isValidEsDni } from "./es-dni.js";

describe("isValidEsDni", () => {
  it("accepts DNI and NIE numbers with the right control letter, in the usual written forms", () => {
    for (const n of ["12345678Z", "82072168A", "37270609-Y", "69.160.222-G", "87259420l", "X1234567L", "Y1874234R", "Z-1642556-Q", "x9274434y"]) {
      expect(isValidEsDni(n), n).toBe(true);
    }
  });
  it("refuses a wrong control letter, wrong lengths, other NIE prefixes and repeated digits", () => {
    for (const n of ["12345678A", "X1234567A", "1234567Z", "123456789Z", "W1234567L", "X12345678L", "00000000T", "12.34.5678-Z"]) {
      expect(isValidEsDni(n), n).toBe(false);
    }
  });
});
