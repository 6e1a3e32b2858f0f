import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import { waitForState } from "../helpers/wait-for-state";
import { loginMachine, type CodeRequest, type FlowOutcome, type LoginContext, type LoginEvent } from "~/areas/sign-in/login.machine";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { secondStepTexts } from "~/lib/texts/second-step";
import { signInTexts } from "~/areas/sign-in/texts";

/**
 * How the second step's and the passkey's dialog steps end when they do not go on (review D1): an
 * expired sign-in goes back to the credentials with its words and the pending sign-in forgotten; a
 * refusal or failure is told in the dialog, in its own words, or the step's own words when an outcome
 * it does not expect has none; the step's actor failing (the network) is told as such. The four steps
 * (check a code, send a new code, use the passkey, e-mail a code instead) each, the same way.
 */

type Step = "checkCode" | "resendCode" | "usePasskey" | "passkeyEmail";

const STEPS: ReadonlyArray<{
  step: Step;
  /** What reaches the dialog after signing in. */
  asked: FlowOutcome;
  /** What starts the step in the dialog. */
  press: LoginEvent;
  dialog: "secondStep" | "passkey";
  back: "entering" | "waiting";
  told: "codeMessage" | "passkeyMessage";
  /** The step's words for an outcome that carries none. */
  fallback: string;
}> = [
  { step: "checkCode", asked: { kind: "secondStep", to: "s•••@demo.nz", setup: false, resent: false }, press: { type: "code.submit", code: "123456", recovery: false }, dialog: "secondStep", back: "entering", told: "codeMessage", fallback: secondStepTexts.unavailable },
  { step: "resendCode", asked: { kind: "secondStep", to: "s•••@demo.nz", setup: false, resent: false }, press: { type: "code.resend" }, dialog: "secondStep", back: "entering", told: "codeMessage", fallback: secondStepTexts.cannotSend },
  { step: "usePasskey", asked: { kind: "passkey", email: true, recovery: true }, press: { type: "passkey.use" }, dialog: "passkey", back: "waiting", told: "passkeyMessage", fallback: passkeyTexts.unavailable },
  { step: "passkeyEmail", asked: { kind: "passkey", email: true, recovery: true }, press: { type: "passkey.email" }, dialog: "passkey", back: "waiting", told: "passkeyMessage", fallback: secondStepTexts.cannotSend },
];

/** Signs in to the step's dialog, then runs the step once with this answer (or a thrown error). */
async function endOf(row: (typeof STEPS)[number], answer: FlowOutcome | "network down"): Promise<{ value: unknown; context: LoginContext }> {
  // This step answers as the test says; the other steps are never reached, and say so if they are.
  const scripted = <I>(mine: boolean) =>
    fromPromise<FlowOutcome, I>(async () => {
      if (!mine) throw new Error("not this test's step");
      if (answer === "network down") throw new Error("network down");
      return answer;
    });
  const machine = loginMachine.provide({
    actors: {
      signIn: fromPromise(async () => row.asked),
      checkCode: scripted<CodeRequest>(row.step === "checkCode"),
      resendCode: scripted<void>(row.step === "resendCode"),
      usePasskey: scripted<void>(row.step === "usePasskey"),
      passkeyEmail: scripted<void>(row.step === "passkeyEmail"),
    },
  });
  const actor = createActor(machine, { input: {} }).start();
  actor.send({ type: "signIn.submit", username: "solo@demo.nz", password: "Kiaora2024", captcha: null });
  await waitForState(actor, (s) => s.matches({ [row.dialog]: row.back }));
  actor.send(row.press);
  const ended = await waitForState(actor, (s) => s.matches("credentials") || (s.matches({ [row.dialog]: row.back }) && s.context[row.told] !== null));
  actor.stop();
  return { value: ended.value, context: ended.context };
}

describe.each(STEPS)("the login machine's $step step, when it does not go on", (row) => {
  it("expired: back to the credentials with its words, the pending sign-in forgotten", async () => {
    const { value, context } = await endOf(row, { kind: "expired", message: signInTexts.signInExpired });
    expect(value).toBe("credentials");
    expect(context.message).toBe(signInTexts.signInExpired);
    expect({ secondStep: context.secondStep, passkey: context.passkey, codeMessage: context.codeMessage, passkeyMessage: context.passkeyMessage }).toEqual({ secondStep: null, passkey: null, codeMessage: null, passkeyMessage: null });
  });

  it.each([
    { kind: "refused", message: "Refused in the step's own words." },
    { kind: "failed", message: "Failed in the step's own words." },
  ] as const)("$kind: told in the dialog in its own words, the dialog still open", async (outcome) => {
    const { value, context } = await endOf(row, outcome);
    expect(value).toEqual({ [row.dialog]: row.back });
    expect(context[row.told]).toBe(outcome.message);
    expect(context.message).toBeNull();
  });

  it("an outcome it does not expect, without words: told in the step's own words", async () => {
    const { value, context } = await endOf(row, { kind: "cancelled" });
    expect(value).toEqual({ [row.dialog]: row.back });
    expect(context[row.told]).toBe(row.fallback);
  });

  it("the network down: told as such in the dialog", async () => {
    const { value, context } = await endOf(row, "network down");
    expect(value).toEqual({ [row.dialog]: row.back });
    expect(context[row.told]).toBe(signInTexts.networkFailure);
  });
});
