/** A request budget: at most `limit` requests per sliding `windowSeconds`. */
export interface RateLimitPolicy {
  /** Name used in the `RateLimit-Policy` header and to separate counters. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Per API key: 600 requests per minute (spec "Limits"). */
export const KEY_POLICY: RateLimitPolicy = { name: "default", limit: 600, windowSeconds: 60 };

/** Per client address, for requests without a valid key: the same budget. */
export const ANONYMOUS_POLICY: RateLimitPolicy = { name: "anonymous", limit: 600, windowSeconds: 60 };
