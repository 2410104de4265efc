/** Size limits of govern inputs, shared by validation and tests. */
export const LIMITS = {
  actionLength: 200,
  agentNameLength: 200,
  agentDescriptionLength: 2000,
  idLength: 200,
  textLength: 10_000,
  /** Serialized JSON of a checkpoint payload; the gateway refuses bodies over 1 MiB anyway. */
  payloadBytes: 1024 * 1024,
  listEntries: 100,
  policyNameLength: 200,
  policyDescriptionLength: 2000,
  globLength: 200,
  conditionLength: 4000,
  subjectLength: 200,
  voteReasonLength: 2000,
  /** Longest text a gating content scan reads (the secure service's content limit, UTF-16 code units). */
  scanContentLength: 1_048_576,
  minTimeoutSeconds: 1,
  maxTimeoutSeconds: 604_800,
  defaultTimeoutSeconds: 3600,
  minWaitSeconds: 1,
  maxWaitSeconds: 55,
  defaultPageSize: 50,
  maxPageSize: 100,
} as const;
