import { type Timestamp, timestampDate } from "@bufbuild/protobuf/wkt";

/** ISO 8601 form of a protobuf timestamp; null when absent. */
export function isoOrNull(ts: Timestamp | undefined): string | null {
  return ts ? timestampDate(ts).toISOString() : null;
}

/** ISO 8601 form of a timestamp the contract always sets. */
export function iso(ts: Timestamp | undefined): string {
  return ts ? timestampDate(ts).toISOString() : new Date(0).toISOString();
}
