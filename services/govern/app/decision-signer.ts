import type { Client } from "@connectrpc/connect";
import type { AuthService } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import type { Checkpoint } from "../domain/checkpoint.js";
import { decisionClaims } from "../domain/decision-claims.js";

/** The part of the auth service's client the govern service uses. */
export type DecisionSigningClient = Pick<Client<typeof AuthService>, "signDecision">;

/**
 * Asks the auth service to sign the decision token of a terminal checkpoint:
 * audience the workspace, subject the checkpoint, lifetime the auth service's
 * configured default. `payloadSha256` saves hashing the payload again when
 * the caller already has it.
 */
export async function signDecision(auth: DecisionSigningClient, checkpoint: Checkpoint, payloadSha256?: string): Promise<string> {
  const res = await auth.signDecision({
    audience: checkpoint.workspaceId,
    subject: checkpoint.id,
    claims: decisionClaims(checkpoint, payloadSha256),
  });
  return res.token;
}
