import type { FastifyReply, FastifyRequest } from "fastify";
import { ValidationError } from "../../../lib/errors.js";

/**
 * The `Idempotency-Key` header of a request, "" when absent (the service
 * checks its length). A header that is present but blank is a 400: the
 * client meant to send a key and would otherwise silently lose idempotency.
 */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers["idempotency-key"];
  if (raw === undefined) return "";
  const v = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  if (v === "") throw new ValidationError("Idempotency-Key", "must not be empty");
  return v;
}

/** Marks an answer as the replay of an earlier request with the same key. */
export function markReplayed(reply: FastifyReply): void {
  reply.header("Idempotent-Replayed", "true");
}
