import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/.server/config.server";
import { createPaymentIntent } from "~/.server/practice/accounts.server";
import { useMockServer } from "../helpers/mock-world";

/** 1§7: the create-payment-intent function keeps its own address, set with PAYMENT_INTENT_URL. */
const mock = useMockServer();
const seen: Array<{ path: string; token: string | undefined; body: unknown }> = [];
let functionServer: Server;
let functionUrl: string;

beforeAll(async () => {
  functionServer = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      seen.push({ path: req.url ?? "", token: req.headers.token as string | undefined, body: JSON.parse(text) });
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ clientSecret: "pi_function_secret_1" }));
    });
  });
  await new Promise<void>((resolve) => functionServer.listen(0, "127.0.0.1", resolve));
  functionUrl = `http://127.0.0.1:${(functionServer.address() as AddressInfo).port}/api/create-payment-intent`;
});

afterAll(async () => {
  await new Promise((resolve) => functionServer.close(resolve));
});

/** Creates a payment intent through the portal's practice client, configured with this PAYMENT_INTENT_URL. */
async function createIntent(url: string | undefined, request: { key: string; amountCents: number }) {
  const config = loadConfig({ PRACTICE_IDENTITY_URL: mock.url, PAYMENT_INTENT_URL: url });
  const world = await mock.createWorld();
  const s = await world.signIn("solo");
  return { world, s, reply: await createPaymentIntent(s.api, request, config.PAYMENT_INTENT_URL) };
}

describe("the payment-intent function's address", () => {
  it("is called at PAYMENT_INTENT_URL when it is set, not at the practice API", async () => {
    const { world, s, reply } = await createIntent(functionUrl, { key: "key-abcdefgh-1", amountCents: 14299 });
    expect(reply).toEqual({ clientSecret: "pi_function_secret_1" });
    expect(seen).toEqual([{ path: "/api/create-payment-intent", token: s.token, body: { amount: 14299, currency: "nzd", paymentMethodType: "card", IdempotencyKey: "key-abcdefgh-1" } }]);
    expect(await world.requests({ path: "payments/create-payment-intent" })).toEqual([]);
  });

  it("is the practice API's payments/create-payment-intent when it is not", async () => {
    const before = seen.length;
    const { world, reply } = await createIntent(undefined, { key: "key-abcdefgh-2", amountCents: 500 });
    expect(reply).toHaveProperty("clientSecret");
    expect(await world.requests({ path: "payments/create-payment-intent" })).toHaveLength(1);
    expect(seen).toHaveLength(before);
  });
});
