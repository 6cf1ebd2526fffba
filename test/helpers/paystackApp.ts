// A test app (with its mail catcher) whose Paystack is the local Paystack-compatible server, listening on loopback so
// that server's webhooks reach it: what every file that pays through Paystack starts with.
import type { AddressInfo } from "node:net";
import { type LocalPaystack, startLocalPaystack } from "../paystack/server.ts";
import { createMailTestApp, type MailTestApp } from "./mail.ts";

export interface PaystackApp {
  t: MailTestApp;
  paystack: LocalPaystack;
  /** The app's own address on loopback (its webhook is `${url}/webhooks/paystack`). */
  url: string;
  close(): Promise<void>;
}

/** `env` adds to (or overrides) the Paystack settings; PAYMENT_PROVIDERS is "paystack,demo" unless given. */
export async function startPaystackApp(env: Record<string, string> = {}): Promise<PaystackApp> {
  const paystack = await startLocalPaystack();
  const t = await createMailTestApp({
    PAYMENT_PROVIDERS: "paystack,demo",
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_PUBLIC_KEY: paystack.publicKey,
    PAYSTACK_API_URL: paystack.url,
    ...env,
  });
  const server = t.app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  paystack.setWebhookUrl(`${url}/webhooks/paystack`);
  return {
    t,
    paystack,
    url,
    close: async () => {
      await new Promise((r) => server.close(r));
      await paystack.stop();
      await t.close();
    },
  };
}
