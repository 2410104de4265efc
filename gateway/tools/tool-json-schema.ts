import { z } from "zod";

/** A JSON Schema document. */
export type JsonSchema = { [key: string]: unknown };

/**
 * The JSON Schema (draft-07, the dialect the MCP SDK itself publishes) of a
 * zod schema, with every `$ref` resolved in place. The REST schemas name
 * their shared parts (`.meta({ id })`), which zod hoists into `definitions`;
 * MCP clients and the models reading `tools/list` handle a self-contained
 * `type: "object"` schema best, and ours have no cycles, so we inline them.
 */
export function toolJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { definitions, ...root } = z.toJSONSchema(schema, { target: "draft-7", io, unrepresentable: "any" }) as JsonSchema;
  const defs = (definitions ?? {}) as Record<string, JsonSchema>;
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (typeof node !== "object" || node === null) return node;
    const { $ref, ...rest } = node as JsonSchema;
    const out: JsonSchema = {};
    if (typeof $ref === "string") {
      const name = $ref.replace(/^#\/definitions\//, "");
      const target = defs[name];
      if (!target) throw new Error(`unresolvable $ref ${$ref}`);
      Object.assign(out, inline(target));
    }
    for (const [k, v] of Object.entries(rest)) out[k] = inline(v);
    return out;
  };
  return inline(root) as JsonSchema;
}
