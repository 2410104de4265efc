import { useState } from "preact/hooks";
import { type Checkpoint, type CheckpointList, type CheckpointStatus, DECIDED_STATUSES } from "./api-types.js";
import { localTime } from "./format-time.js";
import { EmptyState, ErrorNotice } from "./notice.js";
import { PageTitle } from "./page-title.js";
import { Link } from "./router.js";
import { useSession } from "./session-context.js";
import { useLoader } from "./use-loader.js";

const PAGE_SIZE = 50;

/**
 * Decided checkpoints, newest first, filtered by status (by the API) and by
 * action (a case-insensitive "contains", applied to the pages loaded).
 */
export function HistoryPage() {
  const { api } = useSession();
  const [status, setStatus] = useState<CheckpointStatus | "">("");
  const [action, setAction] = useState("");
  const [more, setMore] = useState<Checkpoint[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [moreError, setMoreError] = useState<unknown>(undefined);

  const first = useLoader(async () => {
    const page = await api.get<CheckpointList>(`/v1/checkpoints?limit=${PAGE_SIZE}${status ? `&status=${status}` : ""}`);
    setMore([]);
    setCursor(page.next_cursor);
    return page.checkpoints;
  }, [api, status]);

  const loadMore = async () => {
    if (!cursor) return;
    try {
      const page = await api.get<CheckpointList>(`/v1/checkpoints?limit=${PAGE_SIZE}&cursor=${encodeURIComponent(cursor)}${status ? `&status=${status}` : ""}`);
      setMore((m) => [...m, ...page.checkpoints]);
      setCursor(page.next_cursor);
      setMoreError(undefined);
    } catch (err) {
      setMoreError(err);
    }
  };

  const needle = action.trim().toLowerCase();
  const rows = [...(first.value ?? []), ...more].filter((c) => c.status !== "pending" && (!needle || c.action.toLowerCase().includes(needle)));

  return (
    <section aria-labelledby="page-title">
      <PageTitle>History</PageTitle>
      <form class="filters" onSubmit={(e) => e.preventDefault()} role="search" aria-label="Filter decided checkpoints">
        <div class="field">
          <label for="history-status">Status</label>
          <select id="history-status" value={status} onChange={(e) => setStatus((e.target as HTMLSelectElement).value as CheckpointStatus | "")}>
            <option value="">Every decided status</option>
            {DECIDED_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="history-action">Action contains</label>
          <input id="history-action" type="search" value={action} onInput={(e) => setAction((e.target as HTMLInputElement).value)} placeholder="e.g. payments." />
        </div>
      </form>
      <ErrorNotice error={first.error}>
        <button type="button" onClick={first.reload}>
          Try again
        </button>
      </ErrorNotice>
      {first.loading && !first.value && <p class="loading">Loading decided checkpoints…</p>}
      {first.value && rows.length === 0 && (
        <EmptyState title={needle || status ? "No decided checkpoint matches these filters." : "No checkpoint has been decided yet."}>
          {cursor ? "Older checkpoints may match: load more below." : undefined}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <div class="table-wrap">
          <table class="history">
            <caption class="sr-only">Decided checkpoints, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Action</th>
                <th scope="col">Agent</th>
                <th scope="col">Status</th>
                <th scope="col">Decided</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.checkpoint_id}>
                  <td>
                    <Link to={`/checkpoints/${encodeURIComponent(c.checkpoint_id)}`}>{c.action}</Link>
                  </td>
                  <td>{c.agent_name ?? c.agent_id ?? "—"}</td>
                  <td>
                    <span class={`badge status-${c.status}`}>{c.status}</span>
                  </td>
                  <td class="num">{c.decided_at ? localTime(c.decided_at) : "—"}</td>
                  <td>{c.reason ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ErrorNotice error={moreError} />
      {cursor && (
        <button type="button" onClick={() => void loadMore()}>
          Load more
        </button>
      )}
    </section>
  );
}
