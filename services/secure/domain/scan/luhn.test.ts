import { describe, expect, it } from "vitest";
import { luhnValid } from "./luhn.js";

describe("luhnValid", () => {
  it("accepts numbers whose check digit is right", () => {
    for (const n of ["4111111111111111", "5555555555554444", "378282246310005", "6011111111111117", "79927398713"]) expect(luhnValid(n), n).toBe(true);
  });
  it("refuses a changed digit, a transposition and anything not digits", () => {
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(luhnValid("79927398731")).toBe(false);
    expect(luhnValid("4111 1111 1111 1111")).toBe(false);
    expect(luhnValid("")).toBe(false);
    expect(luhnValid("0")).toBe(false);
  });
});
