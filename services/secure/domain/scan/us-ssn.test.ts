import { describe, expect, it } from "vitest";
import { isValidUsSsn } from "./us-ssn.js";

describe("isValidUsSsn", () => {
  it("accepts numbers in issued ranges, dashed, spaced, dotted or bare", () => {
    for (const n of ["219-09-9998", "536 22 1234", "001010001", "665-99-9999", "899-01-0001", "536.22.1234"]) expect(isValidUsSsn(n), n).toBe(true);
  });
  it("refuses area 000, 666 and 900-999, group 00, serial 0000, repeated digits and published samples", () => {
    for (const n of ["000-12-3456", "666-12-3456", "900-12-3456", "999-99-9999", "123-00-4567", "123-45-0000", "111-11-1111", "078-05-1120", "219-09-9999", "123-45-6789", "12-345-6789"]) {
      expect(isValidUsSsn(n), n).toBe(false);
    }
  });
});
