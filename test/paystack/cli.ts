// `npm run paystack:local`: the local Paystack-compatible server on PAYSTACK_LOCAL_PORT, printing the settings that point the app at it.
import { startLocalPaystack } from "./server.ts";

const port = Number(process.env.PAYSTACK_LOCAL_PORT ?? 4010);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PAYSTACK_LOCAL_PORT must be a port number, not "${process.env.PAYSTACK_LOCAL_PORT}"`);
  process.exit(1);
}
// Test keys already in the environment are kept, so the app's settings survive a restart; a live key is never reused.
const given = (name: string, prefix: string) => (process.env[name]?.startsWith(prefix) ? process.env[name] : undefined);
const webhookUrl = process.env.PAYSTACK_WEBHOOK_URL ?? "http://localhost:3000/webhooks/paystack";

const paystack = await startLocalPaystack({
  port,
  secretKey: given("PAYSTACK_SECRET_KEY", "sk_test_"),
  publicKey: given("PAYSTACK_PUBLIC_KEY", "pk_test_"),
});
paystack.setWebhookUrl(webhookUrl);

console.log(`Local Paystack listening on ${paystack.url} (test keys only; no money moves).

Start the app with:
  PAYMENT_PROVIDERS=paystack
  PAYSTACK_API_URL=${paystack.url}
  PAYSTACK_SECRET_KEY=${paystack.secretKey}
  PAYSTACK_PUBLIC_KEY=${paystack.publicKey}

For each applicant's own account number, add PAYSTACK_DEDICATED_ACCOUNTS=true and PAYSTACK_DEDICATED_BANK=test-bank;
send money into one at ${paystack.url}/transfer.

Signed charge.success webhooks go to ${webhookUrl} (set PAYSTACK_WEBHOOK_URL to change it).
Press Ctrl+C to stop.`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void paystack.stop().then(() => process.exit(0));
  });
}
