// A part of a page whose script may come after the page's own: the server renders it in full (its module loaded before
// rendering, deferredReady()), so its HTML is there at once. In the browser React hydrates the page first and a part
// its first render shows right after, fetching the part's chunk then; the page counts as hydrated once those parts are
// too (./hydration.ts). A part not shown yet (a later wizard step, an undo banner) is fetched after that. Until its
// chunk is there, React keeps the server's HTML (a Suspense boundary still to hydrate), so what is shown never blinks
// and fields typed into meanwhile keep their text.
import { type ComponentProps, type ComponentType, lazy, memo, Suspense, useEffect, useId } from "react";
import { afterHydration, partDone, partShown } from "./hydration.ts";

// biome-ignore lint/suspicious/noExplicitAny: any component; the part keeps its own props type.
type AnyComponent = ComponentType<any>;

const loaders: (() => Promise<void>)[] = [];

/** Inside a part's Suspense boundary: its effect runs once the part has hydrated. */
function PartHydrated({ id }: { id: string }) {
  useEffect(() => partDone(id), [id]);
  return null;
}

/**
 * `later`: a part below the first screen whose script may come after the page is usable even when the first render
 * shows it (step 7's "Another document"): the page does not wait for it to count as hydrated; its server HTML stands
 * until its chunk, fetched right after, has hydrated it.
 */
export function deferred<C extends AnyComponent>(
  load: () => Promise<{ default: C }>,
  opts: { later?: boolean } = {},
): ComponentType<ComponentProps<C>> {
  let loaded: C | undefined;
  const take = async () => {
    const module = await load();
    loaded = module.default;
    return module;
  };
  // A `later` part's chunk is asked for once the page is hydrated, even when its first render reaches it before that.
  const Later = lazy(opts.later ? () => new Promise<void>((ready) => afterHydration(ready)).then(take) : take);
  loaders.push(async () => {
    await take();
  });
  const onServer = typeof window === "undefined";
  // In the browser the chunk is fetched once the page has hydrated, so a part shown later (a wizard step) is ready.
  if (!onServer) afterHydration(() => void take().catch(() => undefined));
  function Deferred(props: ComponentProps<C>) {
    // The server renders the loaded component itself; the browser always the lazy one (one type for the part's whole
    // life: switching types would remount it and lose what was typed).
    const Part = onServer && loaded ? loaded : Later;
    const id = useId();
    if (!onServer && !opts.later) partShown(id);
    useEffect(() => () => partDone(id), [id]);
    return (
      <Suspense fallback={null}>
        <Part {...props} />
        <PartHydrated id={id} />
      </Suspense>
    );
  }
  // Memoised: a render of the page above a part still to hydrate (the re-render right after hydration, where
  // useHydrated turns true, is synchronous) with the same props leaves the part alone. An update reaching a boundary
  // whose chunk has not arrived makes React drop the server's HTML for the fallback and render the part anew once it
  // comes: the wizard's passport files vanished and came back, and the buttons below jumped twice (CLS 0.097).
  return memo(Deferred) as unknown as ComponentType<ComponentProps<C>>;
}

/** On the server, before rendering: every deferred part of the modules loaded so far is ready to render in full. */
export async function deferredReady(): Promise<void> {
  // A part's module may declare parts of its own (step 7's documents and their "Another document"): until none is new.
  for (let ready = 0; ready < loaders.length; ) {
    const next = loaders.slice(ready);
    ready = loaders.length;
    await Promise.all(next.map((l) => l()));
  }
}
