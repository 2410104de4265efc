import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { FastifyInstance } from "fastify";

/** The Swagger UI files the page loads, with their content types; nothing else of the package is served. */
const ASSETS: Readonly<Record<string, string>> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gatehouse API</title>
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<main id="api-docs"></main>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

// Kept out of the page so a strict Content-Security-Policy (script-src 'self') allows it.
const INIT = `window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#api-docs",
  deepLinking: true,
  displayRequestDuration: true,
  tryItOutEnabled: false,
  // No call home: the validator badge would fetch an outside service.
  validatorUrl: null,
});
`;

const SECURITY_HEADERS = {
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
};

/**
 * Serves `GET /docs`: an API reference rendered by Swagger UI from
 * `/openapi.json`. Every asset comes from the `swagger-ui-dist` package
 * installed with Gatehouse — no CDN, no network at run time — under a
 * Content-Security-Policy that allows nothing from elsewhere. Each file is
 * read on its first request and kept: the bundle is 1.7 MB, which a process
 * whose reference page nobody opens need not hold.
 */
export function registerDocsPage(app: FastifyInstance): void {
  const dist = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  const bodies = new Map<string, Promise<Buffer>>();
  const body = (name: string): Promise<Buffer> => {
    let read = bodies.get(name);
    if (!read) {
      read = readFile(join(dist, name));
      // A failed read is tried again next time instead of being kept.
      read.catch(() => bodies.delete(name));
      bodies.set(name, read);
    }
    return read;
  };
  app.get("/docs", async (_request, reply) => reply.headers(SECURITY_HEADERS).type("text/html; charset=utf-8").send(PAGE));
  app.get("/docs/init.js", async (_request, reply) => reply.headers(SECURITY_HEADERS).type("text/javascript; charset=utf-8").send(INIT));
  app.get<{ Params: { file: string } }>("/docs/:file", async (request, reply) => {
    const type = Object.hasOwn(ASSETS, request.params.file) ? ASSETS[request.params.file] : undefined;
    if (!type) return reply.callNotFound();
    const content = await body(request.params.file);
    // The package version pins the content; a day's caching spares reloads.
    return reply.headers({ ...SECURITY_HEADERS, "Cache-Control": "public, max-age=86400" }).type(type).send(content);
  });
}
