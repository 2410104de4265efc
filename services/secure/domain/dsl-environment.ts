import { Environment } from "@marcbachmann/cel-js";

/** What a DSL statement's `detect(id)` answers: whether the named detector found something. */
export type DetectFunction = (id: string) => boolean;

/**
 * Builds the CEL environment rule DSL statements run in: variables `content`,
 * `scan_type`, `tool_name` (strings), `agent` and `context` (maps), and the
 * function `detect(string) -> bool`. Structural limits keep a statement's
 * compile and evaluation cost small (CEL itself has no loops).
 */
export function createDslEnvironment(detect: DetectFunction): Environment {
  return new Environment({ limits: { maxAstNodes: 1000, maxDepth: 32, maxListElements: 200, maxMapEntries: 200, maxCallArguments: 8 } })
    .registerVariable("content", "string")
    .registerVariable("scan_type", "string")
    .registerVariable("tool_name", "string")
    .registerVariable("agent", "map")
    .registerVariable("context", "map")
    .registerFunction("detect(string): bool", (id: string) => detect(id));
}

// Type checking never calls functions, so a detector that finds nothing suffices.
const checkingEnvironment = createDslEnvironment(() => false);

/**
 * Type-checks one DSL statement. Returns null when it compiles to a boolean
 * (or to a dynamic value, such as `context.flag`, that may be one at run time),
 * else the reason it cannot be used.
 */
export function checkDslStatement(statement: string): string | null {
  let result: ReturnType<Environment["check"]>;
  try {
    result = checkingEnvironment.check(statement);
  } catch (err) {
    return firstLine(err instanceof Error ? err.message : String(err));
  }
  if (!result.valid) return firstLine(result.error?.message ?? "does not compile");
  if (result.type !== "bool" && result.type !== "dyn") return `must be a boolean expression, not ${String(result.type)}`;
  return null;
}

// cel-js appends a source excerpt with a caret on further lines; the first line says what is wrong.
function firstLine(message: string): string {
  return message.split("\n")[0]!.trim();
}
