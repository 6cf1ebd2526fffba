// The shell around every page: shared context, toasts, the navigation progress bar and the server's flash message.
import { useEffect } from "react";
import { ToastProvider, useToast } from "./components/ui/toast.tsx";
import type { PageData } from "./pageData.ts";
import type { PageComponent } from "./pages/registry.ts";
import { type Navigation, NavigationContext, SharedContext } from "./shared.tsx";
import type { Flash } from "./types.ts";

function FlashToast({ flash }: { flash: Flash | null }) {
  const { toast } = useToast();
  useEffect(() => {
    if (flash) toast(flash);
  }, [flash, toast]);
  return null;
}

export interface AppProps {
  data: PageData;
  Page: PageComponent;
  navigation?: Navigation;
}

export function App({ data, Page, navigation }: AppProps) {
  const nav = navigation ?? { busy: false, reload: async () => {} };
  return (
    <SharedContext.Provider value={data.shared}>
      <NavigationContext.Provider value={nav}>
        <ToastProvider>
          {nav.busy ? <div className="nav-progress" role="progressbar" aria-label="Loading page" /> : null}
          {/* Said by screen readers as the next page is fetched; there from the start, so the change is announced. */}
          <p role="status" className="sr-only">
            {nav.leaving ? "Loading page…" : ""}
          </p>
          {/* While the next page loads the old one stays on screen, inert: what is typed would be lost with it. */}
          <div className="contents" inert={nav.leaving || undefined} aria-busy={nav.leaving || undefined}>
            <Page {...data.props} />
          </div>
          <FlashToast flash={data.shared.flash} />
        </ToastProvider>
      </NavigationContext.Provider>
    </SharedContext.Provider>
  );
}
