import type { JsonObject } from "@bufbuild/protobuf";
import { ScanTypeSchema } from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { enumValue } from "../../../lib/enum-wire.js";
import { route } from "../route.js";
import { ScanBody, ScanResponse, VerifyVerdictBody, VerifyVerdictResponse } from "../schemas/scan.js";
import { scanVerdictView } from "../views/scan-verdict.js";
import type { RouteDeps } from "./deps.js";
import { idempotencyKeyOf, markReplayed } from "./idempotency-header.js";

/**
 * `POST /v1/secure/scan`: content against the workspace's active rules;
 * `POST /v1/secure/verdict-tokens/verify`: a signed scan verdict checked.
 */
export function scanRoutes({ clients }: RouteDeps) {
  return [
    route({
      method: "POST",
      url: "/v1/secure/scan",
      operationId: "scan",
      summary: "Scan content against the active rules; the verdict is the strongest action matched",
      tags: ["scan"],
      scope: "secure:scan:write",
      body: ScanBody,
      headers: [{ name: "Idempotency-Key", description: "Unique string; a retry with the same body replays the first verdict." }],
      status: 200,
      response: ScanResponse,
      async handler({ caller, body, headers, response }): Promise<ScanResponse> {
        const res = await clients.secure.scan({
          caller,
          content: body.content,
          scanType: body.scan_type ? enumValue(ScanTypeSchema, body.scan_type) : 0,
          toolName: body.tool_name ?? "",
          agentId: body.agent_id ?? "",
          agentName: body.agent_name ?? "",
          context: body.context as JsonObject | undefined,
          redact: body.redact ?? false,
          sign: body.sign ?? false,
          idempotencyKey: idempotencyKeyOf(headers),
        });
        if (res.replayed) markReplayed(response);
        return scanVerdictView(res);
      },
    }),
    route({
      method: "POST",
      url: "/v1/secure/verdict-tokens/verify",
      operationId: "verifyVerdictToken",
      summary: "Verify a scan verdict token: signature, workspace, expiry, and optionally that it is about this content",
      tags: ["scan"],
      scope: "secure:scan:write",
      body: VerifyVerdictBody,
      status: 200,
      response: VerifyVerdictResponse,
      async handler({ caller, body }) {
        const res = await clients.auth.verifyScanVerdict({ caller, token: body.token, content: body.content });
        return res.valid ? { valid: true, claims: res.claims ?? {} } : { valid: false, reason: res.reason };
      },
    }),
  ];
}
