import { describe, expect, it } from "vitest";
import { forbiddenAddressReason } from "./webhook-address.js";

describe("forbiddenAddressReason", () => {
  it("allows public unicast addresses", () => {
    for (const a of ["8.8.8.8", "93.184.215.14", "2606:4700:4700::1111", "[2a00:1450::1]"]) expect(forbiddenAddressReason(a), a).toBeNull();
  });

  it("refuses every address that is not public, naming why", () => {
    const cases: [string, string][] = [
      ["10.0.0.1", "private"],
      ["172.16.5.4", "private"],
      ["192.168.1.1", "private"],
      ["127.0.0.1", "loopback"],
      ["127.8.9.10", "loopback"],
      ["169.254.169.254", "link-local"],
      ["0.0.0.0", "unspecified"],
      ["224.0.0.1", "multicast"],
      ["255.255.255.255", "broadcast"],
      ["100.64.0.1", "carrier-grade NAT"],
      ["192.0.2.1", "reserved"],
      ["::1", "loopback"],
      ["::", "unspecified"],
      ["fe80::1", "link-local"],
      ["fd12:3456::1", "unique-local"],
      ["ff02::1", "multicast"],
      ["::ffff:10.0.0.1", "private"],
      ["::ffff:169.254.169.254", "link-local"],
      ["64:ff9b::a00:1", "NAT64"],
      ["2002:7f00:1::", "6to4"],
      ["2001:db8::1", "reserved"],
    ];
    for (const [address, why] of cases) expect(forbiddenAddressReason(address), address).toContain(why);
  });

  it("judges an IPv4-mapped address by the address it maps", () => {
    expect(forbiddenAddressReason("::ffff:8.8.8.8")).toBeNull();
  });

  it("refuses what is not an address", () => {
    expect(forbiddenAddressReason("example.com")).toContain("not an IP address");
  });
});
