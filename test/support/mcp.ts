import { createHash } from "node:crypto";
import canonicalizeModule from "canonicalize";
import { createLocalJWKSet, type JWTPayload, jwtVerify } from "jose";
import { expect } from "vitest";
import { client } from "./http.js";

// CommonJS default export typed as a module object under NodeNext (see lib/payload-hash.ts).
const canonicalize = canonicalizeModule as unknown as (input: unknown) => string | undefined;

/** The seven tools of the spec's "Tool server" table, in its order. */
export const TOOL_NAMES = [
  "check_action",
  "list_active_rules",
  "create_rule",
  "update_rule",
  "request_approval",
  "get_approval_status",
  "list_active_policies",
];

/** The scopes a reviewer key needs for the approval flow. */
export const REVIEWER_SCOPES = ["govern:checkpoints:read", "govern:checkpoints:decide"];

/**
 * Verifies a decision token as a careful agent does before acting: signature
 * against the public JWKS, typ, algorithm, audience (the workspace), the
 * checkpoint it is for, `approved`, and the payload hash.
 */
export async function verifyDecisionToken(baseUrl: string, token: string, expected: { checkpointId: string; payload?: unknown }): Promise<JWTPayload> {
  const jwks = (await client(baseUrl).get("/.well-known/jwks.json")).body;
  const { payload: claims } = await jwtVerify(token, createLocalJWKSet(jwks), {
    algorithms: ["ES256"],
    typ: "gatehouse-decision+jwt",
    audience: "default",
  });
  expect(claims.sub).toBe(expected.checkpointId);
  expect(claims.status).toBe("approved");
  expect(claims.payload_sha256).toBe(createHash("sha256").update(canonicalize(expected.payload ?? {})!).digest("base64url"));
  return claims;
}

/** What a tool result holds (the SDK types `callTool` as a union with the legacy `toolResult` form). */
type ToolResult = { content?: unknown; structuredContent?: unknown; isError?: unknown };

/** A tool result's structured content, checked to equal its JSON text block. */
export function structuredOf(result: object): any {
  const { content, structuredContent } = result as ToolResult;
  const blocks = content as { type: string; text: string }[];
  expect(blocks).toHaveLength(1);
  expect(blocks[0]!.type).toBe("text");
  expect(JSON.parse(blocks[0]!.text)).toEqual(structuredContent);
  return structuredContent;
}

/** Asserts an `isError` tool result carrying the REST error body. */
export function expectToolError(result: object, status: number, code: string, mentions?: string): void {
  expect((result as ToolResult).isError, JSON.stringify(result)).toBe(true);
  const body = structuredOf(result);
  expect(body).toEqual({ statusCode: status, code, message: expect.any(String) });
  if (mentions) expect(body.message).toContain(mentions);
}
