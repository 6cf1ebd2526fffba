// Under a signed document on its signing page: the QR code of its public check and the check's address.
export function SignatureCheck({ checkUrl, qrSvg }: { checkUrl: string; qrSvg: string }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <img
        src={`data:image/svg+xml;base64,${qrSvg}`}
        width={96}
        height={96}
        alt={`QR code linking to ${checkUrl}, where anyone can check this signature`}
      />
      <p className="min-w-0 text-sm text-slate-700 wrap-anywhere">Anyone can check it at {checkUrl}</p>
    </div>
  );
}
