import type { DescEnum } from "@bufbuild/protobuf";
import { z } from "zod";
import { wireNames } from "../../../lib/enum-wire.js";

/** A zod enum of a protobuf enum's wire names, so the REST values come from the contract. */
export function enumOf(desc: DescEnum) {
  return z.enum(wireNames(desc) as [string, ...string[]]);
}

/** ISO 8601 timestamp in responses. */
export const Timestamp = z.iso.datetime();

/** The REST error body. */
export const ErrorBody = z
  .object({
    statusCode: z.number().int().describe("The HTTP status, repeated."),
    code: z.string().describe("Stable machine-readable error code."),
    message: z.string().describe("Human-readable text, safe to log."),
  })
  .meta({ id: "Error" });

/** `:id` path parameter. */
export const IdParams = z.strictObject({ id: z.string().min(1).max(200) });
