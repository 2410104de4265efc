import type { ASTNode } from "@marcbachmann/cel-js";
import { checkDslStatement, createDslEnvironment, type DetectFunction } from "../dsl-environment.js";

/**
 * A DSL statement ready to run, or why it cannot run. `guards` are literals
 * the statement can only be true with: each `content.contains("…")` among its
 * top-level `&&` conjuncts. A scan whose text lacks one skips the statement.
 */
export type CompiledStatement =
  | { ok: true; run: (vars: DslVariables) => unknown; guards: readonly string[] }
  | { ok: false; problem: string };

/** The variables a statement sees. */
export interface DslVariables {
  content: string;
  scan_type: string;
  tool_name: string;
  agent: { id: string; name: string };
  context: Readonly<Record<string, unknown>>;
}

/** The result of one statement: its truth, or why it could not be decided. */
export type StatementResult = { ok: true; value: boolean } | { ok: false; error: string };

// One environment for every compiled statement. Its detect() calls whatever
// detector the current evaluation installed: evaluation is synchronous, so
// no two scans ever share the slot.
let currentDetect: DetectFunction = () => false;
const environment = createDslEnvironment((id) => currentDetect(id));

/** Compiles a statement once (it is checked exactly as a rule write checks it), for many scans. */
export function compileStatement(statement: string): CompiledStatement {
  const problem = checkDslStatement(statement);
  if (problem !== null) return { ok: false, problem };
  const parsed = environment.parse(statement);
  return { ok: true, run: (vars) => parsed({ ...vars }), guards: [...new Set(contentGuards(parsed.ast))] };
}

/** Literals `content.contains()` is called with among the top-level conjuncts of `node`. */
export function contentGuards(node: ASTNode): string[] {
  if (node.op === "&&") return [...contentGuards(node.args[0]), ...contentGuards(node.args[1])];
  if (node.op !== "rcall") return [];
  const [name, receiver, args] = node.args;
  const arg = args[0];
  if (name !== "contains" || receiver.op !== "id" || receiver.args !== "content" || args.length !== 1 || arg?.op !== "value") return [];
  return typeof arg.args === "string" && arg.args !== "" ? [arg.args] : [];
}

/**
 * Runs a compiled statement with `detect` answering its `detect()` calls. A
 * run-time failure (a missing context key, a type mismatch) or a non-boolean
 * result is reported, never thrown.
 */
export function runStatement(
  statement: Extract<CompiledStatement, { ok: true }>,
  vars: DslVariables,
  detect: DetectFunction,
): StatementResult {
  const previous = currentDetect;
  currentDetect = detect;
  try {
    const value = statement.run(vars);
    if (typeof value !== "boolean") return { ok: false, error: `evaluated to ${typeof value}, not a boolean` };
    return { ok: true, value };
  } catch (err) {
    return { ok: false, error: (err instanceof Error ? err.message : String(err)).split("\n")[0]!.trim() };
  } finally {
    currentDetect = previous;
  }
}
