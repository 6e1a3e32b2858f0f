import { z } from "zod";
import type { StepHandlers } from "../../app/.server/steps.server";
import { paySteps } from "../../app/areas/accounts/steps";
import { messagingSteps } from "../../app/areas/messaging/steps";
import { signInSteps } from "../../app/areas/sign-in/steps";
import { callStep, step, stepArea } from "../../app/lib/steps";

/**
 * `npm run typecheck` compiles this file (tsconfig includes every .ts); it runs nothing. Each
 * `@ts-expect-error` below is a drift that tsc must reject (decisions/280): were the protocol's types
 * to stop carrying the declaration to either side, the directive would be unused and tsc would fail.
 */

const area = stepArea("/example/step", {
  count: step(z.object({ n: z.number() }), z.object({ total: z.number() })),
});

// The server's side: the handler is typed by the declaration.
const matching: StepHandlers<typeof area, null> = { count: async ({ n }) => ({ total: n }) };
const drifted: StepHandlers<typeof area, null> = {
  // @ts-expect-error The reply changed shape on the server only (`count` instead of the declared `total`).
  count: async ({ n }) => ({ count: n }),
};
const wrongInput: StepHandlers<typeof area, null> = {
  // @ts-expect-error The handler reads an input the declaration does not have.
  count: async ({ m }) => ({ total: m }),
};

// The browser's side: the reply is typed by the same declaration.
async function browser() {
  const reply = await callStep(area, "count", { n: 1 });
  const total: number = reply.total;
  // @ts-expect-error The browser expects another shape than the declaration's.
  const count: number = reply.count;
  // @ts-expect-error An input the declaration does not take.
  await callStep(area, "count", { n: "1" });
  // @ts-expect-error A step the area does not declare.
  await callStep(area, "sum", {});

  // A real area: /emails' page step answers rows and a total, not the old `{ ok, rows }` reply.
  const page = await callStep(messagingSteps, "page", { box: "inbox", filter: "all", page: 2 });
  const rows: number = page.rows.length + page.total;
  // @ts-expect-error The old per-area envelope is gone: a reply has no `ok`.
  const ok: boolean = page.ok;

  // Another real area: /accounts/pay's save-temp answers an outcome with the payment id, not the old `{ ok, value }`.
  const saved = await callStep(paySteps, "save-temp", { key: "key-12345678", cardType: "Visa - 2.5%", amountCents: 1000, feeCents: 25, allocations: [{ id: "i1", payNowCents: 1000 }] });
  const paymentId: number = saved.outcome === "saved" ? saved.paymentId : 0;
  // @ts-expect-error The old per-area envelope is gone: a reply has no `value`.
  const value: number = saved.value;
  // @ts-expect-error The amounts are numbers in cents now, not the old form's text.
  await callStep(paySteps, "save-temp", { key: "key-12345678", cardType: "Visa - 2.5%", amountCents: "1000", feeCents: 25, allocations: [{ id: "i1", payNowCents: 1000 }] });

  // The sign-in's steps answer the flow's outcomes as replies, not the old bare outcome with its own 400.
  const outcome = await callStep(signInSteps, "sign-in", { username: "solo@demo.nz", password: "Kiaora2024", captcha: null, redirectTo: "/" });
  const accounts: number = outcome.kind === "chooseAccount" ? outcome.accounts.length : 0;
  // @ts-expect-error A reply is read by its kind: only "chooseAccount" has accounts.
  const unchecked: number = outcome.accounts.length;
  // @ts-expect-error The second step's `recovery` is a boolean now, not the old form's text.
  await callStep(signInSteps, "second-step", { code: "123456", recovery: "true" });
  return [total, count, rows, ok, paymentId, value, accounts, unchecked];
}

// The server's side of a real area: the payment intent's step answers the client secret, a string.
const payDrift: Pick<StepHandlers<typeof paySteps, null>, "intent"> = {
  // @ts-expect-error A handler answering another shape than the declaration's (the old `{ ok, value }` envelope).
  intent: async () => ({ ok: true, value: "pi_secret" }),
};

// The server's side of the sign-in: a handler answering an outcome the flow does not have.
const signInDrift: Pick<StepHandlers<typeof signInSteps, null>, "cancel"> = {
  // @ts-expect-error "signedOut" is no outcome of the sign-in flow (the declaration's is "cancelled").
  cancel: async () => ({ kind: "signedOut" }),
};

void [matching, drifted, wrongInput, browser, payDrift, signInDrift];
