import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";

/** The console's base path: every page lives below it, so deep links reload into the app. */
export const BASE = "/console";

const NAVIGATE = "gatehouse:navigate";

/** Goes to `path` (below BASE) without a reload. */
export function navigate(path: string): void {
  history.pushState(null, "", BASE + path);
  window.dispatchEvent(new Event(NAVIGATE));
}

/** The current path below BASE ("/" for the queue), redrawn on navigation and history moves. */
export function usePath(): string {
  const read = () => location.pathname.slice(BASE.length).replace(/\/+$/, "") || "/";
  const [path, setPath] = useState(read);
  useEffect(() => {
    const update = () => setPath(read());
    window.addEventListener("popstate", update);
    window.addEventListener(NAVIGATE, update);
    return () => {
      window.removeEventListener("popstate", update);
      window.removeEventListener(NAVIGATE, update);
    };
  }, []);
  return path;
}

/** A link inside the console: a real `<a href>` (opens in a new tab too) that navigates in place on a plain click. */
export function Link({ to, children, ...rest }: { to: string; children: ComponentChildren; class?: string; "aria-current"?: "page" }) {
  const onClick = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <a {...rest} href={BASE + to} onClick={onClick}>
      {children}
    </a>
  );
}
