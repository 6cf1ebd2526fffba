// The HTML e-mail: a React component with inline styles (mail clients ignore style sheets), no remote images or
// trackers; a QR code travels inside the message as an attached PNG (`cid:`), see server/mail/images.ts.
import type { CSSProperties } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { addressLines } from "../../../views/components/layout/siteFacts.ts";
import type { SiteInfo } from "../../../views/types.ts";
import type { Block, MailContent } from "../content.ts";
import { qrCid } from "../images.ts";

const text: CSSProperties = { fontFamily: "Arial, Helvetica, sans-serif", fontSize: 16, lineHeight: "24px", color: "#0f172a" };
const muted: CSSProperties = { ...text, fontSize: 13, lineHeight: "20px", color: "#475569" };

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case "p":
      return <p style={{ ...text, margin: "0 0 16px" }}>{block.text}</p>;
    case "quote":
      return (
        <div style={{ margin: "0 0 16px", padding: "12px 16px", borderLeft: "4px solid #1d4ed8", background: "#f1f5f9" }}>
          <p style={{ ...muted, margin: "0 0 4px", fontWeight: "bold" }}>{block.label}</p>
          <p style={{ ...text, margin: 0, whiteSpace: "pre-wrap" }}>{block.text}</p>
        </div>
      );
    case "facts":
      return (
        <table role="presentation" style={{ margin: "0 0 16px", borderCollapse: "collapse" }}>
          <tbody>
            {block.rows.map(([label, value, href]) => (
              <tr key={label}>
                <td style={{ ...muted, padding: "4px 16px 4px 0", verticalAlign: "top" }}>{label}</td>
                <td style={{ ...text, padding: "4px 0", fontWeight: "bold", wordBreak: "break-all" }}>
                  {href ? (
                    <a href={href} style={{ color: "#1d4ed8" }}>
                      {value}
                    </a>
                  ) : (
                    value
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case "qr":
      return (
        <p style={{ margin: "0 0 16px" }}>
          <img src={`cid:${qrCid(block.url)}`} width={160} height={160} alt={block.alt} style={{ display: "block", border: 0 }} />
        </p>
      );
  }
}

export function EmailLayout({ content, site }: { content: MailContent; site: SiteInfo }) {
  const [line1, line2] = addressLines(site);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{content.subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: "#f8fafc" }}>
        <table role="presentation" width="100%" style={{ borderCollapse: "collapse", background: "#f8fafc" }}>
          <tbody>
            <tr>
              <td style={{ padding: "24px 12px" }}>
                <table
                  role="presentation"
                  width="100%"
                  style={{ maxWidth: 600, margin: "0 auto", borderCollapse: "collapse", background: "#ffffff" }}
                >
                  <tbody>
                    <tr>
                      <td style={{ padding: "20px 24px", background: "#1e3a8a" }}>
                        <p style={{ ...text, margin: 0, color: "#ffffff", fontWeight: "bold", fontSize: 18 }}>{site.name}</p>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: 24 }}>
                        {content.greeting ? <p style={{ ...text, margin: "0 0 16px" }}>{content.greeting}</p> : null}
                        {content.blocks.map((block) => (
                          <BlockView key={JSON.stringify(block)} block={block} />
                        ))}
                        {content.action ? (
                          <p style={{ margin: "8px 0 16px" }}>
                            <a
                              href={content.action.url}
                              style={{
                                ...text,
                                display: "inline-block",
                                padding: "12px 20px",
                                background: "#1d4ed8",
                                color: "#ffffff",
                                textDecoration: "none",
                                borderRadius: 6,
                                fontWeight: "bold",
                              }}
                            >
                              {content.action.label}
                            </a>
                          </p>
                        ) : null}
                        {content.action ? (
                          <p style={{ ...muted, margin: "0 0 16px", wordBreak: "break-all" }}>
                            If the button does not work, copy this address into your browser: {content.action.url}
                          </p>
                        ) : null}
                        {content.footnote ? <p style={{ ...muted, margin: 0 }}>{content.footnote}</p> : null}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "16px 24px", borderTop: "1px solid #e2e8f0" }}>
                        <p style={{ ...muted, margin: 0 }}>
                          {site.name} · {line1}, {line2} · {site.phone} · {site.emailInfo}
                        </p>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function renderHtml(content: MailContent, site: SiteInfo): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<EmailLayout content={content} site={site} />)}`;
}
