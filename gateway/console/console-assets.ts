import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Content types of the files a console build holds; anything else is not served. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/** One built file, read into memory. */
export interface ConsoleAsset {
  type: string;
  body: Buffer;
}

/** A console build, read into memory: the app shell and its hashed assets by file name. */
export interface ConsoleBundle {
  shell: Buffer;
  assets: ReadonlyMap<string, ConsoleAsset>;
}

/**
 * The directory `npm run build` writes the console to: `dist/console` of the
 * installation this module belongs to. Compiled, this module sits in
 * `dist/gateway/console/`; run from its TypeScript source (tests, tsx), in
 * `gateway/console/` — both lead to the same `dist/console`.
 */
export function defaultConsoleDir(): string {
  const here = fileURLToPath(import.meta.url);
  const compiled = here.endsWith(".js");
  return resolve(dirname(here), compiled ? "../../console" : "../../dist/console");
}

/**
 * Reads the console build in `dir` (its `index.html` and `assets/`), or
 * returns null when there is none — a checkout where `npm run build` has not
 * run. Files of unknown types are left out.
 */
export function loadConsoleBundle(dir: string): ConsoleBundle | null {
  const shellPath = join(dir, "index.html");
  const assetDir = join(dir, "assets");
  if (!existsSync(shellPath) || !existsSync(assetDir)) return null;
  const assets = new Map<string, ConsoleAsset>();
  for (const name of readdirSync(assetDir)) {
    const type = CONTENT_TYPES[extname(name)];
    if (type) assets.set(name, { type, body: readFileSync(join(assetDir, name)) });
  }
  return { shell: readFileSync(shellPath), assets };
}
