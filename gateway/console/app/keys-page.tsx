import { useState } from "preact/hooks";
import { ApiError } from "./api-error.js";
import { SCOPES } from "../../../lib/scopes.js";
import type { ApiKey } from "./api-types.js";
import { localTime } from "./format-time.js";
import { EmptyState, ErrorNotice } from "./notice.js";
import { PageTitle } from "./page-title.js";
import { useSession } from "./session-context.js";
import { useLoader } from "./use-loader.js";

const REVIEWER_SCOPES = ["govern:checkpoints:read", "govern:checkpoints:decide"];

function NewSecret({ secret, name, onDone }: { secret: string; name: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div class="card secret" role="alert">
      <h2>Secret of “{name}”</h2>
      <p>
        <strong>Shown once.</strong> Copy it now and store it safely: Gatehouse keeps only its hash.
      </p>
      <label for="new-secret">Secret</label>
      <input id="new-secret" readOnly value={secret} onFocus={(e) => (e.target as HTMLInputElement).select()} spellcheck={false} />
      <div class="actions">
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy secret"}
        </button>
        <button type="button" class="primary" onClick={onDone}>
          I have stored it
        </button>
      </div>
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: ApiKey, secret: string) => void }) {
  const { api } = useSession();
  const [name, setName] = useState("");
  const [subject, setSubject] = useState("");
  const [scopes, setScopes] = useState<string[]>(REVIEWER_SCOPES);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const res = await api.post<{ key: ApiKey; secret: string }>("/v1/keys", {
        name: name.trim(),
        scopes,
        ...(subject.trim() ? { subject: subject.trim() } : {}),
      });
      setName("");
      setSubject("");
      onCreated(res.key, res.secret);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="card" onSubmit={submit} aria-labelledby="create-key-title">
      <h2 id="create-key-title">New key</h2>
      <div class="grid-2">
        <div class="field">
          <label for="key-name">Name</label>
          <input id="key-name" required value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </div>
        <div class="field">
          <label for="key-subject">Reviewer identity (subject)</label>
          <input id="key-subject" value={subject} placeholder="default: the name" onInput={(e) => setSubject((e.target as HTMLInputElement).value)} />
        </div>
      </div>
      <fieldset>
        <legend>Scopes</legend>
        <div class="scopes">
          {SCOPES.map((s) => (
            <label key={s} class="check">
              <input type="checkbox" checked={scopes.includes(s)} onChange={(e) => setScopes((cur) => ((e.target as HTMLInputElement).checked ? [...cur, s] : cur.filter((x) => x !== s)))} />{" "}
              <code>{s}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <ErrorNotice error={error} />
      <button type="submit" class="primary" disabled={busy}>
        {busy ? "Creating…" : "Create key"}
      </button>
    </form>
  );
}

function KeyRow({ k, onRevoked }: { k: ApiKey; onRevoked: (k: ApiKey) => void }) {
  const { api } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const revoke = async () => {
    try {
      const res = await api.post<{ key: ApiKey }>(`/v1/keys/${encodeURIComponent(k.id)}/revoke`);
      onRevoked(res.key);
    } catch (err) {
      setError(err);
    } finally {
      setConfirming(false);
    }
  };
  return (
    <tr class={k.revoked_at ? "revoked" : undefined}>
      <td>
        <strong>{k.name}</strong>
        <div class="muted">
          <code>{k.secret_prefix}…</code>
        </div>
      </td>
      <td>{k.subject}</td>
      <td>
        <span class="scope-list">
          {k.scopes.map((s) => (
            <code key={s}>{s}</code>
          ))}
        </span>
      </td>
      <td class="num">{localTime(k.created_at)}</td>
      <td>
        {k.revoked_at ? (
          <span class="badge status-rejected">revoked {localTime(k.revoked_at)}</span>
        ) : confirming ? (
          <span class="actions">
            <button type="button" class="reject" onClick={() => void revoke()} aria-label={`Confirm: revoke ${k.name}`}>
              Confirm revoke
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </span>
        ) : (
          <button type="button" onClick={() => setConfirming(true)} aria-label={`Revoke ${k.name}`}>
            Revoke
          </button>
        )}
        <ErrorNotice error={error} />
      </td>
    </tr>
  );
}

/** API keys of the workspace, for admins: create (the secret shown once), list, revoke. */
export function KeysPage() {
  const { api } = useSession();
  const keys = useLoader(() => api.get<{ keys: ApiKey[] }>("/v1/keys").then((r) => r.keys), [api]);
  const [fresh, setFresh] = useState<{ name: string; secret: string } | null>(null);
  const [revoked, setRevoked] = useState<ReadonlyMap<string, ApiKey>>(new Map());
  const list = (keys.value ?? []).map((k) => revoked.get(k.id) ?? k);

  return (
    <section aria-labelledby="page-title">
      <PageTitle>Keys</PageTitle>
      {keys.error instanceof ApiError && keys.error.status === 403 ? null : fresh ? (
        <NewSecret secret={fresh.secret} name={fresh.name} onDone={() => setFresh(null)} />
      ) : (
        <CreateKeyForm
          onCreated={(k, secret) => {
            setFresh({ name: k.name, secret });
            keys.reload();
          }}
        />
      )}
      <ErrorNotice error={keys.error}>
        <button type="button" onClick={keys.reload}>
          Try again
        </button>
      </ErrorNotice>
      {keys.loading && !keys.value && <p class="loading">Loading keys…</p>}
      {keys.value && list.length === 0 && <EmptyState title="No keys yet." />}
      {list.length > 0 && (
        <div class="table-wrap">
          <table class="keys">
            <caption class="sr-only">API keys of this workspace</caption>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Subject</th>
                <th scope="col">Scopes</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span class="sr-only">Revocation</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((k) => (
                <KeyRow key={k.id} k={k} onRevoked={(u) => setRevoked((m) => new Map(m).set(u.id, u))} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
