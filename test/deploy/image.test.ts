import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const dockerfile = readFileSync(join(root, "deploy/Dockerfile"), "utf8");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { engines: { node: string }; scripts: Record<string, string> };

// The image cannot be built here (no Docker engine), so its contract is read off the Dockerfile.
describe("the container image", () => {
  it("builds and runs on Node.js 24 LTS in both stages", () => {
    const froms = dockerfile.split("\n").filter((l) => /^FROM\s/i.test(l));
    expect(froms).toEqual(["FROM node:24-bookworm-slim AS build", "FROM node:24-bookworm-slim"]);
  });

  it("runs as a non-root user given by number, one image for every component", () => {
    const users = dockerfile.split("\n").filter((l) => /^USER\s/.test(l));
    expect(users).toEqual(["USER 1000:1000"]);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["node", "dist\/cli\/main\.js"\]$/m);
    expect(dockerfile).toMatch(/^CMD \["serve"\]$/m);
  });

  it("writes the SBOM in the build stage and ships it with dist/", () => {
    expect(dockerfile).toMatch(/^RUN npm run build && npm run sbom && npm prune --omit=dev$/m);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
  });

  it("declares the supported Node.js lines: 20.19+, 22.12+ and 24", () => {
    expect(pkg.engines.node).toBe("^20.19.0 || ^22.12.0 || >=24.0.0");
  });
});

describe("npm run sbom", () => {
  it("writes dist/sbom.cdx.json, a CycloneDX document of the production dependencies only", () => {
    execFileSync("npm", ["run", "--silent", "sbom"], { cwd: root, stdio: "ignore" });
    const bom = JSON.parse(readFileSync(join(root, "dist/sbom.cdx.json"), "utf8")) as {
      bomFormat: string;
      components: Array<{ name: string; version: string }>;
    };
    expect(bom.bomFormat).toBe("CycloneDX");
    const names = new Set(bom.components.map((c) => c.name));
    for (const dep of ["fastify", "mongodb", "better-sqlite3", "re2", "jose", "@connectrpc/connect"]) expect(names, dep).toContain(dep);
    for (const dev of ["vitest", "eslint", "typescript", "@grpc/grpc-js"]) expect(names, dev).not.toContain(dev);
  });
});
