import type { Candidate } from "./detector.js";
import { precededBy } from "./keyword-near.js";

// "Do not ignore the previous instructions" asks for the opposite of what the phrase says.
const NEGATIONS = ["not ", "n't ", "never ", "nicht ", "no ", "ne pas "];

/** True unless a negation ("not", "never", "n't", …) comes right before the candidate. */
export function notNegated(c: Candidate): boolean {
  return !precededBy(c.text, c.start, NEGATIONS);
}
