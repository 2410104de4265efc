import { ApiError } from "./api-error.js";

/** How to reach the API: the signed-in key, and what to do when it stops working. */
export interface ApiClientOptions {
  key: string;
  /** Called on any 401: the key was revoked or mistyped. */
  onUnauthorized?: () => void;
}

/**
 * Calls the gateway's REST API with `Authorization: Bearer <key>`. Answers
 * are parsed JSON; failures throw `ApiError` carrying the error body. A
 * `POLL_TOO_FREQUENT` (a reload within a second) is retried once after its
 * `Retry-After`.
 */
export class ApiClient {
  constructor(private readonly opts: ApiClientOptions) {}

  get key(): string {
    return this.opts.key;
  }

  async request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, retried = false): Promise<T> {
    let res: Response;
    try {
      res = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${this.opts.key}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // The key travels in the header only; nothing is kept by the browser.
        credentials: "omit",
        cache: "no-store",
      });
    } catch {
      throw new ApiError(0, "NETWORK", "The gateway could not be reached. Check the connection and try again.");
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (res.ok) return parsed as T;
    const e = parsed as { code?: string; message?: string } | undefined;
    const retryAfter = Number(res.headers.get("retry-after")) || undefined;
    const err = new ApiError(res.status, e?.code ?? "HTTP_ERROR", e?.message ?? `the gateway answered ${res.status}`, retryAfter);
    if (err.code === "POLL_TOO_FREQUENT" && !retried) {
      await new Promise((r) => setTimeout(r, (retryAfter ?? 1) * 1000));
      return this.request(method, path, body, headers, true);
    }
    if (res.status === 401) this.opts.onUnauthorized?.();
    throw err;
  }

  get<T>(path: string): Promise<T> {
    return this.request<T>("GET", path);
  }

  post<T>(path: string, body?: unknown): Promise<T> {
    return this.request<T>("POST", path, body ?? {});
  }

  patch<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
    return this.request<T>("PATCH", path, body, headers);
  }
}
