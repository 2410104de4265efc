/**
 * Builds the reviewer console (`gateway/console/app/`) into static files the
 * gateway serves under `/console`: `index.html` (the app shell) and
 * `assets/<name>-<hash>.{js,css}`, bundled and minified by esbuild with
 * Preact inside — nothing is fetched from elsewhere at run time.
 *
 *   tsx scripts/build-console.ts [outDir]     (default: dist/console)
 *
 * `npm run build` runs it after the TypeScript build; tests call
 * `buildConsole` to build into a directory of their own.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** The console's entry point. */
export const CONSOLE_ENTRY = join(ROOT, "gateway/console/app/main.tsx");
/** Where `npm run build` puts the console (the gateway's default `GATEHOUSE_CONSOLE_DIR`). */
export const DEFAULT_CONSOLE_OUT_DIR = join(ROOT, "dist/console");

/** What a build produced: paths relative to `outDir`. */
export interface ConsoleBuild {
  outDir: string;
  script: string;
  stylesheet: string;
}

/**
 * The app shell. It holds no inline script or style, so the gateway's
 * Content-Security-Policy can forbid both.
 */
function shell(script: string, stylesheet: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Gatehouse console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/console/${stylesheet}">
<script type="module" src="/console/${script}"></script>
</head>
<body>
<div id="app"><noscript>The Gatehouse console needs JavaScript.</noscript></div>
</body>
</html>
`;
}

/**
 * Bundles the console into `outDir` (emptied first) and writes its shell.
 * Asset names carry a content hash, so the gateway can let browsers cache
 * them for good.
 */
export async function buildConsole(outDir: string = DEFAULT_CONSOLE_OUT_DIR): Promise<ConsoleBuild> {
  rmSync(outDir, { recursive: true, force: true });
  const assets = join(outDir, "assets");
  mkdirSync(assets, { recursive: true });
  const result = await build({
    entryPoints: { app: CONSOLE_ENTRY },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["es2022", "chrome110", "firefox115", "safari16"],
    minify: true,
    sourcemap: false,
    legalComments: "linked",
    jsx: "automatic",
    jsxImportSource: "preact",
    entryNames: "[name]-[hash]",
    assetNames: "[name]-[hash]",
    outdir: assets,
    metafile: true,
    logLevel: "silent",
  });
  const outputs = Object.keys(result.metafile.outputs).map((p) => resolve(p));
  const find = (ext: string) => {
    const file = outputs.find((p) => p.endsWith(ext) && !p.endsWith(".LEGAL.txt"));
    if (!file) throw new Error(`the console build wrote no ${ext} file (outputs: ${readdirSync(assets).join(", ")})`);
    return `assets/${basename(file)}`;
  };
  const script = find(".js");
  const stylesheet = find(".css");
  writeFileSync(join(outDir, "index.html"), shell(script, stylesheet));
  return { outDir, script, stylesheet };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = resolve(process.argv[2] ?? DEFAULT_CONSOLE_OUT_DIR);
  const built = await buildConsole(out);
  process.stdout.write(`console built in ${relative(process.cwd(), out) || "."}: ${built.script}, ${built.stylesheet}\n`);
}
