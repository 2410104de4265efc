import { isValidCaSin } from "./ca-sin.js";
import { isValidDeTaxId } from "./de-tax-id.js";
import type { Candidate, Detector } from "./detector.js";
import { isValidEsDni } from "./es-dni.js";
import { isValidFrNir } from "./fr-nir.js";
import { isValidAadhaar } from "./in-aadhaar.js";
import { labelledBy, partOfLongerNumber, separatorsOf, wordsPattern } from "./number-context.js";
import { isValidNhsNumber } from "./uk-nhs-number.js";
import { isValidUkNino } from "./uk-nino.js";

// Words naming each number. Plain digit groups of these lengths are common
// (phone numbers, French SIREN numbers, order numbers) and their checks pass
// one random number in ten or eleven, so a digits-only form counts only when
// named; NINO and DNI/NIE carry letters, and a grouped Aadhaar or NIR a
// shape, that make them rare enough.
const NHS_WORDS = wordsPattern(["nhs", "national health", "chi no", "chi number", "health and care number", "h&c", "patient"]);
const SIN_WORDS = wordsPattern(["sin", "social insurance", "nas", "assurance sociale"]);
const AADHAAR_WORDS = wordsPattern(["aadhaar", "aadhar", "uidai", "uid", "आधार"]);
const DE_TAX_ID_WORDS = wordsPattern([
  "steuer-id",
  "steuerid",
  "steuer-idnr",
  "steueridnr",
  "idnr",
  "identifikationsnummer",
  "steueridentifikationsnummer",
  "tax id",
  "tin",
]);
const NIR_WORDS = wordsPattern(["nir", "insee", "sécurité sociale", "securite sociale", "sécu", "secu", "carte vitale", "social security"]);
const WINDOW = 40;

// Joined on by its own separator (or, bare, by a dash or dot), a digit group is
// part of a longer number: twelve digits of a card grouped 4-4-4-4 are no Aadhaar.
function standsAlone(c: Candidate): boolean {
  const seps = separatorsOf(c.value);
  return !partOfLongerNumber(c, seps === "" ? "-." : seps);
}

function validNhsNumber(c: Candidate): boolean {
  return isValidNhsNumber(c.value) && standsAlone(c) && labelledBy(c, NHS_WORDS, WINDOW);
}

function validSin(c: Candidate): boolean {
  return isValidCaSin(c.value) && standsAlone(c) && labelledBy(c, SIN_WORDS, WINDOW);
}

// Grouped 4-4-4 the number counts on its own; twelve bare digits need a word.
function validAadhaar(c: Candidate): boolean {
  if (!isValidAadhaar(c.value) || !standsAlone(c)) return false;
  return separatorsOf(c.value) !== "" || labelledBy(c, AADHAAR_WORDS, WINDOW);
}

function validDeTaxId(c: Candidate): boolean {
  return isValidDeTaxId(c.value) && standsAlone(c) && labelledBy(c, DE_TAX_ID_WORDS, WINDOW);
}

// Grouped 1-2-2-2-3-3-2 the number counts on its own; fifteen bare digits
// (the length of an Amex or UATP card) need a word.
function validNir(c: Candidate): boolean {
  if (!isValidFrNir(c.value) || !standsAlone(c)) return false;
  return separatorsOf(c.value) !== "" || labelledBy(c, NIR_WORDS, WINDOW);
}

function validDni(c: Candidate): boolean {
  return isValidEsDni(c.value) && !partOfLongerNumber(c, "-.");
}

/** Detectors of national identity and health numbers, each validated by its check digit or allocation rules. */
export const NATIONAL_ID_DETECTORS: readonly Detector[] = [
  {
    category: "uk_nino",
    // The letter classes already leave out the letters never used in a prefix.
    patterns: [{ source: "\\b[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?[0-9]{2} ?[0-9]{2} ?[0-9]{2} ?[A-D]\\b", flags: "" }],
    validate: (c) => isValidUkNino(c.value),
    keywords: ["national insurance", "nino", "ni number", "nin"],
    keywordWindow: WINDOW,
    mask: { kind: "chars", keepStart: 2, keepEnd: 0 },
  },
  {
    category: "uk_nhs_number",
    patterns: [{ source: "\\b[0-9]{3}[ -]?[0-9]{3}[ -]?[0-9]{4}\\b", flags: "" }],
    validate: validNhsNumber,
    keywords: ["nhs", "national health", "chi number", "health and care number", "patient"],
    keywordWindow: WINDOW,
    mask: { kind: "chars", keepStart: 0, keepEnd: 2 },
  },
  {
    category: "ca_sin",
    patterns: [{ source: "\\b[0-9]{3}[ -]?[0-9]{3}[ -]?[0-9]{3}\\b", flags: "" }],
    validate: validSin,
    keywords: ["sin", "social insurance", "nas", "assurance sociale"],
    keywordWindow: WINDOW,
    mask: { kind: "chars", keepStart: 0, keepEnd: 2 },
  },
  {
    category: "in_aadhaar",
    patterns: [{ source: "\\b[2-9][0-9]{3}[ -]?[0-9]{4}[ -]?[0-9]{4}\\b", flags: "" }],
    validate: validAadhaar,
    keywords: ["aadhaar", "aadhar", "uid", "uidai"],
    keywordWindow: WINDOW,
    mask: { kind: "chars", keepStart: 0, keepEnd: 4 },
  },
  {
    category: "es_dni",
    patterns: [
      // DNI: 12345678Z, 12345678-Z, 12.345.678-Z.
      { source: "\\b(?:[0-9]{8}|[0-9]{2}\\.[0-9]{3}\\.[0-9]{3})-?[A-Z]\\b", flags: "i" },
      // NIE: X1234567L, X-1234567-L.
      { source: "\\b[XYZ]-?[0-9]{7}-?[A-Z]\\b", flags: "i" },
    ],
    validate: validDni,
    keywords: ["dni", "nie", "nif", "documento nacional", "identidad", "extranjero"],
    keywordWindow: WINDOW,
    mask: { kind: "chars", keepStart: 0, keepEnd: 2 },
  },
  {
    category: "de_tax_id",
    patterns: [{ source: "\\b[1-9][0-9] ?[0-9]{3} ?[0-9]{3} ?[0-9]{3}\\b", flags: "" }],
    validate: validDeTaxId,
    keywords: ["steuer-id", "steuerid", "idnr", "identifikationsnummer", "tax id", "tin"],
    keywordWindow: WINDOW,
    mask: { kind: "chars", keepStart: 0, keepEnd: 2 },
  },
  {
    category: "fr_nir",
    patterns: [
      // 1 84 12 76 451 089 46
      { source: "\\b[1-478] [0-9]{2} (?:0[1-9]|1[0-2]|[2-9][0-9]) (?:[0-9]{2}|2[AB]) [0-9]{3} [0-9]{3} [0-9]{2}\\b", flags: "i" },
      // 184127645108946, 269052A12345688
      { source: "\\b[1-478][0-9]{2}(?:0[1-9]|1[0-2]|[2-9][0-9])(?:[0-9]{2}|2[AB])[0-9]{8}\\b", flags: "i" },
    ],
    validate: validNir,
    keywords: ["nir", "insee", "sécurité sociale", "securite sociale", "carte vitale"],
    keywordWindow: WINDOW,
    mask: { kind: "chars", keepStart: 0, keepEnd: 2 },
  },
];
