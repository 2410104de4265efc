import { describe, expect, it } from "vitest";
import { isIpv4, isIpv6 } from "./ip-address.js";

describe("isIpv4 / isIpv6", () => {
  it("accepts addresses", () => {
    for (const a of ["0.0.0.0", "10.0.0.1", "255.255.255.255"]) expect(isIpv4(a), a).toBe(true);
    for (const a of ["::1", "2001:db8::1", "fe80::1ff:fe23:4567:890a", "2001:0db8:85a3:0000:0000:8a2e:0370:7334", "::ffff:192.0.2.1"]) expect(isIpv6(a), a).toBe(true);
  });
  it("refuses what only looks like one", () => {
    for (const a of ["256.1.1.1", "01.2.3.4", "1.2.3", "1.2.3.4.5"]) expect(isIpv4(a), a).toBe(false);
    for (const a of ["::", "1:2:3", "00:1A:2B:3C:4D:5E", "1::2::3", "12345::1", "1:2:3:4:5:6:7:8:9", ":::1"]) expect(isIpv6(a), a).toBe(false);
  });
});
