import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

// A fresh process with a load hook that reports every module of the MCP SDK
// it loads: a Gatehouse is started, then sent one MCP request.
const PROGRAM = `
  import { register } from "node:module";
  import { MessageChannel } from "node:worker_threads";
  const { port1, port2 } = new MessageChannel();
  const sdk = new Set();
  port1.on("message", (url) => sdk.add(url.split("/@modelcontextprotocol/sdk/")[1]));
  port1.unref();
  const hooks = \`
    let port;
    export function initialize(data) { port = data.port; }
    export async function load(url, context, next) {
      if (url.includes("/@modelcontextprotocol/sdk/")) port.postMessage(url);
      return next(url, context);
    }\`;
  register("data:text/javascript," + encodeURIComponent(hooks), { data: { port: port2 }, transferList: [port2] });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
  const { startGatehouse } = await import("./test/support/gatehouse.ts");
  const gh = await startGatehouse();
  await settle();
  const before = [...sdk];
  const response = await fetch(gh.url + "/mcp", {
    method: "POST",
    headers: { authorization: "Bearer " + gh.adminKey, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  const tools = (await response.json()).result.tools.length;
  await settle();
  console.log(JSON.stringify({ before, after: [...sdk], tools }));
  await gh.close();`;

describe("POST /mcp", () => {
  it("loads the MCP SDK with the first MCP request, not with the gateway", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", PROGRAM], { cwd: ROOT });
    const { before, after, tools } = JSON.parse(stdout.trim().split("\n").pop()!) as { before: string[]; after: string[]; tools: number };
    // Only the constants module (a batch's size limit) is read at start.
    expect(before).toEqual(["dist/esm/server/requestBody.js"]);
    expect(tools).toBe(7);
    // The hook sees the SDK when it loads, so the list above means something.
    expect(after.length).toBeGreaterThan(5);
  }, 60_000);
});
