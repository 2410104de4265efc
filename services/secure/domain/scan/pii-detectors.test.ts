import { describe, expect, it } from "vitest";
import { PII_DETECTORS } from "./pii-detectors.js";
import { detectIn } from "./scan-fixture.js";

describe("pii detectors", () => {
  it("cover the pii library: contact details, financial identifiers, IP addresses and national identifiers", () => {
    expect(PII_DETECTORS.map((d) => d.category)).toEqual([
      "email",
      "phone",
      "credit_card",
      "us_ssn",
      "iban",
      "ip_address",
      "uk_nino",
      "uk_nhs_number",
      "ca_sin",
      "in_aadhaar",
      "es_dni",
      "de_tax_id",
      "fr_nir",
    ]);
  });

  it("email: finds addresses, not file names, handles, URL credentials or bare local parts", () => {
    expect(detectIn("email", "Write to jane.doe+x@mail.acme.co.uk or <b@acme.io>.")).toEqual(["jane.doe+x@mail.acme.co.uk", "b@acme.io"]);
    expect(detectIn("email", "logo@2x.png, @alice, user@localhost, name@, git clone https://git@github.com/a/b, x..y@acme.com")).toEqual([]);
  });

  it("email: not SSH's user@host, as a remote in scp syntax or the login of an ssh command; still an address before a colon and a space", () => {
    for (const text of [
      "git clone git@gitlab.example.com:platform/billing.git",
      "rsync -az build/ deploy@web3.example.net:/srv/www/",
      "ssh -T git@bitbucket.org",
      "ssh -p 2202 -i ~/.ssh/ops_key ops@bastion.example.io",
    ]) {
      expect(detectIn("email", text), text).toEqual([]);
    }
    expect(detectIn("email", "From: priya.n@example.org: see below. Send the ssh key to ken@example.net")).toEqual(["priya.n@example.org", "ken@example.net"]);
  });

  it("phone: finds international, North American and keyword-backed national numbers", () => {
    expect(detectIn("phone", "Call +44 20 7946 0958 or (415) 555-2671 or 1-800-555-0199.")).toEqual([
      "+44 20 7946 0958",
      "(415) 555-2671",
      "1-800-555-0199",
    ]);
    expect(detectIn("phone", "Tel: 030 1234567")).toEqual(["030 1234567"]);
    expect(detectIn("phone", '{"phone":"+14155552671"}')).toEqual(["+14155552671"]);
  });

  it("phone: international numbers must be valid in their country's numbering plan", () => {
    expect(detectIn("phone", "Call +49 30 1234567, +81 90 1234 5678 or +55 11 98456 5666.")).toEqual(["+49 30 1234567", "+81 90 1234 5678", "+55 11 98456 5666"]);
    // No NANP area code starts with 1; +999 is no country's code; +44 12 3456 is too short for the UK.
    expect(detectIn("phone", "Build +1 123 456 7890, code +999 12 345 678, +44 12 3456, (123) 456-7890, 415-155-2671")).toEqual([]);
  });

  it("phone: North American numbers of every country of +1, also written with dots", () => {
    expect(detectIn("phone", "Emergency contact: 604.872.3391; cell (438) 271-9046; Kingston office 876-926-1234.")).toEqual([
      "604.872.3391",
      "(438) 271-9046",
      "876-926-1234",
    ]);
    // No exchange starts with 0 or 1, in Canada as in the US.
    expect(detectIn("phone", "Emergency contact: 604.172.3391, call 438-071-9046")).toEqual([]);
  });

  it("phone: national numbers next to a Japanese, Korean or Chinese word for a phone, valid in the plan of the country it implies", () => {
    expect(detectIn("phone", "携帯：080-4412-9083、電話 06-6341-2287")).toEqual(["080-4412-9083", "06-6341-2287"]);
    expect(detectIn("phone", "휴대폰 010-8823-4471 / 연락처 02-3142-7765")).toEqual(["010-8823-4471", "02-3142-7765"]);
    expect(detectIn("phone", "手机 159 2231 7784，联系电话：13761029384")).toEqual(["159 2231 7784", "13761029384"]);
    // 電話 is Taiwan's word too: 02 is Taipei there (and no Japanese area code).
    expect(detectIn("phone", "電話 02-2758-1234")).toEqual(["02-2758-1234"]);
  });

  it("phone: not what the implied country's plan refuses, nor a Chinese mobile's digits without a Chinese word", () => {
    expect(detectIn("phone", "携帯 012-3456-7890")).toEqual([]);
    expect(detectIn("phone", "전화 099-1234-5678")).toEqual([]);
    expect(detectIn("phone", "手机 12345678901, 电话 138 0013 800")).toEqual([]);
    expect(detectIn("phone", "Order 13761029384, phone 13761029384")).toEqual([]);
  });

  it("phone: leaves dates, versions, ISBNs, invalid area codes and unlabelled national digits alone", () => {
    expect(detectIn("phone", "2023-10-15, v1.2.3, ISBN 978-3-16-148410-0, 123-456-7890, 094105-1234, ref 030 1234567")).toEqual([]);
  });

  it("phone: not the tail of a longer run of digit groups", () => {
    expect(detectIn("phone", "Tracking number 3589 8589 0748 8867")).toEqual([]);
  });

  it("credit_card: needs a network prefix, a network length and a valid Luhn digit", () => {
    expect(detectIn("credit_card", "Cards 4111 1111 1111 1111 and 3782-822463-10005? Also 5555555555554444.")).toEqual([
      "4111 1111 1111 1111",
      "3782-822463-10005",
      "5555555555554444",
    ]);
    expect(detectIn("credit_card", "Amex 3782 822463 10005")).toEqual(["3782 822463 10005"]);
    expect(detectIn("credit_card", "Order 4111 1111 1111 1112, ref 8000 0000 0000 0002, ts 1700000000000, 4111-1111 1111-1111")).toEqual([]);
    expect(detectIn("credit_card", "id 1234-4111111111111111 and 9400111899223344556677")).toEqual([]);
  });

  it("credit_card: knows Dankort and UATP numbers", () => {
    expect(detectIn("credit_card", "Dankort 5019 3849 0136 1945, UATP 167971557317634")).toEqual(["5019 3849 0136 1945", "167971557317634"]);
    expect(detectIn("credit_card", "UATP 167971557317635, 1679715573176340")).toEqual([]);
  });

  it("us_ssn: finds dashed, spaced and dotted numbers in issued ranges", () => {
    expect(detectIn("us_ssn", "SSN 536-22-1234 and 536 22 1235 and 536.22.1237.")).toEqual(["536-22-1234", "536 22 1235", "536.22.1237"]);
    expect(detectIn("us_ssn", "000-12-3456 666-12-3456 900-12-3456 123-00-4567 123-45-0000 078-05-1120 123-45-67890")).toEqual([]);
    expect(detectIn("us_ssn", "536-22.1234, 536 22 1234 5678, 1-536-22-1234, 536.22.1234.5")).toEqual([]);
    expect(detectIn("us_ssn", "Case 536-22-1234-B was closed. Build 536.22.1235 passed. Case 536-22-1236 is open.")).toEqual(["536-22-1236"]);
  });

  it("us_ssn: not a part, lot, stock or catalogue number in the SSN's shape, unless an SSN word is nearer", () => {
    for (const text of ["Part No. 532-41-7789", "lot 271-33-9046 expires 2027", "BOM line 4: 604-18-2245 capacitor", "SKU: 448 21 6603", "P/N 339-52-7710 rev B", "Cat. no. 512-60-3318"]) {
      expect(detectIn("us_ssn", text), text).toEqual([]);
    }
    expect(detectIn("us_ssn", "Lot 12 buyer, SSN 532-41-7789")).toEqual(["532-41-7789"]);
    expect(detectIn("us_ssn", "SSN 604-18-2245 of the part-time hire")).toEqual(["604-18-2245"]);
  });

  it("us_ssn: finds bare and half-dashed numbers unless a word says they number something else", () => {
    expect(detectIn("us_ssn", "ssn: 536221236")).toEqual(["536221236"]);
    expect(detectIn("us_ssn", "Applicant 536221236 (SSN).")).toEqual(["536221236"]);
    expect(detectIn("us_ssn", "536221236")).toEqual(["536221236"]);
    expect(detectIn("us_ssn", "She wrote 536-221236 on the form.")).toEqual(["536-221236"]);
    expect(detectIn("us_ssn", "Order 536221236 shipped.")).toEqual([]);
    expect(detectIn("us_ssn", "Invoice no. 536221237, account 536-221238, phone 536221239, #536221240, $536221241")).toEqual([]);
    expect(detectIn("us_ssn", "pi 0.536221236, 1,536221236, 536221236.5")).toEqual([]);
    expect(detectIn("us_ssn", "https://example.com/orders/536221236/items, PROJ-536221237, 536221238@example.com, 536221239-b")).toEqual([]);
    expect(detectIn("us_ssn", "/536221236")).toEqual([]);
  });

  it("us_ssn: takes AAAGG-SSSS, the shape of ZIP+4, only with an SSN word", () => {
    expect(detectIn("us_ssn", "Ship to CA 94105-1234.")).toEqual([]);
    expect(detectIn("us_ssn", "ZIP 53622-1234; SSN 53622-1236")).toEqual(["53622-1236"]);
  });

  it("iban: validates mod-97 and the country's length, also grouped, lower case or followed by more text", () => {
    expect(detectIn("iban", "IBAN DE89 3704 0044 0532 0130 00 please")).toEqual(["DE89 3704 0044 0532 0130 00"]);
    expect(detectIn("iban", "to GB82WEST12345698765432, or de89370400440532013000")).toEqual(["GB82WEST12345698765432", "de89370400440532013000"]);
    expect(detectIn("iban", "IBAN DE89 3704 0044 0532 0130 01, GB00 WEST 1234 5698 7654 32, US0378331005")).toEqual([]);
  });

  it("iban: every registry country and territory, dashes as separators, never mixed case or mixed separators", () => {
    expect(detectIn("iban", "to HN36 BCON 0000 0000 0012 3456 7890, GF4120041010050500013M02606 or AL47-2121-1009-0000-0002-3569-8741.")).toEqual([
      "HN36 BCON 0000 0000 0012 3456 7890",
      "GF4120041010050500013M02606",
      "AL47-2121-1009-0000-0002-3569-8741",
    ]);
    expect(detectIn("iban", "JE90 NWBK 6016 1331 9268 19")).toEqual(["JE90 NWBK 6016 1331 9268 19"]);
    expect(detectIn("iban", "Gb82 west 1234 5698 7654 32, DE89 3704-0044 0532 0130 00, GF41 2004 1010 0505 0001 3M02 607")).toEqual([]);
  });

  it("ip_address: finds IPv4 and IPv6, not versions, OIDs, MACs, times or scoped names", () => {
    expect(detectIn("ip_address", "hosts 10.0.0.1, [2001:db8::1]:443, ::1 and fe80::1ff:fe23:4567:890a")).toEqual([
      "10.0.0.1",
      "2001:db8::1",
      "::1",
      "fe80::1ff:fe23:4567:890a",
    ]);
    expect(detectIn("ip_address", "v1.2.3.4, 1.3.6.1.4.1.311, 999.1.1.1, 12:30:45, 00:1A:2B:3C:4D:5E, std::vector, section 4.2.1.3")).toEqual([]);
  });

  it("ip_address: not a four-part version in a changelog, after a version word or in an upgrade; still an address whose change is of hosts", () => {
    const changelog = "## [4.2.0.1] - 2026-02-11\n### Changed\n- Bundled SQLite from 3.44.2.0 to 3.46.1.0\n\n[4.2.0.1]: https://git.test/compare/4.2.0.0...4.2.0.1\n";
    expect(detectIn("ip_address", changelog)).toEqual([]);
    expect(detectIn("ip_address", "Installed OS build 10.0.22631.2, assemblyVersion: 1.0.0.0, v4.3.2.1")).toEqual([]);
    expect(detectIn("ip_address", "Updated the DNS record from 10.1.4.2 to 10.1.4.3")).toEqual(["10.1.4.2", "10.1.4.3"]);
  });

  it("uk_nino: finds allocated prefixes with a suffix A-D, together or spaced in pairs", () => {
    expect(detectIn("uk_nino", "NI number AB 12 34 56 C, or JG103759A.")).toEqual(["AB 12 34 56 C", "JG103759A"]);
    expect(detectIn("uk_nino", "QQ 12 34 56 C, GB123456A, DA123456A, AB123456E, AB 12 3456 C, XAB123456C")).toEqual([]);
  });

  it("uk_nhs_number: finds modulus 11 valid numbers named as NHS or patient numbers", () => {
    expect(detectIn("uk_nhs_number", "NHS number: 943 476 5919")).toEqual(["943 476 5919"]);
    expect(detectIn("uk_nhs_number", "Patient 7699588541 was seen.")).toEqual(["7699588541"]);
    expect(detectIn("uk_nhs_number", "NHS number 943 476 5918")).toEqual([]);
    // Valid check digit but nothing names it: as likely a phone number.
    expect(detectIn("uk_nhs_number", "Call 943 476 5919 today.")).toEqual([]);
  });

  it("ca_sin: finds Luhn-valid numbers named as a SIN, never the 0-prefixed published example", () => {
    expect(detectIn("ca_sin", "SIN: 661 362 277; social insurance number 330-678-053.")).toEqual(["661 362 277", "330-678-053"]);
    expect(detectIn("ca_sin", "SIN 661 362 278, SIN 046 454 286, SIN 876 543 216")).toEqual([]);
    // "using" holds "sin" but is no word for it; SIREN numbers share the shape and check.
    expect(detectIn("ca_sin", "Using 661 362 277 as SIREN.")).toEqual([]);
  });

  it("ca_sin / us_ssn: a nine-digit number named as a SIN is a SIN, not an SSN", () => {
    expect(detectIn("ca_sin", "My SIN is 661362277.")).toEqual(["661362277"]);
    expect(detectIn("us_ssn", "My SIN is 661362277.")).toEqual([]);
  });

  it("in_aadhaar: finds Verhoeff-valid numbers grouped 4-4-4, bare ones only when named", () => {
    expect(detectIn("in_aadhaar", "Aadhaar 7070 8444 0081 and 7200-1549-2431")).toEqual(["7070 8444 0081", "7200-1549-2431"]);
    expect(detectIn("in_aadhaar", "UIDAI number: 251203636724")).toEqual(["251203636724"]);
    expect(detectIn("in_aadhaar", "Order 251203636724 shipped.")).toEqual([]);
    expect(detectIn("in_aadhaar", "7070 8444 0082, 1357 2468 0241, 2222 2222 2222, card 4111 7200 1549 2431")).toEqual([]);
  });

  it("in_aadhaar / phone: a Verhoeff-valid number starting with 0 or 1 is no Aadhaar, nor a phone number because an Aadhaar word calls it a number", () => {
    const text = "Aadhaar numbers never start with 0 or 1, so 0263 9500 9509 and 1760-7258-2113 are not ones.";
    expect(detectIn("in_aadhaar", text)).toEqual([]);
    expect(detectIn("phone", text)).toEqual([]);
    expect(detectIn("phone", "Aadhaar number: 0762 1868 0116")).toEqual([]);
    // A word naming a phone still vouches for it.
    expect(detectIn("phone", "Aadhaar 7070 8444 0081, mobile 0762 1868 0116")).toEqual(["0762 1868 0116"]);
  });

  it("es_dni: finds DNI and NIE numbers with the right control letter", () => {
    expect(detectIn("es_dni", "DNI 12345678Z, 69.160.222-G; NIE X1234567L, y1874234r")).toEqual(["12345678Z", "69.160.222-G", "X1234567L", "y1874234r"]);
    expect(detectIn("es_dni", "12345678A, X1234567A, 1234567Z, W1234567L, 00000000T, 2024-12345678Z")).toEqual([]);
  });

  it("de_tax_id: finds valid tax IDs named as such, bare or grouped 2-3-3-3", () => {
    expect(detectIn("de_tax_id", "Steuer-ID: 65 929 970 489; IdNr 86095742719")).toEqual(["65 929 970 489", "86095742719"]);
    expect(detectIn("de_tax_id", "Steuer-ID 86095742718, Steuer-ID 12345678903")).toEqual([]);
    expect(detectIn("de_tax_id", "Kundennummer 86095742719")).toEqual([]);
  });

  it("fr_nir: finds NIRs with a valid key, grouped on their own and bare only when named", () => {
    expect(detectIn("fr_nir", "NIR 1 84 12 76 451 089 46, carte vitale 250018541987955, 2 69 05 2A 123 456 88")).toEqual([
      "1 84 12 76 451 089 46",
      "250018541987955",
      "2 69 05 2A 123 456 88",
    ]);
    expect(detectIn("fr_nir", "Ref 250018541987955 and 1 84 12 76 451 089 47")).toEqual([]);
  });
});

