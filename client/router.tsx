// The browser's router: the part of react-router-dom the views and the application use (BrowserRouter, Link,
// useNavigate, useLocation, useNavigationType), about 1 KB gzip where react-router's own is 13 KB (its data routers,
// prefetching and route discovery come with BrowserRouter alone). The client build resolves "react-router-dom" here
// (client/bundling.ts); the server keeps react-router-dom's StaticRouter, and a Link renders the markup react-router's
// does (`href`, `data-discover`), so hydration matches. A view that imports anything else from react-router-dom
// fails the client build (a missing export), never silently.
import {
  type AnchorHTMLAttributes,
  createContext,
  forwardRef,
  type MouseEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from "react";

export type NavigationType = "POP" | "PUSH" | "REPLACE";

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** "default" for the entry the page was loaded on, a random key for each entry added since. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type Navigate = (to: string | number, options?: NavigateOptions) => void;

interface Router {
  location: Location;
  action: NavigationType;
  navigate: Navigate;
}

const RouterContext = createContext<Router | null>(null);

/** react-router's history entry: the caller's state as `usr`, the entry's key and index. */
interface Entry {
  usr?: unknown;
  key?: string;
  idx?: number;
}

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = (window.history.state ?? {}) as Entry;
  return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? "default" };
}

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** The path react-router resolves `to` to, outside any <Routes>: a bare relative path from the root. */
function resolve(to: string, from: Location): string {
  if (ABSOLUTE_URL.test(to) || to.startsWith("/")) return to;
  if (to.startsWith("?") || to.startsWith("#")) return `${from.pathname}${to}`;
  return `/${to}`;
}

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error("A link or navigation outside <BrowserRouter>");
  return router;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [state, setState] = useState<{ location: Location; action: NavigationType }>(() => {
    const entry = (window.history.state ?? {}) as Entry;
    if (entry.idx === undefined) window.history.replaceState({ ...entry, idx: 0 }, "");
    return { location: currentLocation(), action: "POP" };
  });
  // Like react-router, a new location renders as a transition.
  const show = useCallback((action: NavigationType) => startTransition(() => setState({ location: currentLocation(), action })), []);
  useLayoutEffect(() => {
    const onPop = () => show("POP");
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [show]);
  const navigate = useCallback<Navigate>(
    (to, options = {}) => {
      if (typeof to === "number") {
        window.history.go(to);
        return;
      }
      const url = resolve(to, currentLocation());
      if (ABSOLUTE_URL.test(url)) {
        window.location.assign(url);
        return;
      }
      const idx = ((window.history.state as Entry | null)?.idx ?? 0) + (options.replace ? 0 : 1);
      const entry: Entry = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10), idx };
      if (options.replace) window.history.replaceState(entry, "", url);
      else window.history.pushState(entry, "", url);
      show(options.replace ? "REPLACE" : "PUSH");
    },
    [show],
  );
  const router = useMemo(() => ({ ...state, navigate }), [state, navigate]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().action;
}

export function useNavigate(): Navigate {
  return useRouter().navigate;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: string;
  replace?: boolean;
  state?: unknown;
  /** A full page load instead of a client navigation. */
  reloadDocument?: boolean;
}

/** An ordinary link that navigates in the application on a plain left click (not with a modifier key or another target). */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, state, reloadDocument, onClick, target, ...rest }, ref) {
  const { location, navigate } = useRouter();
  const external = ABSOLUTE_URL.test(to);
  const href = resolve(to, location);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || external || reloadDocument) return;
    if (event.button !== 0 || (target && target !== "_self") || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // A link to the page shown replaces its history entry instead of adding another, as react-router does.
    navigate(href, { replace: replace ?? href === location.pathname + location.search + location.hash, state });
  };
  return <a {...rest} href={href} onClick={follow} ref={ref} target={target} data-discover={external ? undefined : "true"} />;
});
