import { createActor, fromPromise, type SnapshotFrom } from "xstate";
import { loginMachine, type FlowOutcome, type LoginEvent, type LoginInput } from "../login.machine";
import { callStep } from "~/lib/steps";
import { signInSteps } from "../steps";
import type { ToldNotice } from "~/components/ui/notice";
import { Notice, ToastProvider } from "~/components/ui/toast";
import { AccountChooser } from "./account-chooser";
import { PasswordUpdateDialog } from "./password-update-dialog";
import { SecondStepDialog, SignInRecoveryCodesDialog } from "./second-step-dialog";
import { PasskeyDialog } from "./passkey-dialog";
import { PasskeyRecoveryDialog } from "./passkey-recovery-dialog";
import { ceremonyFailure } from "~/lib/passkeys";

/**
 * The passkey ceremony at sign-in (decisions/300): options from the server, the browser's prompt, the
 * answer to the server. @simplewebauthn/browser is fetched here, when the holder presses Use your
 * passkey, so no page's first load carries it. A prompt that ends without an answer (cancelled, timed
 * out, no passkey here) is told to the server, which counts it and answers the words to show.
 */
/** At sign-in "already added" cannot happen; anything but a cancel or no support is a failure. */
const signInReason = (failure: ReturnType<typeof ceremonyFailure>) => (failure === "exists" ? "failed" : failure);

async function passkeyCeremony() {
  const asked = await callStep(signInSteps, "passkey-options", {});
  if (asked.kind !== "passkeyOptions") return asked;
  let answer;
  try {
    const { startAuthentication } = await import("@simplewebauthn/browser");
    answer = await startAuthentication({ optionsJSON: asked.options });
  } catch (error) {
    return callStep(signInSteps, "passkey-cancelled", { reason: signInReason(ceremonyFailure(error)) });
  }
  return callStep(signInSteps, "passkey", { answer });
}

interface Start extends Required<LoginInput> {
  redirectTo: string;
}

/**
 * The login machine with its steps (decisions/280), started by the login page through
 * `useMachineWhenReached` with what the patient did before this module arrived (issue 12, decisions/070).
 */
export function startSignIn({ redirectTo, captchaRequired, resume }: Start, early: readonly LoginEvent[]) {
  const machine = loginMachine.provide({
    actors: {
      // Each actor is one step of /login/flow (../steps.ts); a failure envelope or no answer is the machine's onError.
      // A step answers only its own outcomes (decisions/316); the machine takes any of the flow's.
      signIn: fromPromise(({ input }) => callStep(signInSteps, "sign-in", { username: input.username, password: input.password, captcha: input.captcha, redirectTo })),
      changePassword: fromPromise(({ input }) => callStep(signInSteps, "change-password", { password: input.password, confirm: input.confirm, agreed: input.agreed })),
      chooseAccount: fromPromise(({ input }) => callStep(signInSteps, "choose-account", { account: input.accountId })),
      cancelSignIn: fromPromise<FlowOutcome, void>(() => callStep(signInSteps, "cancel", {})),
      checkCode: fromPromise(({ input }) => callStep(signInSteps, "second-step", { code: input.code, recovery: input.recovery })),
      resendCode: fromPromise<FlowOutcome, void>(() => callStep(signInSteps, "second-step-resend", {})),
      continueSignIn: fromPromise<FlowOutcome, void>(() => callStep(signInSteps, "second-step-continue", {})),
      usePasskey: fromPromise<FlowOutcome, void>(() => passkeyCeremony()),
      passkeyEmail: fromPromise<FlowOutcome, void>(() => callStep(signInSteps, "passkey-email", {})),
      removeRecentPasskeys: fromPromise<FlowOutcome, void>(() => callStep(signInSteps, "passkey-recovery-remove", {})),
    },
  });
  const actor = createActor(machine, { input: { captchaRequired, resume } });
  actor.start();
  for (const event of early) actor.send(event);
  return actor;
}

type SignInSnapshot = SnapshotFrom<typeof loginMachine>;

interface Props {
  state: SignInSnapshot;
  send(event: LoginEvent): void;
  /** Login Help's result, shown among the same notices. */
  helpSent: ToldNotice | null;
  onHelpSentClose(): void;
}

/**
 * The sign-in steps' dialogs of the login page (1§4): the forced password update, the second step,
 * passkeys, the account chooser and the notices. The form itself stays in the page (login.route.tsx).
 */
export function SignInDialogs({ state, send, helpSent, onHelpSentClose }: Props) {
  const { context } = state;
  return (
    <>
      {state.matches("updatingPassword") ? (
        <PasswordUpdateDialog
          busy={state.matches({ updatingPassword: "saving" })}
          problem={context.passwordProblem}
          message={context.passwordMessage}
          onSubmit={(values) => send({ type: "password.submit", ...values })}
          onCancel={() => send({ type: "password.cancel" })}
        />
      ) : null}
      {state.matches("secondStep") && context.secondStep ? (
        <SecondStepDialog
          to={context.secondStep.to}
          setup={context.secondStep.setup}
          recoveryOnly={context.secondStep.recoveryOnly ?? false}
          busy={!state.matches({ secondStep: "entering" })}
          message={context.codeMessage}
          notice={context.codeNotice}
          onSubmit={(values) => send({ type: "code.submit", ...values })}
          onResend={() => send({ type: "code.resend" })}
          onCancel={() => send({ type: "code.cancel" })}
        />
      ) : null}
      {state.matches("passkey") && context.passkey ? (
        <PasskeyDialog
          email={context.passkey.email}
          recovery={context.passkey.recovery}
          checking={state.matches({ passkey: "checking" })}
          busy={!state.matches({ passkey: "waiting" })}
          message={context.passkeyMessage}
          onUse={() => send({ type: "passkey.use" })}
          onEmail={() => send({ type: "passkey.email" })}
          onRecovery={() => send({ type: "passkey.recovery" })}
          onCancel={() => send({ type: "passkey.cancel" })}
        />
      ) : null}
      {state.matches("recoveringPasskeys") ? (
        <PasskeyRecoveryDialog
          passkeys={context.recentPasskeys}
          busy={state.matches({ recoveringPasskeys: "removing" })}
          message={context.recoveryMessage}
          onRemove={() => send({ type: "recovery.remove" })}
          onCancel={() => send({ type: "recovery.cancel" })}
        />
      ) : null}
      {state.matches("showingRecoveryCodes") ? (
        <SignInRecoveryCodesDialog codes={context.recoveryCodes} busy={state.matches({ showingRecoveryCodes: "continuing" })} onContinue={() => send({ type: "codes.continue" })} />
      ) : null}
      {state.matches("choosingAccount") ? (
        <AccountChooser
          accounts={context.accounts}
          busy={state.matches({ choosingAccount: "saving" })}
          onChoose={(accountId) => send({ type: "account.choose", accountId })}
          onCancel={() => send({ type: "account.cancel" })}
        />
      ) : null}
      <ToastProvider>
        <Notice notice={context.toast === null ? null : { id: context.toastsTold, tone: "error", title: context.toast }} onDismiss={() => send({ type: "toast.dismiss" })} />
        <Notice notice={helpSent} onDismiss={onHelpSentClose} />
      </ToastProvider>
    </>
  );
}
