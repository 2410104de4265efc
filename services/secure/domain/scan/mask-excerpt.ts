import type { MaskStyle } from "./detector.js";

/** Values shorter than this (letters and digits) are masked completely: any visible part would be too much of them. */
export const MIN_PARTLY_SHOWN = 8;

const ALNUM = /[\p{L}\p{N}]/u;

/**
 * The excerpt a finding carries: the found value masked so that it is never
 * shown whole. At most a few edge characters stay visible (never more than
 * a third of a value, none of a short one), plus a public prefix that names
 * the kind of key (`sk-ant-api03-…Qx`) and separators that show its shape.
 */
export function maskExcerpt(value: string, style: MaskStyle): string {
  switch (style.kind) {
    case "email":
      return maskEmail(value);
    case "chars":
      return maskChars(value, style.keepStart, style.keepEnd);
    case "secret": {
      const prefix = style.prefix.exec(value)?.[0] ?? "";
      const rest = value.slice(prefix.length);
      return rest.length >= 16 ? `${prefix}…${rest.slice(-2)}` : `${prefix}…`;
    }
    case "text":
      return value.length >= 12 ? `${value.slice(0, 2)}…${value.slice(-2)}` : "*".repeat(Math.min(value.length, MIN_PARTLY_SHOWN));
    case "invisible": {
      const n = [...value].length;
      return `‹${n} invisible character${n === 1 ? "" : "s"}›`;
    }
  }
}

function maskEmail(value: string): string {
  const at = value.lastIndexOf("@");
  if (at < 0) return maskChars(value, 0, 0);
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  const host = dot < 0 ? domain : domain.slice(0, dot);
  const tld = dot < 0 ? "" : domain.slice(dot);
  const head = (part: string) => (part.length >= 3 ? `${part[0]}***` : "***");
  return `${head(local)}@${head(host)}${tld}`;
}

function maskChars(value: string, keepStart: number, keepEnd: number): string {
  const chars = [...value];
  const total = chars.filter((c) => ALNUM.test(c)).length;
  // Never more than a third of the value's letters and digits, and nothing of a short value.
  const budget = total < MIN_PARTLY_SHOWN ? 0 : Math.floor(total / 3);
  const start = Math.min(keepStart, budget);
  const end = Math.min(keepEnd, budget - start);
  let seen = 0;
  return chars
    .map((c) => {
      if (!ALNUM.test(c)) return c;
      seen++;
      return seen <= start || seen > total - end ? c : "*";
    })
    .join("");
}
