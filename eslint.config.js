import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["gen/**", "dist/**", "data/**", "node_modules/**", ".tmp/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-syntax": ["error", { selector: "MemberExpression[object.name='process'][property.name='env']", message: "Only main.ts files and tests read process.env." }],
    },
  },
  {
    files: ["**/main.ts", "cli/**", "test/**", "**/*.test.ts", "bench/**", "vitest.config.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    // Tests read loosely-typed JSON answers.
    files: ["test/**", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["gateway/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/services/**"], message: "The gateway knows only gen/ and lib/." }] }],
    },
  },
  {
    files: ["services/*/domain/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["node:fs", "node:net", "node:http*", "mongodb", "better-sqlite3", "**/store/**", "**/routes/**"], message: "domain/ is pure: no I/O." }] }],
    },
  },
);
