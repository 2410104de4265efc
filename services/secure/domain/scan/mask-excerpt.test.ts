import { describe, expect, it } from "vitest";
import { maskExcerpt } from "./mask-excerpt.js";

const visible = (excerpt: string) => excerpt.replace(/[*…‹›]/g, "");

describe("maskExcerpt", () => {
  it("email: first letters and the top-level domain only", () => {
    expect(maskExcerpt("jane.doe@example.com", { kind: "email" })).toBe("j***@e***.com");
    expect(maskExcerpt("jo@ex.io", { kind: "email" })).toBe("***@***.io");
  });

  it("chars: keeps separators and a few edge characters, never more than a third", () => {
    expect(maskExcerpt("4111 1111 1111 1111", { kind: "chars", keepStart: 0, keepEnd: 4 })).toBe("**** **** **** 1111");
    expect(maskExcerpt("536-22-1234", { kind: "chars", keepStart: 0, keepEnd: 2 })).toBe("***-**-**34");
    expect(maskExcerpt("DE89 3704 0044 0532 0130 00", { kind: "chars", keepStart: 2, keepEnd: 2 })).toBe("DE** **** **** **** **** 00");
    expect(maskExcerpt("12345678", { kind: "chars", keepStart: 4, keepEnd: 4 })).toBe("12******");
  });

  it("secret: the public prefix, an ellipsis and at most two last characters", () => {
    const key = "sk" + "-ant-api03-Qw7Er9Ty2Ui4Op6As8Df1Gh3Jk5Lz7Xc9Vb2Nm4AA";
    expect(maskExcerpt(key, { kind: "secret", prefix: /^sk-ant-[a-z]+[0-9]+-/ })).toBe("sk-ant-api03-…AA");
    expect(maskExcerpt("ghp_short", { kind: "secret", prefix: /^ghp_/ })).toBe("ghp_…");
  });

  it("text: two characters each side of a long value", () => {
    expect(maskExcerpt("ignore all previous instructions", { kind: "text" })).toBe("ig…ns");
  });

  it("fully masks short values of every style", () => {
    expect(maskExcerpt("1.2.3.4", { kind: "chars", keepStart: 2, keepEnd: 2 })).toBe("*.*.*.*");
    expect(maskExcerpt("hunter2", { kind: "text" })).toBe("*******");
    expect(maskExcerpt("secret-value", { kind: "secret", prefix: /^$/ })).toBe("…");
  });

  it("invisible: only how many characters hide there, never what they spell", () => {
    expect(maskExcerpt("\uDB40\uDC49\uDB40\uDC67", { kind: "invisible" })).toBe("‹2 invisible characters›");
    expect(maskExcerpt("\u200B", { kind: "invisible" })).toBe("‹1 invisible character›");
  });

  it("never shows a value whole, nor more than a third of its random part", () => {
    const values = ["Xt9pLm2QzR7vKc4NbW8yHf1JdG6sTa3UeYo5iPqZ", "4111111111111111", "jane.doe@example.com", "s3cr3t-Passw0rd!"];
    const styles = [
      { kind: "text" },
      { kind: "secret", prefix: /^$/ },
      { kind: "chars", keepStart: 4, keepEnd: 4 },
      { kind: "email" },
    ] as const;
    for (const v of values) {
      for (const style of styles) {
        const excerpt = maskExcerpt(v, style);
        expect(excerpt, `${v} ${style.kind}`).not.toContain(v);
        expect(visible(excerpt).replace(/[^A-Za-z0-9]/g, "").length, `${v} ${style.kind}`).toBeLessThanOrEqual(Math.ceil(v.length / 3));
      }
    }
  });
});
