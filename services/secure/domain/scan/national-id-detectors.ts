import { isValidCaSin } from "./ca-sin.js";
import type { Candidate, Detector } from "./detector.js";
import { isValidEsDni } from "./es-dni.js";
import { isValidAadhaar } from "./in-aadhaar.js";
import { labelledBy, partOfLongerNumber, separatorsOf, wordsPattern } from "./number-context.js";
import { isValidNhsNumber } from "./uk-nhs-number.js";
import { isValidUkNino } from "./uk-nino.js";

// Words naming each number. Plain digit groups of these lengths are common
// (phone numbers, French SIREN numbers, order numbers) and their checks pass
// one random number in ten or eleven, so a digits-only form counts only when
// named; NINO and DNI/NIE carry letters that make their shape rare enough.
const NHS_WORDS = wordsPattern(["nhs", "national health", "chi no", "chi number", "health and care number", "h&c", "patient"]);
const SIN_WORDS = wordsPattern(["sin", "social insurance", "nas", "assurance sociale"]);
const AADHAAR_WORDS = wordsPattern(["aadhaar", "aadhar", "uidai", "uid", "आधार"]);
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
];
