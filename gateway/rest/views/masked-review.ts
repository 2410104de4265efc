/** The parts of a checkpoint a reviewer reads that may hold sensitive data. */
export interface ReviewText {
  context: string | null;
  reasoning: string | null;
  payload: Record<string, unknown> | null;
}

/** Those parts after masking, or the whole masked document when it could not be read back. */
export interface MaskedReviewText extends ReviewText {
  /**
   * Set only when the masked document no longer parses as the JSON it was
   * made from (a placeholder took the place of JSON syntax): the masked
   * document as text, shown instead of the three fields, which are then null.
   */
  masked_text: string | null;
}

const FIELDS = ["context", "reasoning", "payload"] as const;

/**
 * The one document a review scan inspects: the present fields as indented
 * JSON, in a fixed order — the same text the reviewer would read, so that
 * detectors see keys next to their values as they appear. Null when there
 * is nothing to scan.
 */
export function reviewDocument(text: ReviewText): string | null {
  const doc: Record<string, unknown> = {};
  for (const f of FIELDS) if (text[f] !== null) doc[f] = text[f];
  return Object.keys(doc).length === 0 ? null : JSON.stringify(doc, null, 2);
}

// A placeholder (`<CREDIT_CARD_1>`) standing where a JSON value was: a number
// or a whole string, quotes included, was found and replaced. Only positions
// where a value begins and ends are touched, so quoting never changes text.
const BARE_PLACEHOLDER = /([:[,]\s*)(<[A-Z0-9_]+>)(?=\s*[,}\]])/g;

function parseDocument(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Reads the masked review document (the scan's `redacted_content` of
 * `reviewDocument(original)`) back into its fields. Values a placeholder
 * replaced whole (a card number written as a JSON number) become strings.
 * If the result is not an object holding exactly the original's fields with
 * the original's kinds of values — a custom pattern may have matched JSON
 * syntax or a field name — nothing is guessed: the fields are null and the
 * masked text is returned whole, which still hides everything the scan found.
 */
export function readMaskedDocument(original: ReviewText, masked: string): MaskedReviewText {
  const parsed = parseDocument(masked) ?? parseDocument(masked.replace(BARE_PLACEHOLDER, '$1"$2"'));
  if (parsed) {
    const expected = FIELDS.filter((f) => original[f] !== null);
    const keys = Object.keys(parsed);
    const sameShape =
      keys.length === expected.length &&
      expected.every((f) => (f === "payload" ? isObject(parsed[f]) : typeof parsed[f] === "string"));
    if (sameShape) {
      return {
        context: original.context === null ? null : (parsed.context as string),
        reasoning: original.reasoning === null ? null : (parsed.reasoning as string),
        payload: original.payload === null ? null : (parsed.payload as Record<string, unknown>),
        masked_text: null,
      };
    }
  }
  return { context: null, reasoning: null, payload: null, masked_text: masked };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
