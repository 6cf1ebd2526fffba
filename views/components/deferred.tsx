// A part of a page whose script comes after the page is usable: the server renders it in full (its module loaded
// before rendering, deferredReady()), so its HTML is there at once; in the browser its chunk loads after the page's own
// and the part hydrates then. Until it does, React keeps the server's HTML (a Suspense boundary still to hydrate), so
// what is shown never blinks and fields typed into meanwhile keep their text.
import { type ComponentProps, type ComponentType, lazy, Suspense } from "react";

// biome-ignore lint/suspicious/noExplicitAny: any component; the part keeps its own props type.
type AnyComponent = ComponentType<any>;

const loaders: (() => Promise<void>)[] = [];

export function deferred<C extends AnyComponent>(load: () => Promise<{ default: C }>): ComponentType<ComponentProps<C>> {
  let loaded: C | undefined;
  const take = async () => {
    const module = await load();
    loaded = module.default;
    return module;
  };
  const Later = lazy(take);
  loaders.push(async () => {
    await take();
  });
  const onServer = typeof window === "undefined";
  // In the browser the chunk is fetched once the page has loaded, so a part shown later (a wizard step) is ready.
  if (!onServer) {
    const soon = () => void take().catch(() => undefined);
    if (document.readyState === "complete") setTimeout(soon, 0);
    else window.addEventListener("load", soon, { once: true });
  }
  function Deferred(props: ComponentProps<C>) {
    // The server renders the loaded component itself; the browser always the lazy one (one type for the part's whole
    // life: switching types would remount it and lose what was typed).
    const Part = onServer && loaded ? loaded : Later;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return Deferred;
}

/** On the server, before rendering: every deferred part of the modules loaded so far is ready to render in full. */
export async function deferredReady(): Promise<void> {
  await Promise.all(loaders.map((l) => l()));
}
