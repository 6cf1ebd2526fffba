// validWebhookSignature() against vectors computed outside the app (openssl dgst -sha512 -hmac KEY), and parseWebhookEvent() on good and junk bodies.
import { describe, expect, it } from "vitest";
import { parseWebhookEvent, validWebhookSignature } from "../../server/payments/paystack.ts";

const KEY = "sk_test_0123456789abcdef0123456789abcdef01234567";
// printf '%s' "$BODY" > body.json && openssl dgst -sha512 -hmac "$KEY" body.json
const BODY = Buffer.from(
  '{"event":"charge.success","data":{"id":4099260516,"reference":"VA-2026-QKULVQ","amount":23250000,"currency":"NGN","status":"success"}}',
);
const SIGNATURE = "289726a8a15bc885f092b085f37f26a72104bb267548c71fbece1a4a8c086612830358d2e6593c452a24dfc6d5fdcbf12756d967197fe62d44d0dfd72037c704";
// The same event with spaces: Paystack signs the bytes it sends, so the check must hash the raw body, not re-serialized JSON.
const SPACED = Buffer.from(
  '{ "event": "charge.success", "data": { "id": 4099260516, "reference": "VA-2026-QKULVQ", "amount": 23250000, "currency": "NGN" } }',
);
const SPACED_SIGNATURE =
  "5edfb9ba452036f677afd6edccc1ece9cd7fee2129123a76edffe8fa7eaa2dae8248ebc1b2724271e79f4b2f632f8fbe4fcfc00516854976bc31cddfeaf5acdf";

describe("Paystack webhook signature", () => {
  it("accepts the HMAC-SHA512 of the raw body under the secret key, in hex", () => {
    expect(validWebhookSignature(BODY, SIGNATURE, KEY)).toBe(true);
    expect(validWebhookSignature(SPACED, SPACED_SIGNATURE, KEY)).toBe(true);
    expect(validWebhookSignature(BODY, SIGNATURE.toUpperCase(), KEY)).toBe(true);
  });

  it("refuses another body, another key, and a signature of the same event serialized differently", () => {
    expect(validWebhookSignature(SPACED, SIGNATURE, KEY)).toBe(false);
    expect(validWebhookSignature(BODY, SPACED_SIGNATURE, KEY)).toBe(false);
    expect(validWebhookSignature(BODY, SIGNATURE, "sk_test_another")).toBe(false);
    const flipped = Buffer.from(BODY);
    flipped[flipped.indexOf("2325")] ^= 1;
    expect(validWebhookSignature(flipped, SIGNATURE, KEY)).toBe(false);
  });

  it("refuses a missing, empty, short, long or non-hex header without throwing", () => {
    for (const header of [
      undefined,
      "",
      SIGNATURE.slice(0, 127),
      SIGNATURE.slice(0, 126),
      `${SIGNATURE}00`,
      `${SIGNATURE.slice(0, 127)}g`,
      ` ${SIGNATURE}`,
      "sha512=abc",
    ]) {
      expect(validWebhookSignature(BODY, header, KEY)).toBe(false);
    }
  });

  it("refuses everything when the secret key is empty (an unconfigured key must not let anyone sign)", () => {
    // openssl dgst -sha512 -hmac '' body.json: a signature anyone can compute.
    const underEmptyKey =
      "7d035ff2bf7f6b496d34274a996a65c6de42c6850caedcc5701ecbb36889485b03780f588cd680b0ca30249d3af76d5312b9782b37a5534260af4afdf694098e";
    expect(validWebhookSignature(BODY, underEmptyKey, "")).toBe(false);
  });
});

describe("parseWebhookEvent", () => {
  it("reads the event, reference, amount, currency and Paystack's id (as a string)", () => {
    expect(parseWebhookEvent(BODY)).toEqual({
      event: "charge.success",
      reference: "VA-2026-QKULVQ",
      amountMinor: 23250000,
      currency: "NGN",
      providerId: "4099260516",
    });
  });

  it("answers undefined for bodies that are not a transaction event", () => {
    const junk = [
      "",
      "not json",
      "null",
      "[]",
      '"charge.success"',
      '{"event":"charge.success"}',
      '{"event":"charge.success","data":null}',
      '{"data":{"id":1,"reference":"R","amount":100,"currency":"NGN"}}',
      '{"event":"charge.success","data":{"id":1,"reference":"","amount":100,"currency":"NGN"}}',
      '{"event":"charge.success","data":{"id":1,"reference":"R","amount":"100","currency":"NGN"}}',
      '{"event":"charge.success","data":{"id":1,"reference":"R","amount":100.5,"currency":"NGN"}}',
      '{"event":"charge.success","data":{"id":1,"reference":"R","amount":-1,"currency":"NGN"}}',
      '{"event":"charge.success","data":{"id":1,"reference":"R","amount":100}}',
      '{"event":"charge.success","data":{"reference":"R","amount":100,"currency":"NGN"}}',
    ];
    for (const body of junk) expect(parseWebhookEvent(Buffer.from(body)), body).toBeUndefined();
  });
});
