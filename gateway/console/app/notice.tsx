import type { ComponentChildren } from "preact";
import { describeError } from "./api-error.js";

/** An error the reader must see: announced to screen readers, with what the API said. */
export function ErrorNotice({ error, children }: { error: unknown; children?: ComponentChildren }) {
  if (!error) return null;
  return (
    <div class="notice notice-error" role="alert">
      <p>{describeError(error)}</p>
      {children}
    </div>
  );
}

/** A friendly empty state. */
export function EmptyState({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="empty">
      <p class="empty-title">{title}</p>
      {children && <p>{children}</p>}
    </div>
  );
}
