import { startBaselineServer } from "./baseline-server.js";
import { SAMPLE_DECISION } from "./sample-decision.js";

// Runs the baseline server in its own process and prints its URL, so the load
// generator never shares an event loop with the server it measures.
const server = await startBaselineServer(SAMPLE_DECISION);
process.stdout.write(`${server.url}\n`);
process.once("SIGTERM", () => void server.close().then(() => process.exit(0)));
