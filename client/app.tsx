// The application: hydrates the server-rendered page, then swaps pages on navigation with their JSON page objects.
import { StrictMode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter, useLocation, useNavigate, useNavigationType } from "react-router-dom";
import { App } from "../views/App.tsx";
import { pageHydrated, shownPartsHydrated } from "../views/components/hydration.ts";
import type { PageData } from "../views/pageData.ts";
import { isIslandPage } from "../views/pages/appPages.ts";
import type { PageComponent } from "../views/pages/registry.ts";
import { ApiContext, ResumableUploadContext, UploadContext } from "../views/shared.tsx";
import { api, resumable, upload } from "./api.ts";
import { fetchPage } from "./fetch-page.ts";
import { cachedPage, rememberPage } from "./page-cache.ts";
import { loadPageByName } from "./pages.ts";

interface Current {
  data: PageData;
  Page: PageComponent;
}

const withoutFlash = (data: PageData): PageData => ({ ...data, shared: { ...data.shared, flash: null } });

function scrollToHash(hash: string): boolean {
  if (!hash) return false;
  const el = document.getElementById(decodeURIComponent(hash.slice(1)));
  el?.scrollIntoView({ behavior: "smooth" });
  return Boolean(el);
}

function PageHost({ initial }: { initial: Current }) {
  const location = useLocation();
  const navType = useNavigationType();
  const navigate = useNavigate();
  const [current, setCurrent] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const shownUrl = useRef(location.pathname + location.search);
  const redirectedTo = useRef<string | null>(null);
  const seq = useRef(0);

  const go = useCallback(
    async (url: string, fromHistory: boolean) => {
      const mine = ++seq.current;
      setBusy(true);
      setLeaving(url !== shownUrl.current);
      try {
        const cached = fromHistory ? cachedPage(url) : undefined;
        const result = cached ? { data: cached, url } : await fetchPage(url);
        if ("fullLoad" in result) {
          window.location.assign(result.fullLoad);
          return;
        }
        // A deploy since this page loaded (this build's chunks may be gone), or a marketing page (static HTML with
        // islands, never rendered in the application): the page loads in full.
        if (result.data.version !== initial.data.version || isIslandPage(result.data.page)) {
          window.location.assign(result.url);
          return;
        }
        const Page = await loadPageByName(result.data.page);
        if (mine !== seq.current) return;
        rememberPage(result.url, withoutFlash(result.data));
        if (result.url !== url) {
          redirectedTo.current = result.url;
          navigate(result.url, { replace: true });
        }
        shownUrl.current = result.url;
        document.title = result.data.title;
        setCurrent({ data: result.data, Page });
      } catch {
        window.location.assign(url);
      } finally {
        if (mine === seq.current) {
          setBusy(false);
          setLeaving(false);
        }
      }
    },
    [navigate, initial],
  );

  useEffect(() => {
    rememberPage(shownUrl.current, withoutFlash(initial.data));
    // Hydrated once the parts the page shows that hydrate after it (views/components/hydration.ts) have too.
    void shownPartsHydrated().then(() => {
      document.documentElement.dataset.hydrated = "true";
      // The benchmark's "usable" point (bench/parts/lighthouse.ts, test/helpers/scriptBeforeUsable.ts).
      performance.mark("hydrated");
      // Parts the page has not shown yet (a later wizard step, an undo banner) load now, after the page's own script.
      pageHydrated();
    });
  }, [initial]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per location change by design.
  useEffect(() => {
    const url = location.pathname + location.search;
    if (url === shownUrl.current) {
      scrollToHash(location.hash);
      return;
    }
    if (redirectedTo.current === url) {
      redirectedTo.current = null;
      return;
    }
    // A page that replaced its own URL (the wizard after its first save) keeps its state.
    if ((location.state as { keepPage?: boolean } | null)?.keepPage) {
      shownUrl.current = url;
      return;
    }
    void go(url, navType === "POP");
  }, [location.key]);

  // After a new page renders: go to its #hash, or the top for a fresh (non-history) navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the page object on purpose.
  useEffect(() => {
    if (current === initial) return;
    if (!scrollToHash(window.location.hash) && navType !== "POP") window.scrollTo(0, 0);
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [current]);

  const navigation = useMemo(() => ({ busy, leaving, reload: () => go(shownUrl.current, false) }), [busy, leaving, go]);
  return (
    <ApiContext.Provider value={api}>
      <UploadContext.Provider value={upload}>
        <ResumableUploadContext.Provider value={resumable}>
          <App data={current.data} Page={current.Page} navigation={navigation} />
        </ResumableUploadContext.Provider>
      </UploadContext.Provider>
    </ApiContext.Provider>
  );
}

export async function start(nextTask: () => Promise<void>) {
  const dataEl = document.getElementById("page-data");
  const root = document.getElementById("root");
  if (!dataEl?.textContent || !root) return;
  const data = JSON.parse(dataEl.textContent) as PageData;
  await nextTask();
  const Page = await loadPageByName(data.page);
  await nextTask();
  const app = (
    <StrictMode>
      <BrowserRouter>
        <PageHost initial={{ data, Page }} />
      </BrowserRouter>
    </StrictMode>
  );
  // Hydration runs as a transition, so React yields to the browser every few milliseconds instead of blocking input
  // for the whole page.
  startTransition(() => {
    hydrateRoot(root, app);
  });
}
