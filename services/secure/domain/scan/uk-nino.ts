// Prefixes HMRC never allocates (and TN, used only as a temporary placeholder).
const UNALLOCATED_PREFIXES = new Set(["BG", "GB", "KN", "NK", "NT", "TN", "ZZ"]);

/**
 * True when `value` is a UK National Insurance number: two prefix letters,
 * six digits and a suffix A–D, written together or spaced in pairs
 * (`AB 12 34 56 C`), in capitals. The first letter is not D, F, I, Q, U or V,
 * the second not D, F, I, O, Q, U or V, and the pair is not one of the
 * unallocated prefixes (BG, GB, KN, NK, NT, TN, ZZ). The number has no check
 * digit: these allocation rules are all there is to validate.
 */
export function isValidUkNino(value: string): boolean {
  const m = /^([A-Z]{2})( ?)([0-9]{2})\2([0-9]{2})\2([0-9]{2})\2([A-D])$/.exec(value);
  if (!m) return false;
  const prefix = m[1]!;
  if ("DFIQUV".includes(prefix[0]!) || "DFIOQUV".includes(prefix[1]!)) return false;
  return !UNALLOCATED_PREFIXES.has(prefix);
}
