import { describe, expect, it } from "vitest";
import { verhoeffValid } from "./verhoeff.js";

describe("verhoeffValid", () => {
  it("accepts numbers ending in their Verhoeff check digit", () => {
    for (const n of ["2363", "707084440081", "720015492431"]) expect(verhoeffValid(n), n).toBe(true);
  });
  it("refuses a changed digit, two adjacent digits swapped, and anything but digits", () => {
    expect(verhoeffValid("2364")).toBe(false);
    expect(verhoeffValid("707084440082")).toBe(false);
    expect(verhoeffValid("770084440081")).toBe(false); // 0 and 7 swapped: Luhn would miss some swaps, Verhoeff none
    for (const n of ["", "7", "7070 8444 0081", "70708444008a"]) expect(verhoeffValid(n), n).toBe(false);
  });
});
