import type { FastifyInstance, FastifyReply } from "fastify";
import type { Logger } from "../../lib/logger.js";
import { type ConsoleBundle, loadConsoleBundle } from "./console-assets.js";

/**
 * The console's Content-Security-Policy: scripts, styles and API calls only
 * from the gateway itself, no inline script or style attribute in markup, no
 * framing, and no form submission anywhere (forms are handled in script, so a
 * key typed into one can never end up in a URL).
 */
export const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const SECURITY_HEADERS = {
  "Content-Security-Policy": CONSOLE_CSP,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Opener-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

/** How often a gateway without a console build looks for one again. */
const RETRY_MS = 2000;

const MISSING_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Gatehouse console unavailable</title></head>
<body>
<main>
<h1>The Gatehouse console is not built</h1>
<p>This gateway found no console assets. Build them with <code>npm run build</code> (or <code>npm start</code>, which builds first), or point <code>GATEHOUSE_CONSOLE_DIR</code> at a console build, and reload this page.</p>
<p>The REST API, <a href="/docs">its reference</a> and the MCP tools are not affected.</p>
</main>
</body>
</html>
`;

/** What `registerConsole` needs. */
export interface ConsoleOptions {
  /** Directory of a console build (`index.html` and `assets/`). */
  dir: string;
  logger: Logger;
}

/**
 * Serves the reviewer console under `/console`: the app shell for `/console`
 * and every deep link below it (`no-cache`, so a new build is picked up at
 * once), the hashed assets under `/console/assets/` (cached for a year,
 * immutable), all under a strict Content-Security-Policy. The build is read
 * into memory once. When there is none the gateway still starts: it logs an
 * error naming the directory, answers the console's URLs with a 503 page
 * saying how to build it, and looks again every couple of seconds, so a
 * build made later is served without a restart.
 */
export function registerConsole(app: FastifyInstance, opts: ConsoleOptions): void {
  let bundle: ConsoleBundle | null = null;
  let checkedAt = 0;
  const current = (): ConsoleBundle | null => {
    if (bundle) return bundle;
    const now = Date.now();
    if (now - checkedAt < RETRY_MS) return null;
    checkedAt = now;
    try {
      bundle = loadConsoleBundle(opts.dir);
    } catch (err) {
      opts.logger.error({ err, dir: opts.dir }, "reading the console build failed");
    }
    if (bundle) opts.logger.info({ dir: opts.dir }, "console assets loaded");
    return bundle;
  };
  if (!current()) {
    opts.logger.error({ dir: opts.dir }, "no console build found: /console answers 503 until `npm run build` writes one there (or GATEHOUSE_CONSOLE_DIR names one)");
  }

  const missing = (reply: FastifyReply) =>
    reply.code(503).headers({ ...SECURITY_HEADERS, "Cache-Control": "no-store", "Retry-After": "5" }).type("text/html; charset=utf-8").send(MISSING_PAGE);
  const sendShell = (reply: FastifyReply) => {
    const b = current();
    if (!b) return missing(reply);
    return reply.headers({ ...SECURITY_HEADERS, "Cache-Control": "no-cache" }).type("text/html; charset=utf-8").send(b.shell);
  };

  app.get("/console", async (_request, reply) => sendShell(reply));
  app.get<{ Params: { file: string } }>("/console/assets/:file", async (request, reply) => {
    const b = current();
    if (!b) return missing(reply);
    const asset = b.assets.get(request.params.file);
    if (!asset) return reply.callNotFound();
    // Names carry a hash of their content: a new build has new names.
    return reply.headers({ ...SECURITY_HEADERS, "Cache-Control": "public, max-age=31536000, immutable" }).type(asset.type).send(asset.body);
  });
  // Deep links (/console/checkpoints/cp_…) load the app, which routes in the browser.
  app.get("/console/*", async (request, reply) => {
    if (request.url.startsWith("/console/assets/")) return reply.callNotFound();
    return sendShell(reply);
  });
}
