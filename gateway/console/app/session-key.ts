const STORAGE_KEY = "gatehouse.apiKey";

/**
 * The signed-in API key. It lives in this tab's `sessionStorage` only — never
 * in a cookie, a URL or `localStorage` — so closing the tab signs out.
 */
export function loadSessionKey(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Keeps `key` for this tab. */
export function saveSessionKey(key: string): void {
  sessionStorage.setItem(STORAGE_KEY, key);
}

/** Forgets the key (sign out). */
export function clearSessionKey(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
