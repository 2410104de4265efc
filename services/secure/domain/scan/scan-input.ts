import { ValidationError } from "../../../../lib/errors.js";
import { SCAN_TYPES, type ScanInput, type ScanType } from "./scan-types.js";

/** Longest content a scan accepts, in UTF-16 code units (the REST body limit is 1 MiB). */
export const MAX_CONTENT_LENGTH = 1_048_576;
/** Longest tool name, agent ID or agent name. */
export const MAX_NAME_LENGTH = 512;

/** A scan request as received; `scanType` null means the default, `prompt_input`. */
export interface RawScanInput {
  content: string;
  scanType: ScanType | null;
  toolName: string;
  agentId: string;
  agentName: string;
  context: Readonly<Record<string, unknown>> | null;
  redact: boolean;
}

/**
 * Validates a scan request: `content` is required (non-empty) and at most
 * `MAX_CONTENT_LENGTH` long; a `tool_call` scan needs `tool_name`; names are
 * bounded. Throws `ValidationError` naming the field.
 */
export function validateScanInput(raw: RawScanInput): ScanInput {
  if (typeof raw.content !== "string" || raw.content === "") throw new ValidationError("content", "is required");
  if (raw.content.length > MAX_CONTENT_LENGTH) {
    throw new ValidationError("content", `must be at most ${MAX_CONTENT_LENGTH} characters`);
  }
  const scanType = raw.scanType ?? "prompt_input";
  if (!SCAN_TYPES.includes(scanType)) throw new ValidationError("scan_type", `must be one of ${SCAN_TYPES.join(", ")}`);
  if (scanType === "tool_call" && raw.toolName.trim() === "") {
    throw new ValidationError("tool_name", "is required when scan_type is tool_call");
  }
  for (const [field, value] of [
    ["tool_name", raw.toolName],
    ["agent_id", raw.agentId],
    ["agent_name", raw.agentName],
  ] as const) {
    if (value.length > MAX_NAME_LENGTH) throw new ValidationError(field, `must be at most ${MAX_NAME_LENGTH} characters`);
  }
  return {
    content: raw.content,
    scanType,
    toolName: raw.toolName,
    agentId: raw.agentId,
    agentName: raw.agentName,
    context: raw.context ?? {},
    redact: raw.redact,
  };
}
