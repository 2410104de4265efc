import { Environment, type ASTNode } from "@marcbachmann/cel-js";
import RE2 from "re2";
import { findCategory, findLibrary } from "./catalog.js";

/** What a DSL statement's `detect(id)` answers: whether the named detector found something. */
export type DetectFunction = (id: string) => boolean;

// Compiled re2_matches() patterns, shared by every statement; the bound only
// stops statements built from dynamic strings from growing it forever.
const MAX_CACHED_REGEXES = 1000;
const regexes = new Map<string, RE2>();

/**
 * The RE2 program of a `re2_matches()` pattern (RE2 syntax, no slashes; use
 * `(?i)` for case-insensitive). Throws for a pattern RE2 cannot compile.
 */
export function dslRegex(pattern: string): RE2 {
  let re = regexes.get(pattern);
  if (!re) {
    re = new RE2(pattern, "u");
    if (regexes.size >= MAX_CACHED_REGEXES) regexes.delete(regexes.keys().next().value as string);
    regexes.set(pattern, re);
  }
  return re;
}

/**
 * Builds the CEL environment rule DSL statements run in: variables `content`,
 * `scan_type`, `tool_name` (strings), `agent` and `context` (maps), the
 * function `detect(string) -> bool` (a data category or pattern library ID)
 * and `re2_matches(text, pattern) -> bool`, a regular-expression test that
 * runs under RE2 in linear time. In a scan, `content` is the normalised text
 * (NFKC, invisible characters removed), as the patterns see it. Structural
 * limits keep a statement's compile and evaluation cost small (CEL itself has
 * no loops); `checkDslStatement` refuses the constructs that could still be slow.
 */
export function createDslEnvironment(detect: DetectFunction): Environment {
  return new Environment({ limits: { maxAstNodes: 1000, maxDepth: 32, maxListElements: 200, maxMapEntries: 200, maxCallArguments: 8 } })
    .registerVariable("content", "string")
    .registerVariable("scan_type", "string")
    .registerVariable("tool_name", "string")
    .registerVariable("agent", "map")
    .registerVariable("context", "map")
    .registerFunction("detect(string): bool", (id: string) => detect(id))
    .registerFunction("re2_matches(string, string): bool", (text: string, pattern: string) => dslRegex(pattern).test(text));
}

// Type checking never calls functions, so a detector that finds nothing suffices.
const checkingEnvironment = createDslEnvironment(() => false);

/**
 * Type-checks one DSL statement. Returns null when it compiles to a boolean
 * (or to a dynamic value, such as `context.flag`, that may be one at run time)
 * and keeps to what a scan may run (see `dslPolicyProblem`), else the reason
 * it cannot be used.
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
  return dslPolicyProblem(checkingEnvironment.parse(statement).ast);
}

const COMPREHENSIONS = new Set(["all", "exists", "exists_one", "map", "filter"]);

/**
 * Why a parsed statement may not run in a scan, or null. Refused:
 * `matches()` (CEL runs it on the JavaScript regex engine, which can take
 * exponential time; `re2_matches` is the linear replacement); `cel.bind`;
 * a comprehension (`all`, `exists`, `exists_one`, `map`, `filter`) inside
 * another, or over or mentioning `content` (each would multiply work by the
 * text's length); a literal `re2_matches` pattern RE2 cannot compile; and a
 * literal `detect()` ID that is neither a data category nor a library.
 */
export function dslPolicyProblem(ast: ASTNode): string | null {
  return visit(ast, false);
}

function visit(node: ASTNode, insideComprehension: boolean): string | null {
  if (node.op === "call" || node.op === "rcall") {
    const name = node.args[0];
    if (name === "matches") return "matches() uses the JavaScript regex engine; use re2_matches(text, pattern), which runs under RE2";
    if (name === "bind") return "cel.bind is not supported";
    const args = node.op === "call" ? node.args[1] : node.args[2];
    if (COMPREHENSIONS.has(name) && node.op === "rcall") {
      if (insideComprehension) return `${name}() inside another comprehension is not supported`;
      if (mentionsContent(node)) return `${name}() over or about content is not supported: its cost would grow with the text squared`;
      for (const child of [node.args[1], ...args]) {
        const problem = visit(child, true);
        if (problem) return problem;
      }
      return null;
    }
    const literal = (i: number): string | undefined => {
      const arg = args[i];
      return arg?.op === "value" && typeof arg.args === "string" ? arg.args : undefined;
    };
    if (node.op === "call" && name === "re2_matches") {
      const pattern = literal(1);
      if (pattern !== undefined) {
        try {
          dslRegex(pattern);
        } catch (err) {
          return `re2_matches pattern is not valid RE2: ${firstLine(err instanceof Error ? err.message : String(err))}`;
        }
      }
    }
    if (node.op === "call" && name === "detect") {
      const id = literal(0);
      if (id !== undefined && !findCategory(id) && !findLibrary(id)) {
        return `detect(${JSON.stringify(id)}) names no data category or pattern library`;
      }
    }
  }
  for (const child of children(node)) {
    const problem = visit(child, insideComprehension);
    if (problem) return problem;
  }
  return null;
}

function mentionsContent(node: ASTNode): boolean {
  if (node.op === "id") return node.args === "content";
  return children(node).some(mentionsContent);
}

/** The AST nodes among a node's operands, at any nesting of arrays. */
function children(node: ASTNode): ASTNode[] {
  if (node.op === "value" || node.op === "id") return [];
  const out: ASTNode[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (typeof value === "object" && value !== null && "op" in value) out.push(value as ASTNode);
  };
  collect(node.args);
  return out;
}

// cel-js appends a source excerpt with a caret on further lines; the first line says what is wrong.
function firstLine(message: string): string {
  return message.split("\n")[0]!.trim();
}
