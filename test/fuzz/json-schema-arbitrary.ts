import fc from "fast-check";

type Schema = Record<string, unknown>;

/** Resolves `#/components/schemas/<name>` references against an OpenAPI document's components. */
export type SchemaResolver = (schema: Schema) => Schema;

/** A resolver for the schemas of `doc` (an OpenAPI 3.1 document). */
export function resolverOf(doc: { components?: { schemas?: Record<string, Schema> } }): SchemaResolver {
  return (schema) => {
    let s = schema;
    for (let i = 0; i < 10 && typeof s.$ref === "string"; i++) {
      s = doc.components?.schemas?.[(s.$ref as string).split("/").pop()!] ?? {};
    }
    return s;
  };
}

/**
 * Values that mostly fit `schema` (a JSON Schema subset: objects, arrays,
 * strings, numbers, enums, consts, unions), so that generated requests get
 * past the first validation check and exercise what lies behind it.
 */
export function validish(schema: Schema, resolve: SchemaResolver, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (depth > 6) return fc.constant(null);
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...(s.enum as unknown[]));
  const union = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (union && union.length > 0) return fc.oneof(...union.map((u) => validish(u, resolve, depth + 1)));
  const type = Array.isArray(s.type) ? (s.type as string[])[0] : (s.type as string | undefined);
  switch (type) {
    case "object": {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = (s.required ?? []) as string[];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, p] of Object.entries(props)) model[name] = validish(p, resolve, depth + 1);
      if (Object.keys(model).length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      return fc.record(model, { requiredKeys: required.filter((r) => r in model) });
    }
    case "array":
      return fc.array(validish((s.items ?? {}) as Schema, resolve, depth + 1), { maxLength: 3 });
    case "string":
      return fc.string({ minLength: typeof s.minLength === "number" ? Math.min(s.minLength, 5) : 0, maxLength: 24 });
    case "integer":
      return fc.integer({ min: typeof s.minimum === "number" ? s.minimum : -5, max: typeof s.maximum === "number" ? Math.min(s.maximum, 1e6) : 100 });
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
