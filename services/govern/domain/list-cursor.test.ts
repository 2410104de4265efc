import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../lib/errors.js";
import { newId } from "../../../lib/ids.js";
import { decodeListCursor, encodeListCursor } from "./list-cursor.js";

describe("list cursor", () => {
  it("round-trips a checkpoint ID and is URL-safe", () => {
    const id = newId("cp");
    const cursor = encodeListCursor(id);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(cursor)).toBe(id);
  });

  it.each(["", "!!!", "not-a-cursor", encodeListCursor("cp_short"), encodeListCursor(newId("cp")) + "A", Buffer.from(newId("cp")).toString("base64")])(
    "refuses %j with a ValidationError naming cursor",
    (cursor) => {
      let err: unknown;
      try {
        decodeListCursor(cursor);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).extras.field).toBe("cursor");
    },
  );
});
