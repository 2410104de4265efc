import { ValidationError } from "../../../lib/errors.js";
import { eventIdTime } from "./checkpoint-event.js";

/** The opaque cursor that continues a listing of deliveries after the one of event `eventId`. */
export function encodeDeliveryCursor(eventId: string): string {
  return Buffer.from(eventId, "utf8").toString("base64url");
}

/** The event id a delivery cursor continues after; a cursor this service did not make is a ValidationError naming `cursor`. */
export function decodeDeliveryCursor(cursor: string): string {
  const eventId = Buffer.from(cursor, "base64url").toString("utf8");
  if (eventIdTime(eventId) === undefined || encodeDeliveryCursor(eventId) !== cursor) {
    throw new ValidationError("cursor", "is not a cursor this service returned");
  }
  return eventId;
}
