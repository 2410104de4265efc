import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { ApiClient } from "./api-client.js";
import { CheckpointPage } from "./checkpoint-page.js";
import { openCheckpointEvents, type StreamState } from "./event-stream.js";
import { HistoryPage } from "./history-page.js";
import { KeysPage } from "./keys-page.js";
import { QueuePage } from "./queue-page.js";
import { Link, navigate, usePath } from "./router.js";
import { RulesPage } from "./rules-page.js";
import { EventHub, type Session, SessionContext } from "./session-context.js";
import { clearSessionKey, loadSessionKey, saveSessionKey } from "./session-key.js";
import { SignInPage } from "./sign-in-page.js";

const NAV = [
  { to: "/", label: "Queue" },
  { to: "/history", label: "History" },
  { to: "/rules", label: "Rules" },
  { to: "/keys", label: "Keys" },
];

function streamLabel(s: StreamState): string {
  switch (s.kind) {
    case "connecting":
      return "Connecting to live updates…";
    case "live":
      return "Live";
    case "reconnecting":
      return `Live updates paused (${s.why}); retrying in ${s.inSeconds} s`;
    case "stopped":
      return `Live updates off: ${s.why}`;
  }
}

function Page({ path }: { path: string }) {
  const cp = /^\/checkpoints\/([^/]+)$/.exec(path);
  if (cp) return <CheckpointPage id={decodeURIComponent(cp[1]!)} />;
  switch (path) {
    case "/":
      return <QueuePage />;
    case "/history":
      return <HistoryPage />;
    case "/rules":
      return <RulesPage />;
    case "/keys":
      return <KeysPage />;
    default:
      return (
        <section aria-labelledby="page-title">
          <h1 id="page-title" tabIndex={-1}>
            Page not found
          </h1>
          <p>
            There is no console page at this address. <Link to="/">Go to the queue</Link>.
          </p>
        </section>
      );
  }
}

/** The console: sign-in, then the pages of a session sharing one API client and one event stream. */
export function App() {
  const [key, setKey] = useState<string | null>(loadSessionKey);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const [stream, setStream] = useState<StreamState>({ kind: "connecting" });
  const path = usePath();
  const mainRef = useRef<HTMLElement>(null);

  const signOut = (why?: string) => {
    clearSessionKey();
    setKey(null);
    setNotice(why);
  };

  const session = useMemo<Session | null>(() => {
    if (!key) return null;
    return { api: new ApiClient({ key, onUnauthorized: () => signOut("Your API key was not accepted any more (revoked?). Sign in again.") }), events: new EventHub() };
  }, [key]);

  useEffect(() => {
    if (!session) return;
    return openCheckpointEvents(session.api.key, {
      onEvent: (e) => session.events.emit(e),
      onState: setStream,
      onConnected: (reconnected) => reconnected && session.events.resync(),
      onUnauthorized: () => signOut("Your API key was not accepted any more (revoked?). Sign in again."),
    });
  }, [session]);

  // A new page moves focus to its heading, so screen readers announce it and Tab starts there.
  useEffect(() => {
    const heading = mainRef.current?.querySelector<HTMLElement>("h1");
    heading?.focus({ preventScroll: true });
  }, [path]);

  if (!session) {
    return (
      <SignInPage
        notice={notice}
        onSignedIn={(k) => {
          saveSessionKey(k);
          setNotice(undefined);
          setKey(k);
        }}
      />
    );
  }

  const section = path.startsWith("/checkpoints/") ? "/" : path;
  return (
    <SessionContext.Provider value={session}>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="top">
        <div class="brand">Gatehouse</div>
        <nav aria-label="Console">
          <ul>
            {NAV.map((n) => (
              <li key={n.to}>
                <Link to={n.to} aria-current={section === n.to ? "page" : undefined}>
                  {n.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p class={`stream stream-${stream.kind}`} role="status" aria-live="polite">
          <span class="dot" aria-hidden="true" />
          {streamLabel(stream)}
        </p>
        <button
          type="button"
          class="quiet"
          onClick={() => {
            signOut("Signed out. The key was removed from this tab.");
            navigate("/");
          }}
        >
          Sign out
        </button>
      </header>
      <main id="main" ref={mainRef}>
        <Page path={path} />
      </main>
    </SessionContext.Provider>
  );
}
