import RE2 from "re2";
import { escapeRegex } from "./compile-pattern.js";

/**
 * Compiles a tool-name glob into an anchored, case-sensitive RE2 program:
 * `*` matches any run of characters (also none), `?` exactly one, everything
 * else itself. Tool names are identifiers, so matching keeps their case.
 */
export function compileToolGlob(glob: string): RE2 {
  let source = "";
  for (const ch of glob) {
    if (ch === "*") source += "[\\s\\S]*";
    else if (ch === "?") source += "[\\s\\S]";
    else source += escapeRegex(ch);
  }
  return new RE2(`^${source}$`, "u");
}

/** True when `toolName` matches `glob` (see `compileToolGlob`). */
export function toolNameMatches(glob: string, toolName: string): boolean {
  return compileToolGlob(glob).test(toolName);
}
