// The drawing pad of the signing page, in a part of its own loaded after the page (signature_pad comes with it only
// here): a canvas drawn on with a finger, a pen or a mouse, whose PNG goes in the form's hidden `drawing` field. The
// form works without it: the typed name signs, and a keyboard user types their name instead of drawing.
import { useEffect, useRef, useState } from "react";

export default function SignaturePad({ error }: { error?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<{ clear(): void; off(): void } | null>(null);
  // The PNG as state, the hidden field controlled by it: a field React renders with a defaultValue is set back to it
  // by the next render (a hidden input's value is its default), which emptied the drawing right after each stroke.
  const [drawing, setDrawing] = useState("");

  useEffect(() => {
    let gone = false;
    void import("signature_pad").then(({ default: Pad }) => {
      const c = canvas.current;
      if (gone || !c) return;
      // Drawn at the screen's pixel density, so the stroke is sharp in the PDF.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      c.width = c.offsetWidth * ratio;
      c.height = c.offsetHeight * ratio;
      c.getContext("2d")?.scale(ratio, ratio);
      const p = new Pad(c, { penColor: "#0f172a", backgroundColor: "rgb(255,255,255)" });
      p.addEventListener("endStroke", () => setDrawing(p.toDataURL("image/png")));
      pad.current = p;
    });
    return () => {
      gone = true;
      pad.current?.off();
    };
  }, []);

  const clear = () => {
    pad.current?.clear();
    setDrawing("");
  };

  return (
    <div className="grid gap-2">
      <p id="drawing-label" className="text-sm font-medium text-slate-800">
        Draw your signature (optional)
      </p>
      <p id="drawing-hint" className="text-sm text-slate-700">
        With your finger or mouse in the box. If you cannot draw, your typed name is your signature.
      </p>
      <canvas
        ref={canvas}
        data-testid="signature-pad"
        role="img"
        aria-labelledby="drawing-label"
        aria-describedby="drawing-hint"
        className="h-40 w-full touch-none rounded-md border border-slate-400 bg-white"
      />
      <input type="hidden" name="drawing" value={drawing} />
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div>
        <button type="button" onClick={clear} className="text-sm font-semibold text-brand-800 underline" disabled={!drawing}>
          Clear the drawing
        </button>
      </div>
    </div>
  );
}
