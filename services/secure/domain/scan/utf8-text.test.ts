import { describe, expect, it } from "vitest";
import { Utf8Text } from "./utf8-text.js";

describe("Utf8Text", () => {
  it("holds the UTF-8 bytes, and for ASCII maps offsets to themselves", () => {
    const t = new Utf8Text("plain text");
    expect(t.bytes.toString("utf8")).toBe("plain text");
    expect(t.ascii).toBe(true);
    expect(t.toUtf16(6)).toBe(6);
  });

  it("maps byte offsets to UTF-16 offsets across 2-, 3- and 4-byte characters", () => {
    const text = "aé€😀b";
    const t = new Utf8Text(text);
    expect(t.bytes).toEqual(Buffer.from(text, "utf8"));
    expect(t.ascii).toBe(false);
    // a(1) é(2) €(3) 😀(4) b(1)
    expect([0, 1, 3, 6, 10, 11].map((b) => t.toUtf16(b))).toEqual([0, 1, 2, 3, 5, 6]);
    expect(t.toUtf16(2)).toBe(1);
  });

  it("encodes a lone surrogate as U+FFFD like Buffer does, keeping later offsets right", () => {
    const text = "x\uD800y";
    const t = new Utf8Text(text);
    expect(t.bytes).toEqual(Buffer.from(text, "utf8"));
    expect(t.toUtf16(4)).toBe(2);
    expect(t.toUtf16(5)).toBe(3);
  });

  it("lower-cases ASCII letters only, keeping every byte offset, for ASCII and non-ASCII text", () => {
    expect(new Utf8Text("Key=ABC").asciiLowerCased.toString("latin1")).toBe("key=abc");
    const t = new Utf8Text("ÉCOLE Straße KEY");
    expect(t.asciiLowerCased.length).toBe(t.bytes.length);
    // É and ß keep their bytes; only A–Z change.
    expect(t.asciiLowerCased.toString("utf8")).toBe("École straße key");
  });
});
