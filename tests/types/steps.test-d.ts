import { z } from "zod";
import type { StepHandlers } from "~/.server/steps.server";
import { paySteps } from "~/areas/accounts/steps";
import { bookingSteps } from "~/areas/appointments/steps";
import { repeatSteps } from "~/areas/medications/steps";
import { messagingSteps } from "~/areas/messaging/steps";
import { profileSteps } from "~/areas/profile/steps";
import { loginHelpSteps, signInSteps } from "~/areas/sign-in/steps";
import { summarySteps } from "~/areas/summary/steps";
import { videoSteps } from "~/areas/video/steps";
import { callStep, step, stepArea } from "~/lib/steps";

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

  // A real area: /emails' page step answers rows and the practice's total (when it sends one), not the old `{ ok, rows }` reply.
  const page = await callStep(messagingSteps, "page", { box: "inbox", filter: "all", page: 2 });
  const rows: number = page.rows.length + (page.total ?? 0);
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

  // Each sign-in step answers only its own outcomes (decisions/316): cancelling never gives the chooser.
  const cancelled = await callStep(signInSteps, "cancel", {});
  const ended: boolean = cancelled.kind === "cancelled" || cancelled.kind === "signedIn";
  // @ts-expect-error "chooseAccount" is no outcome of the cancel step, so the browser may not wait for it.
  const chooser: boolean = cancelled.kind === "chooseAccount";
  // Choosing an account never asks for the second step.
  const chosen = await callStep(signInSteps, "choose-account", { account: "1" });
  // @ts-expect-error "secondStep" is no outcome of choose-account.
  const second: boolean = chosen.kind === "secondStep";

  // Booking: the reply is one of the booking's outcomes; the slots come with "taken" only.
  const booked = await callStep(bookingSteps, "book", { for: "self", typeId: "1", locationIds: "1", providerId: "1", date: "2026-12-01", slotId: "1", slotStart: "2026-12-01T09:00:00+13:00" });
  const slots: number = booked.outcome === "taken" ? booked.slots.length : 0;
  // @ts-expect-error A booking that was "booked" has no slots to offer.
  const offered: number = booked.outcome === "booked" ? booked.slots.length : 0;

  // A repeat request: "onLeave" names the providers away, and has no message.
  const repeat = await callStep(repeatSteps, "send", { key: "key-12345678" });
  const away: number = repeat.outcome === "onLeave" ? repeat.providers.length : 0;
  // @ts-expect-error "onLeave" has no message of its own.
  const leaveWords: string = repeat.outcome === "onLeave" ? repeat.message : "";

  // The video consult's signature: a signature and the SDK's key, not the old `{ status, reply }`.
  const signed = await callStep(videoSteps, "sign", { meetingNumber: "123" });
  const signature: string = signed.signature;
  // @ts-expect-error The old envelope is gone: the reply has no `status`.
  const status: number = signed.status;

  // Login Help: the practice's words once sent; a refusal is the envelope's, never a reply's `ok`.
  const help = await callStep(loginHelpSteps, "send", { email: "a@b.nz", captcha: "x" });
  const helpWords: string = help.message;
  // @ts-expect-error The old `{ ok, message, fieldErrors }` answer is gone: a reply has no `ok`.
  const helpOk: boolean = help.ok;
  // @ts-expect-error The fields are text as typed, never a number.
  await callStep(loginHelpSteps, "send", { dob: 19850307 });

  // A dialog's save (decisions/377): the profile's form answers its words, not the old `{ intent, ok, message, fieldErrors }`.
  const saved2 = await callStep(profileSteps, "contact-details", { mobile: "021 555 0142", methods: ["1", "4"] });
  const savedWords: string = saved2.message;
  // @ts-expect-error The old reply is gone: a refusal is the envelope's, so a reply has no `ok`.
  const savedOk: boolean = saved2.ok;
  // Sign-in security's steps answer what the change gives, never the old `intent`.
  const turnedOn = await callStep(profileSteps, "turn-on", { code: "123456" });
  const codes: number = turnedOn.codes?.length ?? 0;
  // @ts-expect-error The old envelope's `intent` is gone.
  const securityIntent: string = turnedOn.intent;
  // Adding a passkey (decisions/393): the prompt comes with the proof's grant token, and the new credential goes with it.
  const prompt = await callStep(profileSteps, "passkey-options", { name: "Laptop", password: "p" });
  const grant: string = prompt.grant;
  await callStep(profileSteps, "passkey-add", { name: "Laptop", answer: "{}", grant });
  // @ts-expect-error The new credential without the grant token: the session alone adds no passkey.
  await callStep(profileSteps, "passkey-add", { name: "Laptop", answer: "{}" });
  // Share by link: the link made, as the step declares it.
  const made = await callStep(summarySteps, "share-create", { passcode: "correct horse battery", expiryDays: "7" });
  const shlink: string = made.shlink;
  // @ts-expect-error The old `{ ok, intent, made }` reply is gone: the link is the reply.
  const oldMade: string = made.made.shlink;
  // Cancel: the practice's words; field errors are the envelope's `fields`, never a reply's `errors`.
  const cancelled2 = await callStep(bookingSteps, "cancel", { appointmentId: "a1", reason: "Feeling better" });
  const cancelWords: string = cancelled2.message;
  // @ts-expect-error The old `{ ok, message, errors }` reply is gone.
  const cancelErrors: unknown = cancelled2.errors;
  return [total, count, rows, ok, paymentId, value, accounts, unchecked, ended, chooser, second, slots, offered, away, leaveWords, signature, status, helpWords, helpOk, savedWords, savedOk, codes, securityIntent, shlink, oldMade, cancelWords, cancelErrors];
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

// The server's side of a narrowed sign-in step: "expired" is one of the flow's outcomes, but not cancel's.
const cancelDrift: Pick<StepHandlers<typeof signInSteps, null>, "cancel"> = {
  // @ts-expect-error The cancel step declares "cancelled" (and "signedIn") only.
  cancel: async () => ({ kind: "expired", message: "Your sign-in has expired." }),
};
const cancelMatching: Pick<StepHandlers<typeof signInSteps, null>, "cancel"> = { cancel: async () => ({ kind: "cancelled" }) };

// The server's side of booking, a repeat request, the signature and Login Help.
const bookDrift: Pick<StepHandlers<typeof bookingSteps, null>, "book"> = {
  // @ts-expect-error "taken" must offer the slots left.
  book: async () => ({ outcome: "taken", message: "That time has just been taken." }),
};
const repeatDrift: Pick<StepHandlers<typeof repeatSteps, null>, "send"> = {
  // @ts-expect-error "declined" is no outcome of a repeat request.
  send: async () => ({ outcome: "declined", message: "No." }),
};
const signDrift: StepHandlers<typeof videoSteps, null> = {
  // @ts-expect-error The signature's reply renamed on the server only (`key` instead of `sdkKey`).
  sign: async () => ({ signature: "s", key: "k", userName: "Mere" }),
};
const helpDrift: StepHandlers<typeof loginHelpSteps, null> = {
  // @ts-expect-error The reply's words renamed on the server only (`sent` instead of `message`).
  send: async () => ({ sent: "Help request sent" }),
};

// The server's side of the profile's, the share links' and the cancel's steps.
const devicesDrift: Pick<StepHandlers<typeof profileSteps, null>, "devices-sign-out"> = {
  // @ts-expect-error A reply is the change's words (`message`), not the old envelope's `ok` and `intent`.
  "devices-sign-out": async () => ({ ok: true, intent: "devices-sign-out" }),
};
const passkeyGrantDrift: Pick<StepHandlers<typeof profileSteps, null>, "passkey-options"> = {
  // @ts-expect-error The prompt answered without the grant token the browser keeps (decisions/393).
  "passkey-options": async () => ({ options: { challenge: "c", rp: { name: "Portal" }, user: { id: "u", name: "n", displayName: "d" }, pubKeyCredParams: [] } }),
};
const revokeDrift: Pick<StepHandlers<typeof summarySteps, null>, "share-revoke"> = {
  // @ts-expect-error The reply's words renamed on the server only.
  "share-revoke": async () => ({ revoked: "The link is revoked." }),
};
const cancelStepDrift: Pick<StepHandlers<typeof bookingSteps, null>, "cancel"> = {
  // @ts-expect-error A refusal with its field errors is `refuse(message, { fields })`, never a reply of the old `{ ok, errors }`.
  cancel: async () => ({ ok: false, errors: { reason: "Reason is required" } }),
};

void [matching, drifted, wrongInput, browser, payDrift, signInDrift, cancelDrift, cancelMatching, bookDrift, repeatDrift, signDrift, helpDrift, devicesDrift, passkeyGrantDrift, revokeDrift, cancelStepDrift];
