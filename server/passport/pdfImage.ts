// A scanned passport sent as PDF: scanners and phone apps wrap the photo as a JPEG image (DCTDecode stream). The
// largest such stream in the file is taken; a PDF without one (drawn text, other image codecs) is not read.
const STREAM = Buffer.from("stream");
const END = Buffer.from("endstream");

/** The largest JPEG embedded in a PDF, or null. */
export function largestJpeg(pdf: Buffer): Buffer | null {
  let best: Buffer | null = null;
  let from = 0;
  for (;;) {
    const s = pdf.indexOf(STREAM, from);
    if (s < 0) break;
    let start = s + STREAM.length;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] === 0x0a) start++;
    const e = pdf.indexOf(END, start);
    if (e < 0) break;
    // The dictionary before "stream" says whether it is a JPEG.
    const dict = pdf.subarray(Math.max(0, s - 600), s).toString("latin1");
    const lastDict = dict.slice(dict.lastIndexOf("obj"));
    if (/\/DCTDecode/.test(lastDict) && !/\/FlateDecode/.test(lastDict) && pdf[start] === 0xff && pdf[start + 1] === 0xd8) {
      // The stream's /Length when given directly, else up to the end-of-line before "endstream".
      const direct = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(lastDict);
      let end = direct ? Math.min(start + Number(direct[1]), e) : e;
      if (!direct && pdf[end - 1] === 0x0a) end--;
      if (!direct && pdf[end - 1] === 0x0d) end--;
      const jpeg = pdf.subarray(start, end);
      if (!best || jpeg.length > best.length) best = jpeg;
    }
    from = e + END.length;
  }
  return best ? Buffer.from(best) : null;
}
