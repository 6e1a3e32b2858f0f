import { assertEvent, assign, raise, setup, type DoneActorEvent } from "xstate";
import { signInTexts } from "./texts";
import { secondStepTexts } from "~/lib/texts/second-step";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { newPasswordProblem, type NewPasswordProblem } from "~/lib/new-password";
import { codeShapeProblem } from "~/lib/second-step";
import { CAPTCHA_AFTER, type FlowKind, type FlowOutcome, type LinkedAccount, type Outcome } from "~/lib/sign-in-flow";
import { signInSummary, validateSignIn, type FieldErrors, type SignInInput } from "./sign-in-form";
import { unprovided } from "~/lib/unprovided";

/**
 * The sign-in flow of 1§4: credentials, the forced password update when asked, the account chooser when there are
 * linked accounts, then the portal; the machine never fetches, the route provides its actors (decisions/007).
 */

export type { FlowOutcome, LinkedAccount } from "~/lib/sign-in-flow";

export interface SignInRequest extends SignInInput {
  captcha: string | null;
}

export interface PasswordRequest {
  password: string;
  confirm: string;
  agreed: boolean;
}

export interface CodeRequest {
  code: string;
  /** A recovery code instead of the e-mailed one. */
  recovery: boolean;
}

export interface LoginContext {
  failures: number;
  captchaRequired: boolean;
  /** The inline message under the heading (rejections, throttling). */
  message: string | null;
  /** A passing notice (network failure: "Ohh. We hit a snag."). */
  toast: string | null;
  /** How many notices told: each its own toast, so the same words twice are announced twice. */
  toastsTold: number;
  errors: FieldErrors<SignInInput>;
  passwordProblem: NewPasswordProblem | null;
  /** The practice's refusal of a new password, shown in red (1§8 StatusCode "3"). */
  passwordMessage: string | null;
  accounts: LinkedAccount[];
  redirectTo: string | null;
  resumeAt: "passwordUpdate" | "chooseAccount" | null;
  /** The second step asked for (decisions/277): where the code went (masked), and whether it is being set up. */
  secondStep: { to: string; setup: boolean; recoveryOnly?: boolean } | null;
  /** The second step's refusal (wrong, expired, too many), shown in its dialog. */
  codeMessage: string | null;
  /** "We have sent a new code", after Send a new code. */
  codeNotice: string | null;
  /** Recovery codes made while setting up at sign-in, shown once. */
  recoveryCodes: string[];
  /** A passkey asked for (decisions/300), and which other ways the holder has. */
  passkey: { email: boolean; recovery: boolean } | null;
  /** The passkey's refusal or the browser's (cancelled, not supported), shown in its dialog. */
  passkeyMessage: string | null;
  /** After a code e-mailed in place of a passkey (issue 51): the passkeys added recently, offered for removal. */
  recentPasskeys: Outcome<"passkeyRecovery">["passkeys"];
  /** Their removal's failure, shown in that dialog. */
  recoveryMessage: string | null;
}

export interface LoginInput {
  /** The server may already want a captcha (this account or browser failed before). */
  captchaRequired?: boolean;
  /** A switch-token sign-in (/loginSwitch/{q}) that still needs a new password or a chosen account. */
  resume?: { step: "passwordUpdate" } | { step: "chooseAccount"; accounts: LinkedAccount[] } | null;
}

export type LoginEvent =
  | ({ type: "signIn.submit" } & SignInRequest)
  | ({ type: "password.submit" } & PasswordRequest)
  | { type: "password.cancel" }
  | { type: "account.choose"; accountId: string }
  | { type: "account.cancel" }
  | ({ type: "code.submit" } & CodeRequest)
  | { type: "code.resend" }
  | { type: "code.cancel" }
  | { type: "codes.continue" }
  | { type: "passkey.use" }
  | { type: "passkey.email" }
  | { type: "passkey.recovery" }
  | { type: "passkey.cancel" }
  | { type: "recovery.remove" }
  | { type: "recovery.cancel" }
  | { type: "field.edit"; field: keyof SignInInput }
  | { type: "toast.dismiss" };

/** A step's answer as an event of its own kind (`answer.signedIn`, …), so each transition is typed with its one outcome (decisions/317, 341). */
type AnswerOf<K extends FlowKind> = { [P in K]: { type: `answer.${P}`; outcome: Outcome<P> } }[K];
type AnswerEvent = AnswerOf<FlowKind>;

function answerOf<K extends FlowKind>(outcome: Outcome<K> & { kind: K }): AnswerOf<K> {
  return { type: `answer.${outcome.kind}`, outcome };
}

/** Every step's `onDone`: its outcome raised as its kind's event, for the state's `on` below. */
const answered = { actions: { type: "answer", params: ({ event }: { event: DoneActorEvent<FlowOutcome> }) => ({ outcome: event.output }) } } as const;

/** Any step's "expired": the pending sign-in timed out, so back to the credentials with it forgotten and the words told. */
const signInExpired = {
  target: "#login.credentials",
  actions: ["forgetPendingSignIn", { type: "showMessage", params: ({ event }: { event: AnswerOf<"expired"> }) => ({ message: event.outcome.message }) }],
} as const;

/** What a step that may go on to the portal answers: signed in, an account to choose, a password to update. */
const signedIn = {
  target: "#login.signedIn",
  actions: { type: "rememberDestination", params: ({ event }: { event: AnswerOf<"signedIn"> }) => ({ redirectTo: event.outcome.redirectTo }) },
} as const;
const accountToChoose = {
  target: "#login.choosingAccount",
  actions: { type: "rememberAccounts", params: ({ event }: { event: AnswerOf<"chooseAccount"> }) => ({ accounts: event.outcome.accounts }) },
} as const;

/** An outcome's own words when it has them ("refused", "failed", "expired"), or `fallback`. */
const wordsOf = (event: AnswerEvent, fallback: string) => ("message" in event.outcome ? event.outcome.message : fallback);

/** How a step of the second step's or the passkey's dialog ends when it does not go on, shared by both dialogs (decisions/327). */
function dialogStepEnds<const Back extends string>(back: Back, show: "showCodeMessage" | "showPasskeyMessage", fallback: string) {
  return {
    on: {
      "answer.expired": signInExpired,
      "answer.*": { target: back, actions: { type: show, params: ({ event }: { event: AnswerEvent }) => ({ message: wordsOf(event, fallback) }) } },
    },
    onError: { target: back, actions: { type: show, params: { message: signInTexts.networkFailure } } },
  } as const;
}

const codeChecked = dialogStepEnds("entering", "showCodeMessage", secondStepTexts.unavailable);
const codeResent = dialogStepEnds("entering", "showCodeMessage", secondStepTexts.cannotSend);
const passkeyChecked = dialogStepEnds("waiting", "showPasskeyMessage", passkeyTexts.unavailable);
const passkeyCodeSent = dialogStepEnds("waiting", "showPasskeyMessage", secondStepTexts.cannotSend);

export const loginMachine = setup({
  types: {} as { context: LoginContext; events: LoginEvent | AnswerEvent; input: LoginInput; output: { redirectTo: string } },
  actors: {
    signIn: unprovided<SignInRequest, FlowOutcome>("signIn"),
    changePassword: unprovided<PasswordRequest, FlowOutcome>("changePassword"),
    chooseAccount: unprovided<{ accountId: string }, FlowOutcome>("chooseAccount"),
    cancelSignIn: unprovided<void, FlowOutcome>("cancelSignIn"),
    checkCode: unprovided<CodeRequest, FlowOutcome>("checkCode"),
    resendCode: unprovided<void, FlowOutcome>("resendCode"),
    continueSignIn: unprovided<void, FlowOutcome>("continueSignIn"),
    /** The whole passkey ceremony: options from the server, the browser's prompt, its answer checked (or the prompt's end told). */
    usePasskey: unprovided<void, FlowOutcome>("usePasskey"),
    passkeyEmail: unprovided<void, FlowOutcome>("passkeyEmail"),
    /** "Remove these passkeys" after a code e-mailed in place of a passkey (issue 51). */
    removeRecentPasskeys: unprovided<void, FlowOutcome>("removeRecentPasskeys"),
  },
  guards: {
    resumesAt: ({ context }, params: { step: "passwordUpdate" | "chooseAccount" }) => context.resumeAt === params.step,
    credentialsInvalid: ({ event }) => {
      assertEvent(event, "signIn.submit");
      return !validateSignIn(event).ok;
    },
    captchaMissing: ({ context, event }) => {
      assertEvent(event, "signIn.submit");
      return context.captchaRequired && !event.captcha;
    },
    newPasswordInvalid: ({ event }) => {
      assertEvent(event, "password.submit");
      return newPasswordProblem(event, "resetPanel") !== null;
    },
    codeShapeInvalid: ({ event }) => {
      assertEvent(event, "code.submit");
      return codeShapeProblem(event.code, event.recovery) !== null;
    },
  },
  actions: {
    showFieldErrors: assign(({ event }) => {
      assertEvent(event, "signIn.submit");
      const checked = validateSignIn(event);
      return { errors: checked.ok ? {} : checked.errors, message: checked.ok ? signInTexts.summary : signInSummary(checked.errors) };
    }),
    askForCaptcha: assign({ message: () => signInTexts.captchaNeeded }),
    clearFieldError: assign({
      errors: ({ context, event }) => {
        assertEvent(event, "field.edit");
        return { ...context.errors, [event.field]: undefined };
      },
    }),
    startAttempt: assign({ message: null, toast: null, errors: {} }),
    recordRejection: assign(({ context }, params: { message: string; captchaRequired: boolean }) => {
      const failures = context.failures + 1;
      return { failures, message: params.message, captchaRequired: params.captchaRequired || failures >= CAPTCHA_AFTER };
    }),
    showMessage: assign({ message: (_, params: { message: string }) => params.message }),
    showServerFieldErrors: assign((_, params: { fields: FieldErrors<SignInInput>; message: string }) => ({ errors: params.fields, message: params.message })),
    showToast: assign(({ context }, params: { message: string }) => ({ toast: params.message, toastsTold: context.toastsTold + 1 })),
    dismissToast: assign({ toast: null }),
    rememberAccounts: assign({ accounts: (_, params: { accounts: LinkedAccount[] }) => params.accounts }),
    rememberDestination: assign({ redirectTo: (_, params: { redirectTo: string }) => params.redirectTo }),
    showPasswordProblem: assign({
      passwordProblem: ({ event }) => {
        assertEvent(event, "password.submit");
        return newPasswordProblem(event, "resetPanel");
      },
      passwordMessage: null,
    }),
    showPasswordMessage: assign({ passwordMessage: (_, params: { message: string }) => params.message, passwordProblem: null }),
    clearPasswordMessages: assign({ passwordProblem: null, passwordMessage: null }),
    forgetPendingSignIn: assign({ accounts: [], passwordProblem: null, passwordMessage: null, secondStep: null, codeMessage: null, codeNotice: null, recoveryCodes: [], passkey: null, passkeyMessage: null, recentPasskeys: [], recoveryMessage: null }),
    rememberRecentPasskeys: assign((_, params: { passkeys: LoginContext["recentPasskeys"] }) => ({ recentPasskeys: params.passkeys, recoveryMessage: null })),
    showRecoveryMessage: assign({ recoveryMessage: (_, params: { message: string }) => params.message }),
    clearRecoveryMessage: assign({ recoveryMessage: null }),
    rememberPasskey: assign((_, params: { email: boolean; recovery: boolean }) => ({ passkey: { email: params.email, recovery: params.recovery }, passkeyMessage: null })),
    showPasskeyMessage: assign({ passkeyMessage: (_, params: { message: string }) => params.message }),
    clearPasskeyMessage: assign({ passkeyMessage: null }),
    // A recovery code instead of the passkey: the code dialog, for recovery codes alone.
    askForRecoveryCode: assign({ secondStep: { to: "", setup: false, recoveryOnly: true }, codeMessage: null, codeNotice: null }),
    rememberSecondStep: assign((_, params: { to: string; setup: boolean; resent: boolean }) => ({
      secondStep: { to: params.to, setup: params.setup },
      codeMessage: null,
      codeNotice: params.resent ? secondStepTexts.newCodeSent(params.to) : null,
    })),
    showCodeShape: assign({
      codeMessage: ({ event }) => {
        assertEvent(event, "code.submit");
        return codeShapeProblem(event.code, event.recovery);
      },
      codeNotice: null,
    }),
    showCodeMessage: assign({ codeMessage: (_, params: { message: string }) => params.message, codeNotice: null }),
    clearCodeMessages: assign({ codeMessage: null, codeNotice: null }),
    rememberRecoveryCodes: assign({ recoveryCodes: (_, params: { codes: string[] }) => params.codes }),
    answer: raise((_, params: { outcome: FlowOutcome }) => answerOf(params.outcome)),
  },
}).createMachine({
  id: "login",
  context: ({ input }) => ({
    failures: 0,
    captchaRequired: input.captchaRequired ?? false,
    message: null,
    toast: null,
    toastsTold: 0,
    errors: {},
    passwordProblem: null,
    passwordMessage: null,
    accounts: input.resume?.step === "chooseAccount" ? input.resume.accounts : [],
    redirectTo: null,
    resumeAt: input.resume?.step ?? null,
    secondStep: null,
    codeMessage: null,
    codeNotice: null,
    recoveryCodes: [],
    passkey: null,
    passkeyMessage: null,
    recentPasskeys: [],
    recoveryMessage: null,
  }),
  initial: "starting",
  on: {
    "toast.dismiss": { actions: "dismissToast" },
  },
  states: {
    starting: {
      always: [
        { guard: { type: "resumesAt", params: { step: "passwordUpdate" } }, target: "updatingPassword" },
        { guard: { type: "resumesAt", params: { step: "chooseAccount" } }, target: "choosingAccount" },
        { target: "credentials" },
      ],
    },
    credentials: {
      on: {
        "field.edit": { actions: "clearFieldError" },
        "signIn.submit": [
          { guard: "credentialsInvalid", actions: "showFieldErrors" },
          { guard: "captchaMissing", actions: "askForCaptcha" },
          { target: "signingIn", actions: "startAttempt" },
        ],
      },
    },
    signingIn: {
      invoke: {
        src: "signIn",
        input: ({ event }) => {
          assertEvent(event, "signIn.submit");
          return { username: event.username, password: event.password, captcha: event.captcha };
        },
        onDone: answered,
        onError: { target: "credentials", actions: { type: "showToast", params: { message: signInTexts.networkFailure } } },
      },
      on: {
        "answer.signedIn": signedIn,
        "answer.chooseAccount": accountToChoose,
        "answer.passwordUpdate": { target: "updatingPassword" },
        "answer.secondStep": { target: "secondStep", actions: { type: "rememberSecondStep", params: ({ event }) => event.outcome } },
        "answer.passkey": { target: "passkey", actions: { type: "rememberPasskey", params: ({ event }) => event.outcome } },
        "answer.rejected": { target: "credentials", actions: { type: "recordRejection", params: ({ event }) => event.outcome } },
        "answer.invalid": { target: "credentials", actions: { type: "showServerFieldErrors", params: ({ event }) => event.outcome } },
        "answer.failed": { target: "credentials", actions: { type: "showToast", params: ({ event }) => ({ message: event.outcome.message }) } },
        // "refused" (throttled) and "expired" both explain themselves inline.
        "answer.*": { target: "credentials", actions: { type: "showMessage", params: ({ event }) => ({ message: wordsOf(event, signInTexts.incorrect) }) } },
      },
    },
    updatingPassword: {
      initial: "editing",
      entry: "clearPasswordMessages",
      states: {
        editing: {
          on: {
            "password.submit": [{ guard: "newPasswordInvalid", actions: "showPasswordProblem" }, { target: "saving" }],
            "password.cancel": { target: "#login.cancelling" },
          },
        },
        saving: {
          entry: "clearPasswordMessages",
          invoke: {
            src: "changePassword",
            input: ({ event }) => {
              assertEvent(event, "password.submit");
              return { password: event.password, confirm: event.confirm, agreed: event.agreed };
            },
            onDone: answered,
            onError: { target: "editing", actions: { type: "showPasswordMessage", params: { message: signInTexts.passwordChangeFailed } } },
          },
          on: {
            "answer.signedIn": signedIn,
            "answer.chooseAccount": accountToChoose,
            "answer.expired": signInExpired,
            "answer.*": { target: "editing", actions: { type: "showPasswordMessage", params: ({ event }) => ({ message: wordsOf(event, signInTexts.passwordChangeFailed) }) } },
          },
        },
      },
    },
    choosingAccount: {
      initial: "choosing",
      states: {
        choosing: {
          on: {
            "account.choose": { target: "saving" },
            "account.cancel": { target: "#login.cancelling" },
          },
        },
        saving: {
          invoke: {
            src: "chooseAccount",
            input: ({ event }) => {
              assertEvent(event, "account.choose");
              return { accountId: event.accountId };
            },
            onDone: answered,
            onError: { target: "choosing", actions: { type: "showToast", params: { message: signInTexts.networkFailure } } },
          },
          on: {
            "answer.signedIn": signedIn,
            "answer.expired": signInExpired,
            "answer.*": { target: "choosing", actions: { type: "showToast", params: ({ event }) => ({ message: wordsOf(event, signInTexts.networkFailure) }) } },
          },
        },
      },
    },
    // The second step (decisions/277): the e-mailed code or a recovery code, before anything else.
    secondStep: {
      initial: "entering",
      states: {
        entering: {
          on: {
            "code.submit": [{ guard: "codeShapeInvalid", actions: "showCodeShape" }, { target: "checking" }],
            "code.resend": { target: "resending" },
            "code.cancel": { target: "#login.cancelling" },
          },
        },
        checking: {
          entry: "clearCodeMessages",
          invoke: {
            src: "checkCode",
            input: ({ event }) => {
              assertEvent(event, "code.submit");
              return { code: event.code, recovery: event.recovery };
            },
            onDone: answered,
            onError: codeChecked.onError,
          },
          on: {
            "answer.signedIn": signedIn,
            "answer.chooseAccount": accountToChoose,
            "answer.passwordUpdate": { target: "#login.updatingPassword" },
            "answer.recoveryCodes": {
              target: "#login.showingRecoveryCodes",
              actions: { type: "rememberRecoveryCodes", params: ({ event }) => ({ codes: event.outcome.codes }) },
            },
            "answer.passkeyRecovery": { target: "#login.recoveringPasskeys", actions: { type: "rememberRecentPasskeys", params: ({ event }) => event.outcome } },
            "answer.passkey": { target: "#login.passkey", actions: { type: "rememberPasskey", params: ({ event }) => event.outcome } },
            ...codeChecked.on,
          },
        },
        resending: {
          entry: "clearCodeMessages",
          invoke: { src: "resendCode", onDone: answered, onError: codeResent.onError },
          on: {
            "answer.secondStep": { target: "entering", actions: { type: "rememberSecondStep", params: ({ event }) => event.outcome } },
            ...codeResent.on,
          },
        },
      },
    },
    // A passkey asked for (decisions/300): the browser's prompt when the holder presses Use your passkey;
    // the e-mailed code or a recovery code instead when they have those. A refusal leaves the dialog usable.
    passkey: {
      initial: "waiting",
      states: {
        waiting: {
          on: {
            "passkey.use": { target: "checking" },
            "passkey.email": { target: "sendingCode" },
            "passkey.recovery": { target: "#login.secondStep", actions: "askForRecoveryCode" },
            "passkey.cancel": { target: "#login.cancelling" },
          },
        },
        checking: {
          entry: "clearPasskeyMessage",
          invoke: { src: "usePasskey", onDone: answered, onError: passkeyChecked.onError },
          on: {
            "answer.signedIn": signedIn,
            "answer.chooseAccount": accountToChoose,
            "answer.passwordUpdate": { target: "#login.updatingPassword" },
            ...passkeyChecked.on,
          },
        },
        sendingCode: {
          entry: "clearPasskeyMessage",
          invoke: { src: "passkeyEmail", onDone: answered, onError: passkeyCodeSent.onError },
          on: {
            "answer.secondStep": { target: "#login.secondStep", actions: { type: "rememberSecondStep", params: ({ event }) => event.outcome } },
            ...passkeyCodeSent.on,
          },
        },
      },
    },
    // A code e-mailed in place of a passkey was right (issue 51): the passkeys added recently are listed;
    // removing them goes on with the sign-in (or back to an older passkey), cancelling ends it.
    recoveringPasskeys: {
      initial: "choosing",
      states: {
        choosing: {
          on: {
            "recovery.remove": { target: "removing" },
            "recovery.cancel": { target: "#login.cancelling" },
          },
        },
        removing: {
          entry: "clearRecoveryMessage",
          invoke: {
            src: "removeRecentPasskeys",
            onDone: answered,
            onError: { target: "choosing", actions: { type: "showRecoveryMessage", params: { message: signInTexts.networkFailure } } },
          },
          on: {
            "answer.signedIn": signedIn,
            "answer.chooseAccount": accountToChoose,
            "answer.passwordUpdate": { target: "#login.updatingPassword" },
            "answer.passkey": { target: "#login.passkey", actions: { type: "rememberPasskey", params: ({ event }) => event.outcome } },
            "answer.expired": signInExpired,
            "answer.*": { target: "choosing", actions: { type: "showRecoveryMessage", params: ({ event }) => ({ message: wordsOf(event, passkeyTexts.unavailable) }) } },
          },
        },
      },
    },
    // Set up at sign-in: the recovery codes are shown once; Continue goes on with the sign-in.
    showingRecoveryCodes: {
      initial: "showing",
      states: {
        showing: { on: { "codes.continue": { target: "continuing" } } },
        continuing: {
          invoke: {
            src: "continueSignIn",
            onDone: answered,
            onError: { target: "showing", actions: { type: "showToast", params: { message: signInTexts.networkFailure } } },
          },
          on: {
            "answer.signedIn": signedIn,
            "answer.chooseAccount": accountToChoose,
            "answer.passwordUpdate": { target: "#login.updatingPassword" },
            "answer.expired": signInExpired,
            "answer.*": { target: "showing", actions: { type: "showToast", params: ({ event }) => ({ message: wordsOf(event, signInTexts.networkFailure) }) } },
          },
        },
      },
    },
    cancelling: {
      invoke: {
        src: "cancelSignIn",
        onDone: { target: "credentials", actions: "forgetPendingSignIn" },
        onError: { target: "credentials", actions: "forgetPendingSignIn" },
      },
    },
    signedIn: {
      type: "final",
    },
  },
  output: ({ context }) => ({ redirectTo: context.redirectTo ?? "/" }),
});
