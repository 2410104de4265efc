/**
 * A string's UTF-8 bytes, converted once, with the way from byte offsets back
 * to UTF-16 offsets. The byte map is built only for text that is not ASCII
 * (for ASCII both offsets are the same) and only when first needed.
 */
export class Utf8Text {
  readonly bytes: Buffer;
  private map: Int32Array | undefined;
  private folded: Buffer | undefined;

  constructor(readonly text: string) {
    // Writing into a buffer sized for the worst case is several times faster
    // than Buffer.from for long strings (no pooled copy, no rope flattening).
    const buffer = Buffer.allocUnsafe(text.length * 3);
    this.bytes = buffer.subarray(0, buffer.write(text, "utf8"));
  }

  /** True when every character is ASCII, so byte and UTF-16 offsets coincide. */
  get ascii(): boolean {
    return this.bytes.length === this.text.length;
  }

  /**
   * The bytes with ASCII letters lower-cased (built on first use), for
   * caseless substring search at the same byte offsets. Other characters are
   * left alone: multi-byte sequences hold no ASCII byte, so none is changed.
   */
  get asciiLowerCased(): Buffer {
    if (!this.folded) {
      if (this.ascii) {
        this.folded = Buffer.allocUnsafe(this.bytes.length);
        this.folded.write(this.text.toLowerCase(), "latin1");
      } else {
        this.folded = Buffer.from(this.bytes);
        for (let i = 0; i < this.folded.length; i++) {
          const b = this.folded[i]!;
          if (b >= 0x41 && b <= 0x5a) this.folded[i] = b + 0x20;
        }
      }
    }
    return this.folded;
  }

  /** The UTF-16 offset of byte offset `byte` (a byte inside a character maps to the character's start). */
  toUtf16(byte: number): number {
    if (this.ascii) return byte;
    this.map ??= byteToUtf16(this.text, this.bytes.length);
    return this.map[Math.max(0, Math.min(byte, this.bytes.length))]!;
  }
}

// As Buffer.write encodes: 1–3 bytes per UTF-16 unit, 4 per surrogate pair, 3 (U+FFFD) per lone surrogate.
function byteToUtf16(text: string, byteLength: number): Int32Array {
  const map = new Int32Array(byteLength + 1);
  let b = 0;
  for (let u = 0; u < text.length; ) {
    const c = text.charCodeAt(u);
    let units = 1;
    let bytes = 3;
    if (c < 0x80) bytes = 1;
    else if (c < 0x800) bytes = 2;
    else if (c >= 0xd800 && c <= 0xdbff && u + 1 < text.length) {
      const next = text.charCodeAt(u + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes = 4;
        units = 2;
      }
    }
    for (let k = 0; k < bytes; k++) map[b + k] = u;
    b += bytes;
    u += units;
  }
  map[byteLength] = text.length;
  return map;
}
