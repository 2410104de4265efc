/**
 * Shannon entropy of `value` in bits per character, from the frequency of
 * each character (code unit) in it: 0 for "" or one repeated character, up
 * to log2(alphabet size) for uniformly random text. Random API keys score
 * about 4.5 to 6, words and placeholders much less.
 */
export function shannonEntropy(value: string): number {
  if (value.length === 0) return 0;
  const counts = new Map<number, number>();
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}
