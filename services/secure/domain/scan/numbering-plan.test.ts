import { describe, expect, it } from "vitest";
import { inNumberingPlan } from "./numbering-plan.js";

describe("inNumberingPlan", () => {
  it("accepts numbers the country's plan assigns: fixed lines, mobiles, toll-free, on several continents", () => {
    for (const n of ["442079460958", "14155552671", "18005550199", "5511984565666", "493012345678", "33142685300", "819012345678", "61291234567", "919876543210"]) {
      expect(inNumberingPlan(n), n).toBe(true);
    }
  });
  it("refuses unknown calling codes, impossible lengths and digits no number type allows", () => {
    // 1 123…: NANP area codes never start with 0 or 1; +44 1… needs 9-10 national digits; +999 is unassigned.
    for (const n of ["11234567890", "4412345", "9991234567", "4420794609581234", "1415", "", "+14155552671", "0014155552671"]) {
      expect(inNumberingPlan(n), n).toBe(false);
    }
  });
  it("accepts numbers of the countries that share a calling code with a larger one, and refuses what none of them assigns", () => {
    // Canada and Jamaica (+1), Guernsey (+44), Kazakhstan (+7), Vatican City (+39), Christmas Island (+61).
    for (const n of ["16048723391", "14382719046", "18769261234", "441481256789", "77172581234", "390669881234", "61891647321"]) {
      expect(inNumberingPlan(n), n).toBe(true);
    }
    // Exchanges starting with 0 or 1 exist in no NANP country; +44 1481 1… is no Guernsey number.
    for (const n of ["16041723391", "14380719046", "18760261234", "441481156789"]) {
      expect(inNumberingPlan(n), n).toBe(false);
    }
  });
});
