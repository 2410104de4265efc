import { describe, expect, it } from "vitest";
import { isPaymentCardNumber } from "./payment-card.js";

describe("isPaymentCardNumber", () => {
  it("accepts Luhn-valid numbers of known networks (Dankort and UATP too) and lengths, grouped consistently", () => {
    for (const n of ["4111 1111 1111 1111", "5555-5555-5555-4444", "378282246310005", "3782 822463 10005", "6011111111111117", "3530111333300000", "30569309025904", "2221000000000009", "5019384901361945", "167971557317634"]) {
      expect(isPaymentCardNumber(n), n).toBe(true);
    }
  });
  it("refuses bad check digits, unknown prefixes, wrong lengths, mixed separators, short groups and repeated digits", () => {
    expect(isPaymentCardNumber("4111111111111112")).toBe(false);
    expect(isPaymentCardNumber("8000000000000002")).toBe(false); // Luhn-valid, no network
    expect(isPaymentCardNumber("41111111111111")).toBe(false); // Visa has no 14-digit numbers
    expect(isPaymentCardNumber("1679715573176340")).toBe(false); // UATP (prefix 1) issues only 15 digits
    expect(isPaymentCardNumber("167971557317635")).toBe(false);
    expect(isPaymentCardNumber("4111-1111 1111-1111")).toBe(false);
    expect(isPaymentCardNumber("1 78 08 52 815 990 65")).toBe(false); // Luhn-valid UATP digits, grouped like no card
    expect(isPaymentCardNumber("178085281599065")).toBe(true);
    expect(isPaymentCardNumber("4628 1968 1615 5")).toBe(true); // grouped in fours, a remainder last
    expect(isPaymentCardNumber("0000000000000000")).toBe(false);
  });
});
