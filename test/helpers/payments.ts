// Payment test helpers: the bank-transfer settings an app needs to offer it, a submitted application ready to pay,
// and the proof upload a browser without JavaScript sends (multipart, its CSRF token in the form's URL).
import type { Client } from "./app.ts";
import { attachPassportFiles, completeDraft } from "./factories.ts";
import { signAgreementAs } from "./signatures.ts";

/** PAYMENT_PROVIDERS with bank_transfer needs the account's details (server/config.ts refuses to start without them). */
export const BANK_ENV = {
  PAYMENT_PROVIDERS: "demo,bank_transfer",
  BANK_ACCOUNT_NAME: "Horizon Gateway Travel Ltd",
  BANK_ACCOUNT_NUMBER: "0123456789",
  BANK_NAME: "Zenith Bank",
};

/**
 * A submitted tourist application of `client`'s (fee $150: ₦232,500 at the test databases' ₦1,550/$), its service
 * agreement signed through its page (every way to pay needs it) unless `agreement: false` or no fee can be shown yet.
 */
export async function submittedApplication(
  client: Client,
  overrides: Record<string, unknown> = {},
  opts: { agreement?: boolean } = {},
): Promise<string> {
  const id = (await client.post("/api/applications", completeDraft(overrides)).expect(201)).body.application.id;
  await attachPassportFiles(client, id);
  await client.post(`/api/applications/${id}/submit`).expect(200);
  if (opts.agreement !== false) await signAgreementAs(client, id, { ifFeeShown: true });
  return id;
}

/** The proof form's post, as a browser sends it: multipart, the token in the action URL (no header). */
export function postProof(client: Client, applicationId: string, file: Buffer, name: string, token = client.token) {
  return client.agent.post(`/payment/${applicationId}/bank-transfer/proof?_csrf=${encodeURIComponent(token)}`).attach("file", file, name);
}
