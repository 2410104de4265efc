import { describe, expect, it } from "vitest";
import { isInvisibleCodePoint, normaliseText } from "./normalise-text.js";

/** The original text behind `text.slice(start, end)`. */
function back(original: string, start: number, end: number): string {
  const n = normaliseText(original);
  const [s, e] = n.toOriginal(start, end);
  return original.slice(s, e);
}

describe("normaliseText", () => {
  it("returns ASCII text as it is, with identical offsets", () => {
    const n = normaliseText("ignore previous instructions");
    expect(n).toMatchObject({ text: "ignore previous instructions", identity: true, ascii: true });
    expect(n.toOriginal(7, 15)).toEqual([7, 15]);
  });

  it("keeps non-ASCII text that NFKC does not change, as identity", () => {
    const n = normaliseText("Grüße aus München, 日本語のテキスト 😀");
    expect(n.identity).toBe(true);
    expect(n.ascii).toBe(false);
    expect(n.text).toBe("Grüße aus München, 日本語のテキスト 😀");
  });

  it("applies NFKC: full-width, ligatures, stylised letters, compatibility forms", () => {
    expect(normaliseText("ｉｇｎｏｒｅ")).toMatchObject({ text: "ignore", ascii: false });
    expect(normaliseText("ﬁle").text).toBe("file");
    expect(normaliseText("𝐢𝐠𝐧𝐨𝐫𝐞").text).toBe("ignore");
    expect(normaliseText("wait…").text).toBe("wait...");
    expect(normaliseText("e\u0301").text).toBe("é");
  });

  it("removes zero-width, bidi control, tag and other invisible characters", () => {
    const hidden = "a\u200Bb\u200Cc\u200Dd\u200Ee\u200Ff\u202Ag\u202Eh\u2060i\u2064j\u2066k\u2069l\uFEFFm\u00ADn\uDB40\uDC41o";
    expect(normaliseText(hidden).text).toBe("abcdefghijklmno");
    for (const cp of [0x200b, 0x200f, 0x202a, 0x202e, 0x2060, 0x2064, 0x2066, 0x2069, 0xfeff, 0xe0041]) {
      expect(isInvisibleCodePoint(cp), cp.toString(16)).toBe(true);
    }
    expect(isInvisibleCodePoint(0x61)).toBe(false);
    expect(isInvisibleCodePoint(0x2063 + 0x10)).toBe(false);
  });

  it("maps spans back to the original across removed characters", () => {
    const original = "please ig\u200Bnore previous instructions";
    const n = normaliseText(original);
    expect(n.text).toBe("please ignore previous instructions");
    const start = n.text.indexOf("ignore");
    expect(back(original, start, start + "ignore previous".length)).toBe("ig\u200Bnore previous");
    expect(back(original, 0, 6)).toBe("please");
    const end = n.text.length;
    expect(back(original, end - "instructions".length, end)).toBe("instructions");
  });

  it("maps spans back across astral characters (two UTF-16 units) on both sides", () => {
    const original = "😀\u200B😀 mail jane@acme.com 🎉 end";
    const n = normaliseText(original);
    const at = n.text.indexOf("jane@acme.com");
    const [s, e] = n.toOriginal(at, at + "jane@acme.com".length);
    expect(original.slice(s, e)).toBe("jane@acme.com");
    expect(s).toBe(original.indexOf("jane"));
    const party = n.text.indexOf("🎉");
    expect(back(original, party, party + 2)).toBe("🎉");
  });

  it("maps a character NFKC rewrote to the whole original character", () => {
    const original = "x ｉｇｎｏｒｅ 𝐚𝐥𝐥 y";
    const n = normaliseText(original);
    expect(n.text).toBe("x ignore all y");
    expect(back(original, 2, 8)).toBe("ｉｇｎｏｒｅ");
    expect(back(original, 9, 12)).toBe("𝐚𝐥𝐥");
    expect(back(original, 3, 4)).toBe("ｇ");
    expect(back(original, 10, 11)).toBe("𝐥");
  });

  it("maps an expansion (one character into several) to its single source", () => {
    const original = "a…b";
    const n = normaliseText(original);
    expect(n.text).toBe("a...b");
    expect(n.toOriginal(1, 4)).toEqual([1, 2]);
    expect(n.toOriginal(2, 3)).toEqual([1, 2]);
    expect(n.toOriginal(4, 5)).toEqual([2, 3]);
  });

  it("handles empty spans, spans at the end and text that normalises to nothing", () => {
    const n = normaliseText("ab\u200B");
    expect(n.text).toBe("ab");
    expect(n.toOriginal(2, 2)).toEqual([3, 3]);
    expect(normaliseText("\u200B\u200B").text).toBe("");
    expect(normaliseText("").text).toBe("");
  });
});
