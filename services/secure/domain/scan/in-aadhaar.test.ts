import { describe, expect, it } from "vitest";
import { isValidAadhaar } from "./in-aadhaar.js";

describe("isValidAadhaar", () => {
  it("accepts 12 digits with a Verhoeff check digit, bare or grouped 4-4-4 by spaces or dashes", () => {
    for (const n of ["707084440081", "7200 1549 2431", "2512-0363-6724", "983421417299"]) expect(isValidAadhaar(n), n).toBe(true);
  });
  it("refuses a wrong check digit, a leading 0 or 1, mixed or misplaced separators and repeated digits", () => {
    for (const n of ["707084440082", "7200 1549 2432", "2512-0363 6724", "251 2036 36724", "70708444008", "7070844400811", "222222222222"]) {
      expect(isValidAadhaar(n), n).toBe(false);
    }
    // Verhoeff-valid, but UIDAI issues no number starting with 0 or 1.
    for (const n of ["135724680241", "057283619408"]) expect(isValidAadhaar(n), n).toBe(false);
  });
});
