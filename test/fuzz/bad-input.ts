import fc from "fast-check";

/** Strings that trip naive handling: control and zero-width characters, right-to-left marks, lone surrogates, look-alikes, NUL. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "\u0000",
    "\u202e\u0635\u0644\u0627\u0645",
    "\u200b\u200c\u200d\ufeff",
    "\ud800",
    "\udfff\ud800",
    "ｉｇｎｏｒｅ",
    "𝕒𝕕𝕞𝕚𝕟",
    "../../etc/passwd",
    "%00%ff",
    "${jndi:ldap://x}",
    "' OR 1=1 --",
    "{{7*7}}",
    "<script>alert(1)</script>",
    "a".repeat(70_000),
  ),
);

/** Numbers at and beyond every boundary a field might have. */
export const oddNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1e12, -1e12, 2 ** 31, 2 ** 53, 2 ** 64, 1e308, Number.MIN_VALUE, 0.5, -0.5, 3.000000001),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** An object nested `depth` levels deep, built without recursion. */
export function deeplyNested(depth: number, asArray = false): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
}

/** Objects whose keys reach for the prototype. */
export const protoPollution: fc.Arbitrary<unknown> = fc.constantFrom(
  JSON.parse('{"__proto__":{"isAdmin":true}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":1}}}'),
  JSON.parse('{"__proto__":null,"toString":1,"hasOwnProperty":"x","valueOf":[]}'),
);

/** Any bad value a field could be given. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 3, maxKeys: 4 }).filter((v) => v !== undefined),
  oddString,
  oddNumber,
  protoPollution,
  fc.constantFrom(null, true, [], {}, [[[]]], "", " ", "null", "NaN", "Infinity"),
  fc.constantFrom(deeplyNested(64), deeplyNested(300, true)),
);

/** Request bodies that are not JSON at all, or broken JSON. */
export const rawGarbage: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.constantFrom("{", "}", '{"a":', "[1,2", "nul", '{"a":1}}', "\u0000", '{"a":"\\ud800"}', "1e99999", '"just a string"', "[]", "0"),
  fc.constantFrom("[".repeat(20_000) + "]".repeat(20_000), '{"a":'.repeat(20_000) + "1" + "}".repeat(20_000)),
);
