import { SampleList, type GeneratedSample } from "./sample-list.js";
import { DIGITS, SeededRandom, UPPER } from "./seeded-random.js";

// Written here rather than taken from the scanner, so a bug there cannot make its own test data agree with it.
function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

function ibanCheckDigits(country: string, bban: string): string {
  const numeric = (bban + country + "00").replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  return String(98n - (BigInt(numeric) % 97n)).padStart(2, "0");
}

const CARD_NETWORKS: readonly { name: string; prefixes: readonly string[]; length: number; groups: readonly number[] }[] = [
  { name: "Visa", prefixes: ["4"], length: 16, groups: [4, 4, 4, 4] },
  { name: "Mastercard", prefixes: ["51", "52", "53", "54", "55", "2221", "2500", "2720"], length: 16, groups: [4, 4, 4, 4] },
  { name: "American Express", prefixes: ["34", "37"], length: 15, groups: [4, 6, 5] },
  { name: "Discover", prefixes: ["6011", "65", "644"], length: 16, groups: [4, 4, 4, 4] },
  { name: "JCB", prefixes: ["3528", "3589"], length: 16, groups: [4, 4, 4, 4] },
  { name: "Diners Club", prefixes: ["36"], length: 14, groups: [4, 6, 4] },
  { name: "UnionPay", prefixes: ["62"], length: 16, groups: [4, 4, 4, 4] },
];

function grouped(digits: string, groups: readonly number[], sep: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const g of groups) {
    parts.push(digits.slice(at, at + g));
    at += g;
  }
  return parts.join(sep);
}

const CARD_CONTEXTS = [
  (v: string) => `Card number: ${v}`,
  (v: string) => `Please charge ${v} for the annual renewal.`,
  (v: string, n: string) => `${n} ${v} exp 09/28`,
  (v: string) => `My card is ${v}, the CVV is on the back.`,
  (v: string) => `{"customer": "c_1042", "pan": "${v}", "currency": "EUR"}`,
  (v: string) => `payment_method=card&cc=${v}&save=true`,
  (v: string) => `| Jane Park | ${v} | paid |`,
  (v: string) => `The customer read out ${v} over the phone and asked us to keep it on file.`,
  (v: string, n: string) => `Refund issued to the ${n} ending in ${v.slice(-4)}; full number on the form was ${v}.`,
];

// Luhn-invalid numbers in the same places read as order, tracking or reference numbers.
const CARD_LOOKALIKE_CONTEXTS = [
  (v: string) => `Card number: ${v}`,
  (v: string) => `Tracking number ${v} — parcel left at the depot.`,
  (v: string) => `Order reference ${v} was refunded in full.`,
  (v: string) => `{"invoice_id": "${v}", "status": "open"}`,
  (v: string) => `Serial: ${v}`,
  (v: string) => `Please charge ${v} for the annual renewal.`,
];

function cards(r: SeededRandom, list: SampleList): void {
  for (let i = 0; i < 42; i++) {
    const net = CARD_NETWORKS[i % CARD_NETWORKS.length]!;
    const prefix = r.pick(net.prefixes);
    const body = prefix + r.digits(net.length - prefix.length - 1);
    const number = body + luhnCheckDigit(body);
    const layout = i % 3 === 0 ? number : grouped(number, net.groups, i % 3 === 1 ? " " : "-");
    list.positive(r.pick(CARD_CONTEXTS)(layout, net.name), ["credit_card"], `${net.name}, Luhn-valid`);
  }
  for (let i = 0; i < 30; i++) {
    const net = CARD_NETWORKS[i % CARD_NETWORKS.length]!;
    const prefix = r.pick(net.prefixes);
    const body = prefix + r.digits(net.length - prefix.length - 1);
    const wrong = String((Number(luhnCheckDigit(body)) + r.int(1, 9)) % 10);
    const number = body + wrong;
    const layout = i % 3 === 0 ? number : grouped(number, net.groups, i % 3 === 1 ? " " : "-");
    list.negative(r.pick(CARD_LOOKALIKE_CONTEXTS)(layout), `${net.name} layout, Luhn-invalid`);
  }
}

// Basic bank account numbers as each country lays them out (letters: bank codes).
const BBAN: Readonly<Record<string, string>> = {
  DE: "n18",
  GB: "a4n14",
  FR: "n10c11n2",
  ES: "n20",
  IT: "a1n10c12",
  NL: "a4n10",
  BE: "n12",
  CH: "n5c12",
  AT: "n16",
  PL: "n24",
  SE: "n20",
  IE: "a4n14",
  PT: "n21",
  NO: "n11",
  DK: "n14",
  FI: "n14",
};

function bban(r: SeededRandom, layout: string): string {
  let s = "";
  for (const [, kind, n] of layout.matchAll(/([anc])(\d+)/g)) {
    s += r.chars(kind === "n" ? DIGITS : kind === "a" ? UPPER : UPPER + DIGITS, Number(n));
  }
  return s;
}

const IBAN_CONTEXTS = [
  (v: string) => `IBAN: ${v}`,
  (v: string) => `Please transfer the deposit to ${v} by Friday.`,
  (v: string) => `Bankverbindung: ${v} (Sparkasse)`,
  (v: string) => `Beneficiary account ${v}, reference INV-2291.`,
  (v: string) => `"iban": "${v}",`,
  (v: string) => `Wire the balance to the following account: ${v}. Thanks!`,
];

function ibans(r: SeededRandom, list: SampleList): void {
  const countries = Object.keys(BBAN);
  for (let i = 0; i < 36; i++) {
    const country = countries[i % countries.length]!;
    const b = bban(r, BBAN[country]!);
    const iban = country + ibanCheckDigits(country, b) + b;
    const layout = i % 2 === 0 ? iban.replace(/(.{4})(?=.)/g, "$1 ") : iban;
    list.positive(r.pick(IBAN_CONTEXTS)(layout), ["iban"], `${country} IBAN, valid check digits`);
  }
  for (let i = 0; i < 24; i++) {
    const country = countries[i % countries.length]!;
    const b = bban(r, BBAN[country]!);
    const check = ibanCheckDigits(country, b);
    // One changed digit always changes the remainder mod 97.
    const at = r.int(0, b.length - 1);
    const changed = /[0-9]/.test(b[at]!) ? String((Number(b[at]) + r.int(1, 9)) % 10) : b[at] === "Z" ? "A" : String.fromCharCode(b.charCodeAt(at) + 1);
    const iban = country + check + b.slice(0, at) + changed + b.slice(at + 1);
    const layout = i % 2 === 0 ? iban.replace(/(.{4})(?=.)/g, "$1 ") : iban;
    list.negative(r.pick(IBAN_CONTEXTS)(layout), `${country} IBAN layout, wrong check digits`);
  }
}

const SSN_CONTEXTS = [
  (v: string) => `SSN: ${v}`,
  (v: string) => `Employee social security number ${v} is on the W-2.`,
  (v: string) => `Applicant: Maria Lopez, DOB 03/14/1987, SSN ${v}`,
  (v: string) => `Her social security no. is ${v}; please verify it with payroll.`,
  (v: string) => `{"name": "T. Reed", "ssn": "${v}"}`,
];

function ssns(r: SeededRandom, list: SampleList): void {
  for (let i = 0; i < 30; i++) {
    let area = r.int(1, 899);
    if (area === 666) area = 667;
    const digits = String(area).padStart(3, "0") + String(r.int(1, 99)).padStart(2, "0") + String(r.int(1, 9999)).padStart(4, "0");
    const layout = i % 3 === 0 ? `${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}` : `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
    list.positive(r.pick(SSN_CONTEXTS)(i % 5 === 4 ? digits : layout), ["us_ssn"], "valid area, group and serial");
  }
  const invalid = [
    () => `000-${r.digits(2).replace("00", "12")}-${r.int(1000, 9999)}`,
    () => `666-${r.int(10, 99)}-${r.int(1000, 9999)}`,
    () => `${r.int(900, 999)}-${r.int(70, 88)}-${r.int(1000, 9999)}`,
    () => `${r.int(100, 665)}-00-${r.int(1000, 9999)}`,
    () => `${r.int(100, 665)}-${r.int(10, 99)}-0000`,
  ];
  for (let i = 0; i < 20; i++) {
    list.negative(r.pick(SSN_CONTEXTS)(invalid[i % invalid.length]!()), "SSN layout, area/group/serial never issued (ITIN or invalid)");
  }
  const lookalikes = [
    () => `Part number ${r.int(1000, 9999)}-${r.int(100, 899)}-${r.int(10, 99)}-${r.int(1000, 9999)} is back in stock.`,
    () => `Case ${r.int(100, 899)}-${r.int(10, 99)}-${r.int(1000, 9999)}-B was closed.`,
    () => `Build ${r.int(100, 899)}.${r.int(10, 99)}.${r.int(1000, 9999)} passed all checks.`,
  ];
  for (let i = 0; i < 9; i++) list.negative(lookalikes[i % lookalikes.length]!(), "SSN-shaped digits inside a longer identifier");
}

const FIRST = ["jane", "omar", "li", "sofia", "mateo", "aisha", "noah", "yuki", "lars", "priya", "tomas", "emma", "kwame", "ines", "dmitri"];
const LAST = ["park", "haddad", "wei", "rossi", "garcia", "khan", "muller", "tanaka", "berg", "patel", "novak", "smith", "mensah", "silva", "ivanov"];
const DOMAINS = ["example.com", "acme.io", "mail.example.org", "corp.example.net", "uni-example.edu", "shop.example.co.uk", "example.de", "startup.example.dev"];

function emails(r: SeededRandom, list: SampleList): void {
  const forms = [
    (f: string, l: string) => `${f}.${l}`,
    (f: string, l: string) => `${f[0]}${l}`,
    (f: string, l: string) => `${f}_${l}${r.int(1, 99)}`,
    (f: string) => `${f}+${r.pick(["billing", "news", "test"])}`,
    (f: string, l: string) => `${l}.${f}`,
  ];
  const contexts = [
    (v: string) => `Please send the signed contract to ${v}.`,
    (v: string) => `From: ${v}\nSubject: Re: quarterly numbers`,
    (v: string) => `contact_email = "${v}"`,
    (v: string) => `You can reach our new hire at ${v} from Monday.`,
    (v: string) => `<a href="mailto:${v}">Write to us</a>`,
    (v: string) => `Reported by ${v} on 2025-02-11.`,
  ];
  for (let i = 0; i < 30; i++) {
    const f = r.pick(FIRST);
    const l = r.pick(LAST);
    const address = `${r.pick(forms)(f, l)}@${r.pick(DOMAINS)}`;
    list.positive(r.pick(contexts)(address), ["email"], "e-mail address");
  }
  const lookalikes = [
    "Export the icon as menu@2x.png and menu@3x.png.",
    "Install it with npm i lodash@4.17.21 and restart.",
    "Ping @jane.park in the #release channel.",
    "Write to jane dot park at example dot com.",
    "The test server accepts admin@localhost only.",
    "Decorate the class with @Injectable() and register it.",
    "Pin the action to actions/checkout@v4 in the workflow.",
    "The docker image is node@sha256 pinned in the lockfile.",
    "Use the mask foo@bar for every login field in the fixture.",
    "Price: 12 units @ 3.50 each.",
    "Follow us @acme_support for status updates.",
    "Scoped packages look like @types/node and @babel/core.",
    "At 5pm @ the office: pizza.",
    "The field expects local-part@domain; leave it empty if unknown.",
    "Save the retina asset as header-logo@2x.webp.",
  ];
  for (const text of lookalikes) list.negative(text, "@ in something that is not an address");
}

function ips(r: SeededRandom, list: SampleList): void {
  const v4 = () => `${r.int(11, 223)}.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`;
  const hex = () => r.int(1, 0xffff).toString(16);
  const v6 = [
    () => `2001:db8:${hex()}:${hex()}::${hex()}`,
    () => `fe80::${hex()}:${hex()}:${hex()}:${hex()}`,
    () => `2a00:${hex()}:${hex()}:${hex()}:${hex()}:${hex()}:${hex()}:${hex()}`,
    () => `::1`,
  ];
  const contexts = [
    (v: string) => `The request came from ${v} at 02:14 UTC.`,
    (v: string) => `ssh deploy@${v} -p 2222`,
    (v: string) => `Failed login for admin from ${v} (3 attempts).`,
    (v: string) => `upstream backend { server ${v}:8080; }`,
    (v: string) => `Client IP: ${v}`,
    (v: string) => `Add ${v} to the allow-list, please.`,
  ];
  for (let i = 0; i < 22; i++) {
    const address = i % 3 === 2 ? r.pick(v6)() : v4();
    const text = r.pick(contexts)(address);
    list.positive(address.includes(":") && text.includes(`${address}:8080`) ? `Client IP: ${address}` : text, ["ip_address"], address.includes(":") ? "IPv6" : "IPv4");
  }
  const lookalikes = [
    () => `Upgrade to version ${r.int(1, 12)}.${r.int(0, 9)}.${r.int(0, 20)}.${r.int(0, 99)} before Friday.`,
    () => `Tagged v${r.int(1, 9)}.${r.int(0, 9)}.${r.int(0, 9)}.${r.int(0, 9)} on main.`,
    () => `The OID 1.3.6.1.4.1.${r.int(100, 60000)}.${r.int(1, 9)} identifies the vendor MIB.`,
    () => `See section ${r.int(1, 9)}.${r.int(1, 9)}.${r.int(1, 9)}.${r.int(1, 9)} of the standard.`,
    () => `The value ${r.int(300, 999)}.${r.int(256, 999)}.${r.int(0, 255)}.${r.int(0, 255)} is out of range for an address.`,
    () => `Interface MAC 00:1a:${hex().padStart(2, "0").slice(0, 2)}:3c:4d:5e went down.`,
    () => `Meeting at 10:30:00 sharp; the build took 00:12:41.`,
    () => `Coordinates ${r.int(10, 60)}.${r.digits(4)}, ${r.int(10, 120)}.${r.digits(4)} mark the site.`,
    () => `Figure ${r.int(1, 9)}.${r.int(1, 9)} and table ${r.int(1, 9)}.${r.int(1, 9)} summarise the results.`,
    () => `Python 3.${r.int(8, 13)}.${r.int(0, 9)} and Node ${r.int(18, 24)}.${r.int(0, 12)}.${r.int(0, 9)} are supported.`,
  ];
  for (let i = 0; i < 20; i++) list.negative(lookalikes[i % lookalikes.length]!(), "dotted or colon-separated numbers that are not addresses");
}

function phones(r: SeededRandom, list: SampleList): void {
  const nanp = () => `${r.int(2, 9)}${r.digits(2)}`;
  const forms = [
    () => `(${nanp()}) ${nanp()}-${r.digits(4)}`,
    () => `${nanp()}-${nanp()}-${r.digits(4)}`,
    () => `+1 ${nanp()} ${nanp()} ${r.digits(4)}`,
    () => `+44 20 ${r.int(7000, 8999)} ${r.digits(4)}`,
    () => `+44 7${r.digits(3)} ${r.digits(6)}`,
    () => `+49 30 ${r.digits(8)}`,
    () => `+33 6 ${r.digits(2)} ${r.digits(2)} ${r.digits(2)} ${r.digits(2)}`,
    () => `+91 9${r.digits(4)} ${r.digits(5)}`,
    () => `+61 4${r.digits(2)} ${r.digits(3)} ${r.digits(3)}`,
    () => `+34 6${r.digits(2)} ${r.digits(3)} ${r.digits(3)}`,
  ];
  const contexts = [
    (v: string) => `Call me on ${v} after six.`,
    (v: string) => `Mobile: ${v}`,
    (v: string) => `For urgent issues ring the on-call engineer at ${v}.`,
    (v: string) => `Tel. ${v} | Fax available on request`,
    (v: string) => `She left a voicemail from ${v} about the delivery.`,
  ];
  for (let i = 0; i < 30; i++) list.positive(r.pick(contexts)(forms[i % forms.length]!()), ["phone"], "phone number");
  const lookalikes = [
    () => `ISBN 978-${r.int(0, 9)}-${r.digits(3)}-${r.digits(5)}-${r.int(0, 9)}`,
    () => `The invoice is dated ${r.int(2019, 2026)}-${String(r.int(1, 12)).padStart(2, "0")}-${String(r.int(1, 28)).padStart(2, "0")}.`,
    () => `Revenue was ${r.int(1, 999)},${r.digits(3)},${r.digits(3)} dollars last year.`,
    () => `Build ${r.int(2019, 2026)}${r.digits(4)}.${r.int(1, 9)} is on the staging server.`,
    () => `Read pages ${r.int(100, 400)}-${r.int(401, 800)} before the seminar.`,
    () => `Ship to ZIP ${r.int(10000, 99999)}-${r.digits(4)}.`,
    () => `The population grew from ${r.int(1, 9)} ${r.digits(3)} ${r.digits(3)} to ${r.int(1, 9)} ${r.digits(3)} ${r.digits(3)}.`,
    () => `Lot ${r.digits(3)}/${r.digits(4)} and batch ${r.digits(6)} failed QA.`,
    () => `Timestamp ${r.int(1600000000, 1800000000)} corresponds to a weekday.`,
    () => `The range 10-20-30-40 is the ladder of discounts.`,
  ];
  for (let i = 0; i < 20; i++) list.negative(lookalikes[i % lookalikes.length]!(), "digits that are not a phone number");
}

function mixed(r: SeededRandom, list: SampleList): void {
  for (let i = 0; i < 12; i++) {
    const f = r.pick(FIRST);
    const l = r.pick(LAST);
    const email = `${f}.${l}@${r.pick(DOMAINS)}`;
    const phone = `+44 20 ${r.int(7000, 8999)} ${r.digits(4)}`;
    const b = bban(r, BBAN.DE!);
    const iban = `DE${ibanCheckDigits("DE", b)}${b}`;
    const texts: [string, string[]][] = [
      [`Best regards,\n${f} ${l}\n${email}\nTel ${phone}`, ["email", "phone"]],
      [`Refunds go to ${iban}; questions to ${email}.`, ["iban", "email"]],
      [`New supplier: ${f} ${l}, ${phone}, account ${iban}.`, ["phone", "iban"]],
    ];
    const [text, expect] = texts[i % texts.length]!;
    list.positive(text, expect, "several kinds of personal data");
  }
}

/** Generated personal-data samples: checksum-valid and -invalid cards and IBANs, SSNs, e-mail, IP and phone look-alikes. */
export function generatePiiSamples(seed: number): GeneratedSample[] {
  const list = new SampleList("gen-pii");
  cards(new SeededRandom(seed + 1), list);
  ibans(new SeededRandom(seed + 2), list);
  ssns(new SeededRandom(seed + 3), list);
  emails(new SeededRandom(seed + 4), list);
  ips(new SeededRandom(seed + 5), list);
  phones(new SeededRandom(seed + 6), list);
  mixed(new SeededRandom(seed + 7), list);
  return list.samples;
}
