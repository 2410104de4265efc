/** A parsed HTTP answer. */
export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A small JSON client for end-to-end tests. */
export function client(baseUrl: string, key?: string) {
  const send = async <T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> => {
    const init: RequestInit = {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    };
    const res = await fetch(baseUrl + path, init);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  };
  return {
    get: <T = any>(path: string, headers?: Record<string, string>) => send<T>("GET", path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => send<T>("POST", path, body, headers),
    patch: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => send<T>("PATCH", path, body, headers),
    send,
  };
}

/** Creates a key with `scopes` through the admin key and returns its secret. */
export async function createKey(
  baseUrl: string,
  adminKey: string,
  body: { name?: string; scopes: string[]; allowed_ips?: string[]; subject?: string; workspace_id?: string },
): Promise<string> {
  const res = await client(baseUrl, adminKey).post("/v1/keys", { name: body.name ?? "test key", ...body });
  if (res.status !== 201) throw new Error(`key creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.secret;
}
