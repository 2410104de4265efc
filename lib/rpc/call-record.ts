import { createContextKey } from "@connectrpc/connect";

/** What one served RPC learned about itself, for its access-log line. */
export interface CallRecord {
  requestId?: string;
  /** How the caller was authenticated. */
  via?: "api_key" | "internal" | "public";
  /** The API key on whose behalf the call ran (never the key's secret). */
  keyId?: string;
}

/** Context key of the call's record; `accessLogInterceptor` sets a fresh one per call. */
export const CALL_RECORD = createContextKey<CallRecord | undefined>(undefined);

/** Context key of the peer's network address, set by the RPC server. */
export const PEER_ADDRESS = createContextKey<string>("");
