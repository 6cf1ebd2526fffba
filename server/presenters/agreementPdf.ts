// The PDF of a signed service agreement: its sections as the applicant read them, the two confirmations they ticked,
// their typed name and drawn signature, when, the SHA-256 of the content and the public check's address. Standard
// fonts only, as the answer sheet's PDF (signaturePdf.ts, whose wrapping it shares); "₦" is written "NGN".
import { PDF, rgb, StandardFonts } from "@libpdf/core";
import type { AgreementDocument } from "../../views/content/serviceAgreement.ts";
import { drawCheckQr, latin, wrap } from "./signaturePdf.ts";

export interface AgreementPdfInput {
  doc: AgreementDocument;
  typedName: string;
  drawing: Uint8Array | null;
  signedAtText: string;
  hash: string;
  checkUrl: string;
}

const HEIGHT = 841.89;
const MARGIN = 50;
const SIZE = 9;
const CHARS = 100;
const naira = (s: string) => s.replace(/₦/g, "NGN ");

export async function agreementPdf(input: AgreementPdfInput): Promise<Uint8Array> {
  const { doc } = input;
  const pdf = PDF.create();
  pdf.setTitle(`${doc.title}: signed by ${latin(doc.applicantName)}`);
  let page = pdf.addPage({ size: "a4" });
  let y = HEIGHT - MARGIN;
  const room = (needed: number) => {
    if (y >= MARGIN + needed) return;
    page = pdf.addPage({ size: "a4" });
    y = HEIGHT - MARGIN;
  };
  const write = (text: string, opts: { bold?: boolean; size?: number; gap?: number } = {}) => {
    const size = opts.size ?? SIZE;
    for (const line of wrap(naira(text), Math.floor((CHARS * SIZE) / size))) {
      room(size + 3);
      page.drawText(line, { x: MARGIN, y, size, font: opts.bold ? StandardFonts.HelveticaBold : StandardFonts.Helvetica, color: rgb(0, 0, 0) });
      y -= size + 3;
    }
    y -= opts.gap ?? 0;
  };
  write(doc.title, { bold: true, size: 14, gap: 2 });
  write(`Version ${doc.version}. Application ${doc.reference}, ${doc.applicantName}.`, { gap: 8 });
  for (const section of [...doc.sections, doc.consent]) {
    write(section.heading, { bold: true, gap: 2 });
    for (const p of section.paragraphs) write(p, { gap: 3 });
    y -= 4;
  }
  write("Confirmed by ticking each box:", { bold: true, gap: 2 });
  write(`[x] ${doc.confirmations.agreement}`, { gap: 2 });
  write(`[x] ${doc.confirmations.consent}`, { gap: 6 });
  write(`Signed by typing the name: ${input.typedName}`);
  write(`Signed on: ${input.signedAtText}`);
  if (input.drawing) {
    const image = pdf.embedPng(input.drawing);
    const height = 60;
    room(height + 12);
    page.drawImage(image, { x: MARGIN, y: y - height, width: Math.min(240, (image.width / image.height) * height), height });
    y -= height + 6;
    write("Drawn signature (above)");
  }
  write(`SHA-256 of the content signed: ${input.hash}`);
  write(`Check this document at ${input.checkUrl}`);
  await drawCheckQr(pdf, page, y - 4, input.checkUrl);
  return pdf.save();
}
