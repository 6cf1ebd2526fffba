// The Paystack client against the local Paystack-compatible server: initialize/verify/refund, refusals, timeouts, the
// checkout page's Pay and Cancel, and signed charge.success webhooks received by a small listener.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createPaystackClient,
  type PaystackClient,
  PaystackError,
  parseWebhookEvent,
  validWebhookSignature,
} from "../../server/payments/paystack.ts";
import { decodeEntities, visibleText } from "../helpers/html.ts";
import { type LocalPaystack, startLocalPaystack } from "../paystack/server.ts";

interface Delivery {
  headers: IncomingMessage["headers"];
  raw: Buffer;
}

/** A plain HTTP server on loopback whose answers the test decides (a webhook receiver, or a misbehaving "Paystack"). */
async function listen(handler: (req: IncomingMessage, raw: Buffer, res: ServerResponse) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => handler(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

const CALLBACK = "http://localhost:3000/payment/0b7e/return";
const newReference = () => `VA-TEST-${randomBytes(6).toString("hex")}`;

let paystack: LocalPaystack;
let client: PaystackClient;
let receiver: Server;
let receiverStatus = 200;
const deliveries: Delivery[] = [];
const servers: Server[] = [];

beforeAll(async () => {
  paystack = await startLocalPaystack();
  client = createPaystackClient({ secretKey: paystack.secretKey, apiUrl: paystack.url });
  const started = await listen((req, raw, res) => {
    deliveries.push({ headers: req.headers, raw });
    res.writeHead(receiverStatus).end();
  });
  receiver = started.server;
  paystack.setWebhookUrl(`${started.url}/webhooks/paystack`);
});

afterEach(async () => {
  deliveries.length = 0;
  receiverStatus = 200;
  Object.assign(paystack.options, { dropWebhook: false, dropCallback: false, chargeAmountMinor: undefined, chargeCurrency: undefined });
  await Promise.all(servers.splice(0).map(close));
});

afterAll(async () => {
  await paystack.stop();
  await close(receiver);
});

async function started(amountMinor = 23_250_000, currency: "NGN" | "USD" = "NGN", email = "ada@example.ng") {
  const reference = newReference();
  const initialized = await client.initialize({
    email,
    amountMinor,
    currency,
    reference,
    callbackUrl: CALLBACK,
    metadata: { applicationId: "0b7e" },
  });
  return { ...initialized, requested: reference };
}

/** The checkout page and the actions of its Pay and Cancel forms. */
async function checkoutPage(authorizationUrl: string) {
  const response = await fetch(authorizationUrl);
  const html = await response.text();
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)"><button type="submit">([^<]+)<\/button><\/form>/g)];
  const action = (label: string) => {
    const form = forms.find((f) => f[2] === label);
    if (!form) throw new Error(`no ${label} form`);
    return new URL(decodeEntities(form[1]), authorizationUrl).toString();
  };
  return { response, html, text: visibleText(html), action };
}

const press = (action: string) =>
  fetch(action, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" });

async function refusal(promise: Promise<unknown>): Promise<PaystackError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaystackError);
  return error as PaystackError;
}

describe("Paystack client against the local server", () => {
  it("initializes, verifies an unpaid then a paid transaction, and refunds part then the rest", async () => {
    const { reference, authorizationUrl, accessCode, requested } = await started();
    expect(reference).toBe(requested);
    expect(authorizationUrl).toBe(`${paystack.url}/checkout/${accessCode}`);
    expect(paystack.transactions().find((t) => t.reference === reference)).toMatchObject({
      amountMinor: 23_250_000,
      currency: "NGN",
      email: "ada@example.ng",
      callbackUrl: CALLBACK,
    });

    const unpaid = await client.verify(reference);
    expect(unpaid).toMatchObject({ reference, status: "abandoned", amountMinor: 23_250_000, currency: "NGN", paidAt: null, channel: null });
    await expect(client.refund({ reference, amountMinor: 100, reason: "not paid" })).rejects.toMatchObject({ httpStatus: 400 });

    const before = Date.now();
    await paystack.pay(reference);
    const paid = await client.verify(reference);
    const id = paystack.transactions().find((t) => t.reference === reference)?.id;
    expect(paid).toMatchObject({ reference, providerId: id, status: "success", amountMinor: 23_250_000, currency: "NGN", channel: "card" });
    expect(paid?.paidAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);

    expect(await client.refund({ reference, amountMinor: 5_000_000, reason: "Visa fee partly returned" })).toMatchObject({
      status: "pending",
      amountMinor: 5_000_000,
    });
    const tooMuch = await refusal(client.refund({ reference, amountMinor: 18_250_001, reason: "more than is left" }));
    expect(tooMuch.httpStatus).toBe(400);
    const rest = await client.refund({ reference, amountMinor: 18_250_000, reason: "the rest" });
    expect(rest).toMatchObject({ status: "pending", amountMinor: 18_250_000 });
    expect(rest.providerRefundId).toMatch(/^\d+$/);
  });

  it("refuses a duplicate reference and keeps the first transaction as it was", async () => {
    const { reference } = await started(10_000);
    const error = await refusal(client.initialize({ email: "other@example.ng", amountMinor: 99, currency: "USD", reference, callbackUrl: CALLBACK }));
    expect(error.httpStatus).toBe(400);
    expect(error.message).toBe('Paystack initialize: HTTP 400, "Duplicate Transaction Reference"');
    expect(paystack.transactions().filter((t) => t.reference === reference)).toMatchObject([
      { amountMinor: 10_000, currency: "NGN", email: "ada@example.ng" },
    ]);
  });

  it("refuses a wrong key with a PaystackError whose message does not carry the key", async () => {
    const wrongKey = `sk_test_${randomBytes(20).toString("hex")}`;
    const wrong = createPaystackClient({ secretKey: wrongKey, apiUrl: paystack.url });
    const count = paystack.transactions().length;
    for (const attempt of [
      wrong.initialize({ email: "ada@example.ng", amountMinor: 100, currency: "NGN", reference: newReference(), callbackUrl: CALLBACK }),
      wrong.verify("VA-anything"),
      wrong.refund({ reference: "VA-anything", amountMinor: 100, reason: "x" }),
    ]) {
      const error = await refusal(attempt);
      expect(error.httpStatus).toBe(401);
      expect(error.message).toMatch(/^Paystack (initialize|verify|refund): HTTP 401, "Invalid key"$/);
      expect(error.message).not.toContain(wrongKey);
    }
    expect(paystack.transactions()).toHaveLength(count);
  });

  it("never puts the secret key in an error, even when the other side echoes it", async () => {
    const echo = await listen((req, _raw, res) => {
      res
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ status: false, message: `Rejected ${req.headers.authorization}` }));
    });
    servers.push(echo.server);
    const error = await refusal(createPaystackClient({ secretKey: paystack.secretKey, apiUrl: echo.url }).verify("VA-1"));
    expect(error.message).toBe('Paystack verify: HTTP 400, "Rejected Bearer [secret key]"');
    expect(error.message).not.toContain(paystack.secretKey);
  });

  it("answers undefined for a reference Paystack does not know, but throws for a 404 that is not Paystack's", async () => {
    expect(await client.verify(newReference())).toBeUndefined();
    const misconfigured = createPaystackClient({ secretKey: paystack.secretKey, apiUrl: `${paystack.url}/v9` });
    expect((await refusal(misconfigured.verify(newReference()))).httpStatus).toBe(404);
  });

  it("gives up on a server that does not answer, with a PaystackError and no status", async () => {
    const silent = await listen(() => {});
    servers.push(silent.server);
    const slow = createPaystackClient({ secretKey: paystack.secretKey, apiUrl: silent.url }, { timeoutMs: 300 });
    const startedAt = Date.now();
    const error = await refusal(slow.verify("VA-1"));
    expect(error.httpStatus).toBeNull();
    expect(error.message).toBe("Paystack verify: no answer within 300 ms");
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it("reports a server that cannot be reached, and answers that are not Paystack's envelope or shape", async () => {
    const gone = await listen(() => {});
    await close(gone.server);
    const unreachable = await refusal(createPaystackClient({ secretKey: paystack.secretKey, apiUrl: gone.url }).verify("VA-1"));
    expect(unreachable.httpStatus).toBeNull();
    expect(unreachable.message).toBe(`Paystack verify: could not reach ${gone.url} (ECONNREFUSED)`);

    let answer: { status: number; body: string } = { status: 200, body: "<html>maintenance</html>" };
    const odd = await listen((_req, _raw, res) => res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body));
    servers.push(odd.server);
    const oddClient = createPaystackClient({ secretKey: paystack.secretKey, apiUrl: odd.url });
    const input = { email: "ada@example.ng", amountMinor: 100, currency: "NGN" as const, reference: "VA-1", callbackUrl: CALLBACK };
    expect((await refusal(oddClient.initialize(input))).message).toBe(
      "Paystack initialize: HTTP 200 with an answer that is not Paystack's JSON envelope",
    );

    // The browser is sent to authorization_url: anything but http(s) is refused.
    answer = {
      status: 200,
      body: JSON.stringify({ status: true, message: "ok", data: { authorization_url: "javascript:alert(1)", access_code: "a", reference: "VA-1" } }),
    };
    expect((await refusal(oddClient.initialize(input))).message).toBe("Paystack initialize: unexpected answer (data.authorization_url)");
    answer = {
      status: 200,
      body: JSON.stringify({ status: true, message: "ok", data: { authorization_url: "https://x.test/", access_code: "a", reference: "VA-2" } }),
    };
    expect((await refusal(oddClient.initialize(input))).message).toBe("Paystack initialize: answered for another reference");

    const verified = { id: 1, reference: "VA-1", status: "success", amount: 100, currency: "NGN", paid_at: null, channel: "card" };
    answer = { status: 200, body: JSON.stringify({ status: true, message: "ok", data: { ...verified, amount: "100" } }) };
    expect((await refusal(oddClient.verify("VA-1"))).message).toBe("Paystack verify: unexpected answer (data.amount)");
    answer = { status: 200, body: JSON.stringify({ status: true, message: "ok", data: { ...verified, status: "paid" } }) };
    expect((await refusal(oddClient.verify("VA-1"))).message).toBe("Paystack verify: unexpected answer (data.status)");
    answer = { status: 200, body: JSON.stringify({ status: true, message: "ok", data: { ...verified, reference: "VA-2" } }) };
    expect((await refusal(oddClient.verify("VA-1"))).message).toBe("Paystack verify: answered for another reference");
    answer = { status: 200, body: JSON.stringify({ status: false, message: "Something\n  went\twrong" }) };
    expect((await refusal(oddClient.verify("VA-1"))).message).toBe('Paystack verify: HTTP 200, "Something went wrong"');
  });

  it("refuses a bad reference or amount before calling Paystack", async () => {
    const count = paystack.transactions().length;
    const base = { email: "ada@example.ng", amountMinor: 100, currency: "NGN" as const, reference: newReference(), callbackUrl: CALLBACK };
    for (const input of [
      { ...base, reference: "VA 1" },
      // '_' is Paystack's own, never in a reference we make.
      { ...base, reference: "VA_1" },
      { ...base, reference: "../transaction/initialize" },
      { ...base, reference: "" },
      { ...base, amountMinor: 0 },
      { ...base, amountMinor: -100 },
      { ...base, amountMinor: 100.5 },
      { ...base, amountMinor: Number.NaN },
    ]) {
      expect((await refusal(client.initialize(input))).httpStatus).toBeNull();
    }
    expect((await refusal(client.verify("a/b"))).httpStatus).toBeNull();
    // A reference Paystack made itself may hold '_': it is asked about, not refused.
    expect(await client.verify("1764460800000_a1b2c3")).toBeUndefined();
    expect((await refusal(client.refund({ reference: "VA-1", amountMinor: 0, reason: "x" }))).httpStatus).toBeNull();
    expect(paystack.transactions()).toHaveLength(count);
  });
});

describe("Local checkout page", () => {
  it("shows the amount and e-mail with Pay and Cancel forms, escaping what it shows", async () => {
    const { authorizationUrl, reference } = await started(23_250_000, "NGN", "<b>ada</b>@example.ng");
    const page = await checkoutPage(authorizationUrl);
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.html).toContain("<title>Test checkout</title>");
    expect(page.html).not.toContain("<b>ada</b>");
    expect(page.text).toContain("Amount: ₦232,500.00");
    expect(page.text).toContain("E-mail: <b>ada</b>@example.ng");
    expect(page.text).toContain(`Reference: ${reference}`);
    expect(page.action("Pay")).toMatch(/\/pay$/);
    expect(page.action("Cancel")).toMatch(/\/cancel$/);
    expect((await fetch(`${paystack.url}/checkout/unknown`)).status).toBe(404);
  });

  it("Pay marks it paid, sends a signed charge.success webhook, then returns to the callback with the reference", async () => {
    const { authorizationUrl, reference } = await started();
    const response = await press((await checkoutPage(authorizationUrl)).action("Pay"));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${CALLBACK}?trxref=${reference}&reference=${reference}`);
    expect(await client.verify(reference)).toMatchObject({ status: "success", amountMinor: 23_250_000, currency: "NGN" });

    expect(deliveries).toHaveLength(1);
    const [{ headers, raw }] = deliveries;
    expect(headers["content-type"]).toBe("application/json");
    const signature = headers["x-paystack-signature"] as string;
    expect(validWebhookSignature(raw, signature, paystack.secretKey)).toBe(true);
    expect(validWebhookSignature(raw, signature, `sk_test_${randomBytes(20).toString("hex")}`)).toBe(false);
    const flipped = Buffer.from(raw);
    flipped[flipped.length - 2] ^= 1;
    expect(validWebhookSignature(flipped, signature, paystack.secretKey)).toBe(false);
    expect(validWebhookSignature(raw, undefined, paystack.secretKey)).toBe(false);
    const id = paystack.transactions().find((t) => t.reference === reference)?.id;
    expect(parseWebhookEvent(raw)).toEqual({ event: "charge.success", reference, amountMinor: 23_250_000, currency: "NGN", providerId: id });
    expect(JSON.parse(raw.toString())).toMatchObject({ data: { status: "success", channel: "card", customer: { email: "ada@example.ng" } } });

    // A paid checkout cannot be paid again.
    expect(visibleText(await (await fetch(authorizationUrl)).text())).toContain("has already been paid");
    const again = await press(`${authorizationUrl}/pay`);
    expect(again.status).toBe(409);
    expect(deliveries).toHaveLength(1);
  });

  it("Cancel returns to the callback with the reference and leaves the transaction unpaid, with no webhook", async () => {
    const { authorizationUrl, reference } = await started();
    const response = await press((await checkoutPage(authorizationUrl)).action("Cancel"));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${CALLBACK}?trxref=${reference}&reference=${reference}`);
    expect(await client.verify(reference)).toMatchObject({ status: "abandoned", paidAt: null });
    expect(deliveries).toHaveLength(0);
  });

  it("charges another amount or currency when told to, and can drop the webhook or the callback", async () => {
    Object.assign(paystack.options, { chargeAmountMinor: 100, chargeCurrency: "USD", dropWebhook: true, dropCallback: true });
    const { authorizationUrl, reference } = await started();
    const response = await press((await checkoutPage(authorizationUrl)).action("Pay"));
    expect(response.status).toBe(200);
    expect(visibleText(await response.text())).toContain("Payment complete You may close this window.");
    expect(deliveries).toHaveLength(0);
    expect(await client.verify(reference)).toMatchObject({ status: "success", amountMinor: 100, currency: "USD" });

    // The webhook can be sent later, as Paystack's retry would: signed, or deliberately not.
    expect(await paystack.sendWebhook(reference)).toBe(200);
    receiverStatus = 401;
    expect(await paystack.sendWebhook(reference, { secretKey: "sk_test_wrong" })).toBe(401);
    expect(await paystack.sendWebhook(reference, { sign: false })).toBe(401);
    expect(deliveries.map((d) => validWebhookSignature(d.raw, d.headers["x-paystack-signature"] as string | undefined, paystack.secretKey))).toEqual([
      true,
      false,
      false,
    ]);
    expect(deliveries[2].headers["x-paystack-signature"]).toBeUndefined();
    expect(parseWebhookEvent(deliveries[0].raw)).toMatchObject({ reference, amountMinor: 100, currency: "USD" });
    await expect(paystack.sendWebhook(newReference())).rejects.toThrow(/No paid transaction/);
  });
});
