import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client, createKey } from "../support/http.js";

/** Sends `n` requests, at most 50 at a time, and returns their statuses. */
async function burst(n: number, send: () => Promise<{ status: number }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, n - i) }, send));
    out.push(...batch.map((r) => r.status));
  }
  return out;
}

/**
 * Waits, when less than 10 s of the current minute are left, for the next one.
 * The limiter is a sliding-window counter: it weighs the previous minute's
 * requests by how much of it the window still covers, so a burst that
 * straddles a minute boundary is counted as if spread evenly and a 601st
 * request may pass. A burst inside one minute is counted exactly.
 */
async function startOfAMinute(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((r) => setTimeout(r, left + 100));
}

describe("rate limit: 600 requests per minute per key, sliding window", () => {
  let gh: TestGatehouse;
  beforeAll(async () => {
    gh = await startGatehouse();
  });
  afterAll(async () => gh?.close());

  it("answers 429 RATE_LIMITED with Retry-After past 600, then recovers", async () => {
    const key = client(gh.url, await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:read"] }));
    await startOfAMinute();
    const statuses = await burst(600, () => key.get("/v1/secure/rules"));
    expect(statuses.filter((s) => s === 200)).toHaveLength(600);

    const limited = await key.get("/v1/secure/rules");
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ statusCode: 429, code: "RATE_LIMITED", message: expect.any(String) });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(61);
    expect(limited.headers.get("ratelimit")).toMatch(/^"default";r=0;t=\d+$/);

    // Another key is metered on its own.
    const other = client(gh.url, await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:read"] }));
    expect((await other.get("/v1/secure/rules")).status).toBe(200);

    // Hammering while limited does not extend the penalty: after Retry-After it works.
    expect((await burst(20, () => key.get("/v1/secure/rules"))).every((s) => s === 429)).toBe(true);
    await new Promise((r) => setTimeout(r, retryAfter * 1000 + 250));
    expect((await key.get("/v1/secure/rules")).status).toBe(200);
  }, 120_000);

  it("limits requests without a valid key per client IP", async () => {
    const anon = client(gh.url, "gh_not_a_key");
    await startOfAMinute();
    const statuses = await burst(601, () => anon.get("/v1/secure/rules"));
    expect(statuses.filter((s) => s === 401).length).toBe(600);
    expect(statuses.filter((s) => s === 429).length).toBe(1);
    const res = await anon.get("/v1/secure/rules");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
