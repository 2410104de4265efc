import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");

/** A `gatehouse` process started by a test, with everything it printed so far. */
export type GatehouseProcess = ChildProcess & { output: () => string };

/** Starts `gatehouse serve <component>` ("all" for the all-in-one) as its own process, logging at info. */
export function spawnGatehouse(component: string, env: Record<string, string>): GatehouseProcess {
  const args = ["--import", "tsx", "cli/main.ts", "serve", ...(component === "all" ? [] : [component])];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, GATEHOUSE_LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  return Object.assign(child, { output: () => out });
}

/** Resolves with the exit code once `child` has exited. */
export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once("exit", (code) => resolve(code));
  });
}

/** Polls `check` every 200 ms until it resolves true; throws after `ms`. */
export async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("timed out waiting for the condition");
}
