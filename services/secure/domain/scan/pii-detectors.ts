import type { Candidate, Detector } from "./detector.js";
import { isValidIban } from "./iban-mod97.js";
import { isIpv4, isIpv6, namesAVersion } from "./ip-address.js";
import { keywordNear, precededBy } from "./keyword-near.js";
import { NATIONAL_ID_DETECTORS } from "./national-id-detectors.js";
import { labelledBy, partOfLongerNumber, separatorsOf, wordsPattern } from "./number-context.js";
import { inNumberingPlan } from "./numbering-plan.js";
import { isPaymentCardNumber } from "./payment-card.js";
import { isValidUsSsn } from "./us-ssn.js";

// Top-level "domains" that are really file extensions (logo@2x.png, icon@3x.webp).
const FILE_EXTENSIONS = new Set(["png", "jpg", "jpeg", "gif", "svg", "webp", "bmp", "ico", "tif", "tiff", "css", "js", "ts", "map", "pdf"]);

// The user@host or password@host part of a URL (scheme://user@host, scheme://user:password@host).
const URL_CREDENTIALS = /:\/\/(?:[^\s/@:]*:)?$/;

// SSH's user@host: a remote in scp syntax (git@github.com:org/repo.git, deploy@web1.test:/srv),
// and the login an ssh command is given (ssh -T git@github.com). Neither names a mailbox.
const SCP_PATH = /^:[\w~/.-]/;
const SSH_COMMAND = /\b(?:ssh|sftp|mosh|autossh)(?:[ \t]+-[A-Za-z]+(?:[ \t]+[^\s@-]\S*)?)*[ \t]+$/;

function sshLogin({ text, start, end }: Candidate): boolean {
  return SCP_PATH.test(text.slice(end, end + 2)) || SSH_COMMAND.test(text.slice(Math.max(0, start - 80), start));
}

function validEmail(c: Candidate): boolean {
  const { value, text, start } = c;
  if (URL_CREDENTIALS.test(text.slice(Math.max(0, start - 256), start)) || sshLogin(c)) return false;
  const at = value.lastIndexOf("@");
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split(".");
  if (local.startsWith(".") || local.endsWith(".") || local.includes("..")) return false;
  if (labels.some((l) => l.startsWith("-") || l.endsWith("-"))) return false;
  return !FILE_EXTENSIONS.has(labels[labels.length - 1]!.toLowerCase());
}

/** Most candidates of each phone pattern one scan checks against the numbering plans (see `Detector.maxCandidates`). */
export const PHONE_MAX_CANDIDATES = 1_000;

// Words for a phone number in Japanese, Korean and Chinese, and the calling
// codes of the countries whose national numbers they introduce: 電話 is
// Japanese and Traditional Chinese (Taiwan) alike.
const REGION_WORDS: readonly { words: readonly string[]; codes: readonly string[] }[] = [
  { words: ["携帯", "ケータイ", "連絡先"], codes: ["81"] },
  { words: ["電話"], codes: ["81", "886"] },
  { words: ["휴대폰", "핸드폰", "휴대전화", "전화", "연락처"], codes: ["82"] },
  { words: ["手机", "电话", "联系"], codes: ["86"] },
  { words: ["手機", "聯絡"], codes: ["886"] },
];
const PHONE_WINDOW = 40;

/** The calling codes the words around a candidate imply (empty when none of `REGION_WORDS` is near). */
function impliedCallingCodes({ text, start, end }: Candidate): string[] {
  const around = text.slice(Math.max(0, start - PHONE_WINDOW), end + PHONE_WINDOW);
  return REGION_WORDS.filter((r) => r.words.some((w) => around.includes(w))).flatMap((r) => r.codes);
}

// Words that name a phone, as opposed to "number" and "contact", which name
// phones among much else: a national number vouched for only by those is no
// phone when a word near it names another kind of number ("Aadhaar numbers
// never start with 0: 0762 1868 0116").
const PHONE_WORDS = ["phone", "tel", "call", "mobile", "cell", "fax", "whatsapp", "ring", ...REGION_WORDS.flatMap((r) => r.words)];
const OTHER_NUMBER_NAMES = wordsPattern([
  ..."aadhaar aadhar uid uidai ssn nhs sin nir insee passport pan iban account acct card order invoice".split(" "),
  ..."tracking customer member policy ticket case serial reference ref isbn imei".split(" "),
]);

// Digit count, repeated digits, a longer run of groups and unbalanced parentheses rule a candidate out whatever its form.
function phoneShaped(c: Candidate, digits: string): boolean {
  if (digits.length < 8 || digits.length > 15 || /^(\d)\1+$/.test(digits)) return false;
  // A space joins digit groups too: "3589 8589 0748 8867" holds no phone number at its end.
  if (partOfLongerNumber(c, "-. ")) return false;
  const open = (c.value.match(/\(/g) ?? []).length;
  const close = (c.value.match(/\)/g) ?? []).length;
  return open === close;
}

function validPhone(c: Candidate): boolean {
  const digits = c.value.replace(/[^0-9]/g, "");
  if (!phoneShaped(c, digits)) return false;
  // With a country code, or in North America's form (whose code is 1), the
  // numbering plan decides: a version or an order number is rarely a number
  // any country assigns. A national number with a trunk 0 names no country,
  // and nearly every digit string is valid in some: its keyword vouches for
  // it, unless the keyword names the country (携帯, 전화), whose plan then decides.
  if (c.value.startsWith("+")) return inNumberingPlan(digits);
  if (digits.startsWith("0")) {
    // The name of the number usually comes before "number", so it is looked for further away.
    if (!keywordNear(c.text, c.start, c.end, PHONE_WORDS, PHONE_WINDOW) && labelledBy(c, OTHER_NUMBER_NAMES, 2 * PHONE_WINDOW)) return false;
    const codes = impliedCallingCodes(c);
    return codes.length === 0 || codes.some((code) => inNumberingPlan(code + digits.slice(1)));
  }
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return national.length === 10 && inNumberingPlan(`1${national}`);
}

// A Chinese mobile number (138 0013 8000) has no trunk 0: after 手机 or 电话 China's plan decides.
function validChineseMobile(c: Candidate): boolean {
  const digits = c.value.replace(/[^0-9]/g, "");
  return phoneShaped(c, digits) && inNumberingPlan(`86${digits}`);
}

function validCard(c: Candidate): boolean {
  return !partOfLongerNumber(c, "-") && isPaymentCardNumber(c.value);
}

// Words that say a number is an SSN, and words that say a bare one is something else.
const SSN_WORDS = wordsPattern(["ssn", "ssns", "ss#", "ss #", "social security", "social sec", "taxpayer", "tin", "itin"]);
const OTHER_NUMBER_WORDS = wordsPattern([
  ..."order invoice inv ref reference id no nr number tracking account acct routing aba phone tel fax mobile cell".split(" "),
  ..."zip postal postcode ticket case customer member policy isbn serial part sku item product po batch lot build".split(" "),
  ..."version sin nas nhs aadhaar pin otp code transaction txn confirmation booking reservation shipment parcel".split(" "),
  ..."claim license licence passport imei ean upc # $ € £ ¥".split(" "),
]);

// Words naming the numbers of parts and stock, which are printed AAA-GG-SSSS
// too (Part No. 435-…, Lot 417-…): unlike an order or case number, such a
// word rules out even the SSN's own dashed shape.
const PART_NUMBER_WORDS = wordsPattern([
  ..."part p/n pn mpn lot batch bom sku model catalog catalogue cat article drawing dwg assembly".split(" "),
  ..."serial s/n stock nsn upc ean gtin mfr product".split(" "),
]);

// A path segment, a handle or a suffix of a code: `/orders/536221236`, `PROJ-536221236`, `536221236@host`.
function insideToken({ text, start, end }: Candidate): boolean {
  const attached = (joiner: string | undefined, beyond: string | undefined) =>
    joiner !== undefined && ("/\\@".includes(joiner) || ("-_".includes(joiner) && beyond !== undefined && /[\p{L}\p{N}]/u.test(beyond)));
  return attached(text[start - 1], text[start - 2]) || attached(text[end], text[end + 1]);
}

// AAA-GG-SSSS with one separator throughout (`-`, ` ` or `.`) is the SSN's own
// shape, unless it runs on into a longer code (`858-94-3188-B`), follows a
// word naming a part or lot number, or, dotted, follows a word that numbers
// something else (`Build 430.71.9939`). Bare nine digits and AAA-GGSSSS are too, unless a word before them
// says they number something else (an order, an account, a ZIP code) with no
// SSN word closer; AAAGG-SSSS is ZIP+4's shape and needs an SSN word.
function validSsn(c: Candidate): boolean {
  const seps = separatorsOf(c.value);
  // Joined on by its own separator (or, bare, by a dash, dot or comma) it is part of a longer number.
  if (!isValidUsSsn(c.value) || partOfLongerNumber(c, seps === "" ? "-.," : seps)) return false;
  if (seps.length === 2 && seps[0] !== seps[1]) return false;
  if (insideToken(c)) return false;
  const before = c.text.slice(Math.max(0, c.start - 32), c.start);
  if (SSN_WORDS.test(before)) return true;
  if (PART_NUMBER_WORDS.test(before)) return false;
  // Dashes or spaces throughout are the SSN's own print form; dots are also a build or version number's.
  if (seps.length === 2 && seps[0] !== ".") return true;
  if (OTHER_NUMBER_WORDS.test(before)) return false;
  if (SSN_WORDS.test(c.text.slice(c.end, c.end + 32))) return true;
  return !/^[0-9]{5}-/.test(c.value);
}

// An IBAN candidate may run into a following group of letters or digits; the
// country's length decides where it ends, so the checksum runs on exactly it.
// Its separators are one kind throughout (print form: spaces; some write
// dashes), and its letters one case: "LV80 bANK …" is text, not a copied IBAN.
function validIban(c: Candidate): boolean | { start: number; end: number } {
  let seen = 0;
  for (let i = 0; i < c.value.length; i++) {
    if (c.value[i] === " " || c.value[i] === "-") continue;
    seen++;
    if (seen < 15 || /[A-Za-z0-9]/.test(c.value[i + 1] ?? "")) continue;
    const iban = c.value.slice(0, i + 1);
    if (!isValidIban(iban) || new Set(separatorsOf(iban)).size > 1) continue;
    if (/[a-z]/.test(iban) && /[A-Z]/.test(iban)) return false;
    return i + 1 === c.value.length ? true : { start: 0, end: i + 1 };
  }
  return false;
}

const NOT_AN_ADDRESS = ["version ", "release ", "build ", "section ", "chapter ", "clause ", "figure ", "table ", "step ", "rule ", "item "];

function validIp(c: Candidate): boolean {
  const before = c.text[c.start - 1] ?? "";
  const after = c.text[c.end] ?? "";
  if (c.value.includes(":")) {
    if (/[0-9A-Za-z:.]/.test(before) || /[0-9A-Za-z:]/.test(after)) return false;
    const groups = c.value.split(":").filter((g) => g !== "").length;
    // One group is enough only after a leading "::" (the loopback ::1); "a::b" style pairs need two.
    return isIpv6(c.value) && /[0-9]/.test(c.value) && (groups >= 2 || (groups === 1 && c.value.startsWith("::")));
  }
  // Longer dotted numbers (OIDs, 1.2.3.4.5), versions (v1.2.3.4, "version 10.0.0.1", a
  // changelog's "## [1.2.3.4]") and section numbers ("section 4.2.1.3") are not addresses.
  if (partOfLongerNumber(c, ".")) return false;
  if (/[vV§]/.test(before) || precededBy(c.text, c.start, NOT_AN_ADDRESS)) return false;
  return isIpv4(c.value) && !namesAVersion(c.text, c.start, c.end);
}

/** Detectors of the `pii` library: contact details, financial identifiers, network addresses and national identifiers. */
export const PII_DETECTORS: readonly Detector[] = [
  {
    category: "email",
    patterns: [{ source: "\\b[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@(?:[A-Za-z0-9-]{1,63}\\.){1,8}[A-Za-z]{2,24}\\b", flags: "" }],
    validate: validEmail,
    keywords: ["email", "e-mail", "mail", "contact"],
    keywordWindow: 32,
    mask: { kind: "email" },
  },
  {
    category: "phone",
    patterns: [
      // International (E.164 as people write it): +44 20 7946 0958, +1 (415) 555-2671.
      { source: "\\+[1-9][0-9]{0,2}(?:[ .-]?\\(?[0-9]{1,4}\\)?){2,6}[0-9]\\b", flags: "" },
      // North American: (415) 555-2671, 415-555-2671, 1-800-555-0199.
      { source: "(?:\\b1[ .-])?(?:\\([2-9][0-9]{2}\\) ?|\\b[2-9][0-9]{2}[ .-])[2-9][0-9]{2}[ .-][0-9]{4}\\b", flags: "" },
      // National forms with a trunk 0 (020 7946 0958, 06 12 34 56 78) read as phones only next to a word saying so.
      { source: "\\b0[1-9][0-9]{0,3}(?:[ /.-]?[0-9]{2,4}){2,4}\\b", flags: "", requireKeyword: true },
      // Chinese mobiles (138 0013 8000, 13800138000), only after a Chinese word for a phone: the
      // word is the pattern's literal, so a text without one costs no search for the digits.
      { source: "(?:手机|电话|联系|手機)(?:号码|号|號碼)?[ \\t:]{0,3}(1[3-9][0-9][ -]?[0-9]{4}[ -]?[0-9]{4})\\b", flags: "", group: 1, validate: validChineseMobile },
    ],
    validate: validPhone,
    // A numbering-plan check costs up to 45 µs: at most about 45 ms of them per pattern and scan.
    maxCandidates: PHONE_MAX_CANDIDATES,
    keywords: [...PHONE_WORDS, "contact", "number"],
    keywordWindow: PHONE_WINDOW,
    yieldsTo: ["credit_card", "us_ssn", "iban", "ip_address", "uk_nhs_number", "ca_sin", "in_aadhaar"],
    mask: { kind: "chars", keepStart: 0, keepEnd: 2 },
  },
  {
    category: "credit_card",
    patterns: [{ source: "\\b(?:[0-9][ -]?){11,18}[0-9]\\b", flags: "" }],
    validate: validCard,
    keywords: ["card", "visa", "mastercard", "amex", "credit", "debit", "payment", "cc", "pan"],
    keywordWindow: 40,
    mask: { kind: "chars", keepStart: 0, keepEnd: 4 },
  },
  {
    category: "us_ssn",
    patterns: [
      // AAA-GG-SSSS, AAA GG SSSS, AAA.GG.SSSS.
      { source: "\\b[0-9]{3}[-. ][0-9]{2}[-. ][0-9]{4}\\b", flags: "" },
      // Nine bare digits, AAA-GGSSSS and AAAGG-SSSS (see validSsn for when they count).
      { source: "\\b[0-9]{3}-?[0-9]{2}-?[0-9]{4}\\b", flags: "" },
    ],
    validate: validSsn,
    keywords: ["ssn", "social security", "social sec", "ss#", "ss #", "taxpayer", "tin"],
    keywordWindow: 32,
    // A Canadian SIN's keyword settles a bare nine-digit number that would pass as both.
    yieldsTo: ["ca_sin"],
    mask: { kind: "chars", keepStart: 0, keepEnd: 2 },
  },
  {
    category: "iban",
    // Case-insensitive: the country's exact length and the checksum keep lower-case words out.
    patterns: [{ source: "\\b[A-Z]{2}[0-9]{2}(?:[ -]?[A-Z0-9]{4}){2,7}(?:[ -]?[A-Z0-9]{1,4})?\\b", flags: "i" }],
    validate: validIban,
    keywords: ["iban", "account", "bank", "transfer", "swift", "bic"],
    keywordWindow: 40,
    mask: { kind: "chars", keepStart: 2, keepEnd: 2 },
  },
  {
    category: "ip_address",
    patterns: [
      { source: "\\b(?:[0-9]{1,3}\\.){3}[0-9]{1,3}\\b", flags: "" },
      { source: "(?:[0-9A-Fa-f]{0,4}:){2,7}(?:(?:[0-9]{1,3}\\.){3}[0-9]{1,3}|[0-9A-Fa-f]{1,4})?", flags: "" },
    ],
    validate: validIp,
    keywords: ["ip", "address", "host", "server", "client"],
    keywordWindow: 32,
    mask: { kind: "chars", keepStart: 2, keepEnd: 0 },
  },
  ...NATIONAL_ID_DETECTORS,
];
