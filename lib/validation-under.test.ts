import { describe, expect, it } from "vitest";
import { NotFoundError, ValidationError } from "./errors.js";
import { validationUnder } from "./validation-under.js";

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected a throw");
}

describe("validationUnder", () => {
  it("returns what the validator returns", () => {
    expect(validationUnder("rule", () => 42)).toBe(42);
  });

  it("names a field under the prefix and keeps the problem", () => {
    const err = thrown(() => validationUnder("policies[2]", () => { throw new ValidationError("match.condition", "does not compile: x"); }));
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).extras.field).toBe("policies[2].match.condition");
    expect((err as ValidationError).message).toBe("policies[2].match.condition: does not compile: x");
  });

  it("names the prefix itself for a problem of the whole", () => {
    const err = thrown(() => validationUnder("rule", () => { throw new ValidationError("", "needs a pattern to be active"); })) as ValidationError;
    expect(err.extras.field).toBe("rule");
    expect(err.message).toBe("rule: needs a pattern to be active");
  });

  it("lets other errors through untouched", () => {
    const original = new NotFoundError("rule", "r1");
    expect(thrown(() => validationUnder("rule", () => { throw original; }))).toBe(original);
  });
});
