import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{lib,services,gateway,cli,test,scripts}/**/*.test.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Suites that start servers print their own diagnostics on failure only.
    silent: "passed-only",
  },
});
