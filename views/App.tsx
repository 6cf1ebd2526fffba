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
          <Page {...data.props} />
          <FlashToast flash={data.shared.flash} />
        </ToastProvider>
      </NavigationContext.Provider>
    </SharedContext.Provider>
  );
}
