import { describe, expect, it } from "vitest";
import { isIpv4, isIpv6, namesAVersion } from "./ip-address.js";

// The text with the quad marked by brackets of «»: whether namesAVersion reads that quad as a version.
function readAsVersion(marked: string): boolean {
  const start = marked.indexOf("«");
  return namesAVersion(marked.replace(/[«»]/g, ""), start, marked.indexOf("»") - 1);
}

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

describe("namesAVersion", () => {
  it("reads a quad as a version after a version word, in a changelog's headings and link references, or as one end of an upgrade", () => {
    for (const marked of [
      "ProductVersion: «6.3.9600.17»",
      'AssemblyFileVersion("«2.4.0.118»")',
      "firmware «4.12.0.7» is out",
      "## [«2.8.14.3»] - 2026-03-02",
      "### «7.0.1.2»",
      "[7.0.1.2]: https://git.test/o/r/compare/7.0.1.1...«7.0.1.2»",
      "- Bumped libxml2 from «2.9.14.0» to 2.11.5.0",
      "- Bumped libxml2 from 2.9.14.0 to «2.11.5.0»",
      "Upgrade the agent to «4.1.0.22» before May.",
      "# Release notes\n\n## 5.2.0\n\n- OpenSSL «3.0.13.1» → 3.0.15.0",
      "## [5.2.0] - 2026-01-09\n### Changed\n- zlib from «1.2.13.0» to 1.3.1.0",
    ]) {
      expect(readAsVersion(marked), marked).toBe(true);
    }
  });

  it("leaves addresses alone: a change of hosts, DNS records or traffic, a server's address, a link to a host", () => {
    for (const marked of [
      "The server is at «10.0.0.1».",
      "server «172.16.4.20»",
      "Updated the DNS record from «10.1.4.2» to 10.1.4.3",
      "Moved the database host from «192.168.7.12» to 192.168.7.40 after the upgrade",
      "Route traffic from «10.0.0.1» to 10.0.0.2",
      "## Changelog\n- Blocked requests from «172.16.254.1»",
      "[dashboard]: http://«10.20.30.40»/",
      "Connect to «203.0.113.42» via VPN.",
    ]) {
      expect(readAsVersion(marked), marked).toBe(false);
    }
  });
});
