import { useState } from "preact/hooks";
import { ApiClient } from "./api-client.js";
import { ApiError } from "./api-error.js";
import { ErrorNotice } from "./notice.js";

/**
 * Sign in with an API key. The key is checked with one harmless call: a 401
 * means it is not valid; a 403 means it is valid but cannot read the queue,
 * which still lets its holder use the pages its scopes allow.
 */
export function SignInPage({ onSignedIn, notice }: { onSignedIn: (key: string) => void; notice?: string }) {
  const [key, setKey] = useState("");
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    const trimmed = key.trim();
    if (!trimmed) {
      setError(new ApiError(0, "EMPTY", "Enter an API key."));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await new ApiClient({ key: trimmed }).get("/v1/checkpoints?status=pending&limit=1");
      onSignedIn(trimmed);
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) onSignedIn(trimmed);
      else setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" class="sign-in">
      <h1>Gatehouse console</h1>
      <p class="lede">Review what your agents ask to do, and manage rules and keys.</p>
      {notice && <p class="notice" role="status">{notice}</p>}
      <form class="card sign-in-form" onSubmit={submit} noValidate>
        <label for="api-key">API key</label>
        <input
          id="api-key"
          name="api-key"
          type="password"
          autoComplete="off"
          spellcheck={false}
          value={key}
          onInput={(e) => setKey((e.target as HTMLInputElement).value)}
          aria-describedby="api-key-help"
          autoFocus
        />
        <p id="api-key-help" class="help">
          Kept in this browser tab only (session storage) and sent as a bearer token to this gateway. Closing the tab or signing out forgets it.
        </p>
        <ErrorNotice error={error} />
        <button type="submit" class="primary" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </main>
  );
}
