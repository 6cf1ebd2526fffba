// A part of a page whose script may come after the page's own: the server renders it in full (its module loaded before
// rendering, deferredReady()), so its HTML is there at once. In the browser React hydrates the page first and a part
// its first render shows right after, fetching the part's chunk then; the page counts as hydrated (client/app.tsx's
// `hydrated` mark, the point "script before usable" is measured at) once those parts are too (shownPartsHydrated()). A
// part not shown yet (a later wizard step, an undo banner) is fetched after that (deferredAfterHydration()). Until its
// chunk is there, React keeps the server's HTML (a Suspense boundary still to hydrate), so what is shown never blinks
// and fields typed into meanwhile keep their text.
import { type ComponentProps, type ComponentType, lazy, Suspense, useEffect, useId } from "react";

// biome-ignore lint/suspicious/noExplicitAny: any component; the part keeps its own props type.
type AnyComponent = ComponentType<any>;

const loaders: (() => Promise<void>)[] = [];
/** The browser's page has hydrated: a part defined from now on (a page loaded by navigation) is fetched at once. */
let hydrated = false;
/** The parts the first render shows that have not hydrated yet, by their useId, and who waits for them. */
const shownParts = new Set<string>();
let whenShownHydrated: (() => void) | undefined;

/** A shown part has hydrated, or is gone before it could (the page moved on): nothing waits for it any more. */
function partDone(id: string) {
  if (shownParts.delete(id) && !shownParts.size) whenShownHydrated?.();
}

/** Inside a part's Suspense boundary: its effect runs once the part has hydrated. */
function PartHydrated({ id }: { id: string }) {
  useEffect(() => partDone(id), [id]);
  return null;
}

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
  // In the browser the chunk is fetched once the page has hydrated, so a part shown later (a wizard step) is ready.
  if (!onServer && hydrated) setTimeout(() => void take().catch(() => undefined), 0);
  function Deferred(props: ComponentProps<C>) {
    // The server renders the loaded component itself; the browser always the lazy one (one type for the part's whole
    // life: switching types would remount it and lose what was typed).
    const Part = onServer && loaded ? loaded : Later;
    const id = useId();
    if (!onServer && !hydrated) shownParts.add(id);
    useEffect(() => () => partDone(id), [id]);
    return (
      <Suspense fallback={null}>
        <Part {...props} />
        <PartHydrated id={id} />
      </Suspense>
    );
  }
  return Deferred;
}

/** In the browser, after the page's first commit: resolves once every part its first render shows has hydrated. */
export function shownPartsHydrated(): Promise<void> {
  return new Promise((resolve) => {
    if (!shownParts.size) resolve();
    else whenShownHydrated = resolve;
  });
}

/** What waits for the page to be hydrated (afterHydration()). */
const afterHydrationRuns: (() => void)[] = [];

/** In the browser, once the page and its shown parts have hydrated (client/app.tsx): fetches every part not fetched
 * yet, then runs what waited for it. */
export function deferredAfterHydration(): void {
  if (hydrated) return;
  hydrated = true;
  for (const load of loaders) void load().catch(() => undefined);
  for (const run of afterHydrationRuns.splice(0)) run();
}

/** Runs `run` once the page is hydrated (at once when it is): code a part fetches ahead of its use (the resumable
 * upload's library) comes after the page's own script. */
export function afterHydration(run: () => void): void {
  if (hydrated) run();
  else afterHydrationRuns.push(run);
}

/** On the server, before rendering: every deferred part of the modules loaded so far is ready to render in full. */
export async function deferredReady(): Promise<void> {
  await Promise.all(loaders.map((l) => l()));
}
