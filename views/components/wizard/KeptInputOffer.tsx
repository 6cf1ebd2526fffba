// Offers back the answers typed before a session ended, which were kept in this browser tab.

import { Button } from "../ui/button.tsx";
import { History } from "../ui/icons.ts";

export function KeptInputOffer({ onRestore, onDiscard }: { onRestore: () => void; onDiscard: () => void }) {
  return (
    <section aria-labelledby="kept-input" className="mb-6 rounded-xl border border-brand-600 bg-brand-50 p-4">
      <h2 id="kept-input" className="flex items-center gap-2 font-semibold text-slate-900">
        <History aria-hidden="true" className="h-5 w-5" />
        You have answers that were not saved
      </h2>
      <p className="mt-1 text-slate-800">Your session ended before they were saved. This browser tab kept them (not your files).</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button onClick={onRestore}>Restore my answers</Button>
        <Button variant="outline" onClick={onDiscard}>
          Discard them
        </Button>
      </div>
    </section>
  );
}
