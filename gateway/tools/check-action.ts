import { ScanBody, ScanResponse } from "../rest/schemas/scan.js";
import { defineTool } from "./tool-definition.js";

/** `check_action`: a content scan (`POST /v1/secure/scan`) with the spec's arguments. */
export const checkAction = defineTool({
  name: "check_action",
  title: "Check content against the safety rules",
  description:
    "Scan text against the workspace's active content-safety rules before you rely on it or send it: " +
    "a prompt or document you received (scan_type prompt_input, the default), the arguments of a tool call you are " +
    "about to make (scan_type tool_call; tool_name is then required), or an output you are about to return " +
    "(scan_type output). Pass agent_id (or agent_name when you have no registered ID) so agent-specific rules apply, " +
    "and context (an object) for rules written as conditions. The verdict is the strongest action matched: block, flag, " +
    "log, else allow. When allowed is false (verdict block) do not use or send the content; flag and log mean proceed " +
    "with care. matches lists the rules that fired with masked excerpts. " +
    "Pass sign: true to get verdict_token, a signed JWT proving this verdict for this exact content, to hand to " +
    "whoever must trust it (they check it at POST /v1/secure/verdict-tokens/verify or with the JWKS). " +
    "Backed by POST /v1/secure/scan; needs the scope secure:scan:write.",
  inputSchema: ScanBody.pick({ content: true, scan_type: true, tool_name: true, agent_id: true, agent_name: true, context: true, sign: true }),
  outputSchema: ScanResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  operationId: "scan",
  toRoute: (args) => ({ body: args }),
});
