import type { ComponentChildren } from "preact";

/** A page's one heading; focusable so that navigation can move focus to it. */
export function PageTitle({ children }: { children: ComponentChildren }) {
  return (
    <h1 id="page-title" tabIndex={-1}>
      {children}
    </h1>
  );
}
