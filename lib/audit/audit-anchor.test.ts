import { describe, expect, it } from "vitest";
import { checkAnchors, parseAuditAnchor } from "./audit-anchor.js";

const H = "ab".repeat(32);
const token = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.sig`;

describe("parseAuditAnchor", () => {
  it("reads SEQ:HASH and a decision token's audit_head", () => {
    expect(parseAuditAnchor(`12:${H}`)).toEqual({ seq: 12, hash: H });
    expect(parseAuditAnchor(token({ status: "approved", audit_head: { seq: 3, hash: H } }))).toEqual({ seq: 3, hash: H });
    expect(parseAuditAnchor(token({ audit_head: null }))).toBeNull();
  });

  it("says what is wrong with anything else", () => {
    expect(() => parseAuditAnchor(`12:${H.toUpperCase()}`)).toThrow("neither SEQ:HASH nor a decision token");
    expect(() => parseAuditAnchor("a.b.c")).toThrow("neither SEQ:HASH nor a decision token");
    expect(() => parseAuditAnchor(token({ status: "approved" }))).toThrow("no audit_head claim");
    expect(() => parseAuditAnchor(token({ audit_head: { seq: 0, hash: H } }))).toThrow("no audit_head claim");
  });
});

describe("checkAnchors", () => {
  const chain = new Map([[1, "a".repeat(64)], [2, H]]);
  it("holds when every anchored event is there with its hash, and names the lowest that is not", () => {
    expect(checkAnchors([{ seq: 2, hash: H }], (s) => chain.get(s), 2)).toBeNull();
    expect(checkAnchors([{ seq: 3, hash: H }, { seq: 1, hash: H }], (s) => chain.get(s), 2)).toEqual({ seq: 1, reason: "event 1 is not the anchored one (its hash differs)" });
    expect(checkAnchors([{ seq: 3, hash: H }], (s) => chain.get(s), 2)).toEqual({ seq: 3, reason: "the trail ends at seq 2, before anchored event 3" });
  });
});
