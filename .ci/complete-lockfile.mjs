// Completes package-lock.json with the platform-specific optional packages
// (rollup, esbuild, buf builds for other systems) that this registry does not
// serve: npm install leaves them out, and npm ci then refuses the lock.
// Run after every npm install: node .ci/complete-lockfile.mjs package-lock.json
/* global process, console */
import fs from "node:fs";
const file = process.argv[2];
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const pkgs = lock.packages;
const OS = { android: "android", darwin: "darwin", freebsd: "freebsd", linux: "linux", openbsd: "openbsd", openharmony: "openharmony", win32: "win32", sunos: "sunos", aix: "aix", netbsd: "netbsd" };
const CPU = { arm: "arm", armv7: "arm", arm64: "arm64", aarch64: "arm64", x64: "x64", ia32: "ia32", loong64: "loong64", ppc64: "ppc64", riscv64: "riscv64", s390x: "s390x", mips64el: "mips64el" };
let added = 0;
for (const [path, entry] of Object.entries(pkgs)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    // Resolution walks up node_modules folders; a copy anywhere on the way counts.
    const base = path === "" ? "" : `${path}/`;
    const candidates = [`${base}node_modules/${name}`];
    let p = path;
    while (p.includes("node_modules/")) {
      p = p.slice(0, p.lastIndexOf("node_modules/")).replace(/\/$/, "");
      candidates.push(`${p ? `${p}/` : ""}node_modules/${name}`);
    }
    if (candidates.some((c) => pkgs[c])) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue; // only exact pins are platform binaries
    const tokens = name.split("/").pop().split("-");
    const stub = { version: spec };
    const os = tokens.find((t) => OS[t]);
    const cpu = tokens.find((t) => CPU[t]);
    if (os && cpu) {
      stub.cpu = [CPU[cpu]];
      stub.os = [OS[os]];
      if (tokens.includes("gnu") || tokens.includes("gnueabihf")) stub.libc = ["glibc"];
      if (tokens.includes("musl") || tokens.includes("musleabihf")) stub.libc = ["musl"];
    }
    if (entry.dev) stub.dev = true;
    stub.optional = true;
    pkgs[`node_modules/${name}`] = stub;
    added++;
  }
}
const [rootKey, ...rest] = Object.keys(pkgs);
const sorted = { [rootKey]: pkgs[rootKey] };
for (const k of rest.sort()) sorted[k] = pkgs[k];
lock.packages = sorted;
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`added ${added} lock entries`);
