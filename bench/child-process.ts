import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");

type Started = ChildProcess & { output(): string };

// A Node process of `args` in the repository, keeping everything it prints.
function startWithOutput(args: string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  return Object.assign(child, { output: () => out });
}

/** A TypeScript entry point run in its own Node process (through tsx): the benchmarks' baselines. */
export function startNode(entry: string, args: string[], env: Record<string, string>): Started {
  return startWithOutput(["--import", "tsx", entry, ...args], env);
}

/**
 * Gatehouse as it is deployed: the compiled `dist/cli/main.js` (built by
 * `buildOnce`), not the TypeScript sources through a loader, whose compiled
 * code and source maps would count against memory and start-up.
 */
export function startGatehouseProcess(args: string[], env: Record<string, string>): Started {
  return startWithOutput(["dist/cli/main.js", ...args], env);
}

let built: Promise<void> | undefined;

/** Compiles the sources into dist/ (`npm run build`), once per benchmark run. */
export function buildOnce(): Promise<void> {
  built ??= new Promise<void>((resolve, reject) => {
    const tsc = spawn(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], { cwd: ROOT, stdio: "inherit" });
    tsc.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the build failed (tsc exited ${code})`))));
  });
  return built;
}

/** Resolves when `check` passes, polling every 100 ms, or rejects after `ms`. */
export async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Resident memory of process `pid` in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
