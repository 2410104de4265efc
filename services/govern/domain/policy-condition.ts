import type { JsonObject } from "@bufbuild/protobuf";
import { Environment } from "@marcbachmann/cel-js";

/** The variables a policy condition sees. */
export interface ConditionInput {
  action: string;
  payload: JsonObject;
  agent: { id: string; name: string };
  context: string;
  reasoning: string;
  /** "L0".."L5", or "" when the checkpoint declares none. */
  autonomy_level: string;
}

/** The result of running one condition: its truth, or why it could not be decided. */
export type ConditionResult = { ok: true; value: boolean } | { ok: false; error: string };

// Structural limits keep compile and evaluation cost small; CEL has no loops.
const environment = new Environment({
  limits: { maxAstNodes: 1000, maxDepth: 32, maxListElements: 200, maxMapEntries: 200, maxCallArguments: 8 },
})
  .registerVariable("action", "string")
  .registerVariable("payload", "map")
  .registerVariable("agent", "map")
  .registerVariable("context", "string")
  .registerVariable("reasoning", "string")
  .registerVariable("autonomy_level", "string");

type Compiled = ReturnType<Environment["parse"]>;

// Conditions are few and reused by every checkpoint; the bound only stops a
// workspace that keeps editing conditions from growing the cache forever.
const MAX_CACHED = 1000;
const cache = new Map<string, Compiled>();

/**
 * Type-checks a condition. Returns null when it is a boolean expression (or a
 * dynamic one, such as `payload.flag`, that may be boolean at run time), else
 * the first line of the reason it cannot be used.
 */
export function checkPolicyCondition(condition: string): string | null {
  let result: ReturnType<Environment["check"]>;
  try {
    result = environment.check(condition);
  } catch (err) {
    return firstLine(err instanceof Error ? err.message : String(err));
  }
  if (!result.valid) return firstLine(result.error?.message ?? "does not compile");
  if (result.type !== "bool" && result.type !== "dyn") return `must be a boolean expression, not ${String(result.type)}`;
  return null;
}

/**
 * Runs a condition that passed `checkPolicyCondition`. A run-time failure (a
 * missing payload key, a type mismatch) or a non-boolean result is reported,
 * never thrown, so the caller decides which way to fail.
 */
export function evaluatePolicyCondition(condition: string, input: ConditionInput): ConditionResult {
  try {
    const value: unknown = compiled(condition)({ ...input });
    if (typeof value !== "boolean") return { ok: false, error: `evaluated to ${typeof value}, not a boolean` };
    return { ok: true, value };
  } catch (err) {
    return { ok: false, error: firstLine(err instanceof Error ? err.message : String(err)) };
  }
}

function compiled(condition: string): Compiled {
  let fn = cache.get(condition);
  if (!fn) {
    fn = environment.parse(condition);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(condition, fn);
  }
  return fn;
}

// cel-js appends a source excerpt with a caret on further lines; the first line says what is wrong.
function firstLine(message: string): string {
  return message.split("\n")[0]!.trim();
}
