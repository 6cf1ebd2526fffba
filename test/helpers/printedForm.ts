// Reading a printed form back: its text fields by name, the words of a page, and the images placed on its pages.
import { PDF } from "@libpdf/core";

export const binary = (res: { on: (e: string, f: (c?: Buffer) => void) => void }, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (c) => chunks.push(c as Buffer));
  res.on("end", () => cb(null, Buffer.concat(chunks)));
};

export async function readBack(bytes: Uint8Array) {
  const doc = await PDF.load(bytes);
  const form = doc.getForm();
  const fields = Object.fromEntries((form?.getTextFields() ?? []).map((f) => [f.name, f.getValue()]));
  const pageText = (i: number) => doc.getPage(i)?.extractText().text ?? "";
  const images = doc.getPages().flatMap((page) => {
    const xobjects = page.getResources().getDict("XObject", (r) => doc.getObject(r));
    if (!xobjects) return [];
    return [...xobjects.keys()].filter((k) => {
      const o = xobjects.get(k, (r) => doc.getObject(r)) as { getName?: (key: string) => { value: string } | undefined } | undefined;
      return o?.getName?.("Subtype")?.value === "Image";
    });
  });
  return { fields, pageCount: doc.getPageCount(), pageText, images };
}
