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
 * installation this module belongs to, found by walking up to the nearest
 * `package.json` — so the same answer holds for the compiled `dist/` and
 * for the TypeScript sources run in place.
 */
export function defaultConsoleDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "package.json"))) return join(dir, "dist", "console");
    const parent = dirname(dir);
    if (parent === dir) return resolve("dist", "console");
    dir = parent;
  }
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
