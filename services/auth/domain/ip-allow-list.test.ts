import { describe, expect, it } from "vitest";
import { anonymousClientId, isIpAllowed, normalizeAllowedIp } from "./ip-allow-list.js";

describe("normalizeAllowedIp", () => {
  it.each([
    ["1.2.3.4", "1.2.3.4"],
    [" 10.0.0.1 ", "10.0.0.1"],
    ["10.1.2.3/8", "10.0.0.0/8"],
    ["192.168.1.77/24", "192.168.1.0/24"],
    ["0.0.0.0/0", "0.0.0.0/0"],
    ["2001:DB8:0:0::1", "2001:db8::1"],
    ["2001:db8:abcd:12::1/48", "2001:db8:abcd::/48"],
    ["::/0", "::/0"],
    ["::ffff:1.2.3.4", "1.2.3.4"],
    ["::ffff:10.9.8.7/104", "10.0.0.0/8"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeAllowedIp(input)).toBe(expected);
  });

  it.each(["", "localhost", "1.2.3", "127.1", "0x7f.0.0.1", "1.2.3.4/33", "1.2.3.4/", "1.2.3.4/-1", "::1/129", "fe80::1%eth0", "1.2.3.4/8/8", "256.1.1.1"])(
    "refuses %j",
    (input) => {
      expect(normalizeAllowedIp(input)).toBeNull();
    },
  );
});

describe("isIpAllowed", () => {
  it("allows everybody with an empty list", () => {
    expect(isIpAllowed("203.0.113.9", [])).toBe(true);
    expect(isIpAllowed("", [])).toBe(true);
  });

  it("matches IPv4 addresses and CIDRs", () => {
    const list = ["10.0.0.0/8", "192.0.2.7"];
    expect(isIpAllowed("10.20.30.40", list)).toBe(true);
    expect(isIpAllowed("192.0.2.7", list)).toBe(true);
    expect(isIpAllowed("192.0.2.8", list)).toBe(false);
    expect(isIpAllowed("11.0.0.1", list)).toBe(false);
  });

  it("matches IPv6 addresses and CIDRs", () => {
    const list = ["2001:db8::/32", "::1"];
    expect(isIpAllowed("2001:db8:1:2::3", list)).toBe(true);
    expect(isIpAllowed("::1", list)).toBe(true);
    expect(isIpAllowed("2001:db9::1", list)).toBe(false);
    expect(isIpAllowed("10.0.0.1", list)).toBe(false);
  });

  it("treats IPv4-mapped IPv6 clients as their IPv4 address", () => {
    expect(isIpAllowed("::ffff:10.1.2.3", ["10.0.0.0/8"])).toBe(true);
    expect(isIpAllowed("::ffff:192.0.2.7", ["192.0.2.7"])).toBe(true);
    expect(isIpAllowed("::ffff:11.1.2.3", ["10.0.0.0/8"])).toBe(false);
  });

  it("lets IPv6 ranges covering the mapped space match IPv4 clients", () => {
    expect(isIpAllowed("198.51.100.1", ["::/0"])).toBe(true);
  });

  it("ignores a zone suffix on the client address", () => {
    expect(isIpAllowed("fe80::1%eth0", ["fe80::/10"])).toBe(true);
  });

  it("refuses unparseable client addresses when a list is set", () => {
    expect(isIpAllowed("", ["0.0.0.0/0"])).toBe(false);
    expect(isIpAllowed("not-an-ip", ["0.0.0.0/0"])).toBe(false);
  });
});

describe("anonymousClientId", () => {
  it("meters IPv4 (also mapped) per address and IPv6 per /64", () => {
    expect(anonymousClientId("192.0.2.1")).toBe("192.0.2.1");
    expect(anonymousClientId("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(anonymousClientId("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(anonymousClientId("2001:db8:1:2:bbbb::9")).toBe("2001:db8:1:2::/64");
    expect(anonymousClientId("garbage")).toBe("unknown");
  });
});
