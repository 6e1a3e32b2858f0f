import { describe, expect, it } from "vitest";
import { createSessions } from "~/.server/session.server";
import { SignInThrottle } from "~/.server/sign-in-security/throttle.server";
import { observability } from "~/.server/observability.server";
import { createSignInSteps } from "~/areas/sign-in/login-flow.server";
import type { FlowResult } from "~/areas/sign-in/sign-in-context.server";
import { signInSteps } from "~/areas/sign-in/steps";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";

/**
 * The sign-in's metric (decisions/262): each step's outcome is counted in
 * `portal_sign_in_outcomes_total{step, outcome}` under the name the step is known by, the one the
 * login machine posts it by to /login/flow (the switch link and Cancel have their own routes). An
 * operator reads the second step's refusals, or the passkeys', under those names; a step counted under
 * another name would leave its panel empty. Each step is run here where it answers without the practice:
 * a session with no sign-in under way (every later step: expired), an empty form, a link with the
 * identity server not answering.
 */

const sessions = createSessions({ cookieSecure: false, sessionSecret: "a-session-secret-of-the-unit-tests-32" });

function steps() {
  return createSignInSteps({
    // Nothing listens there: the switch link's lookup fails at once.
    identityUrl: "http://127.0.0.1:9/identity/",
    signedOutApi: "http://127.0.0.1:9/api/",
    sessions,
    throttle: new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 5, SIGNIN_MAX_FAILURES_PER_ADDRESS: 50 }),
    verifyCaptcha: async () => true,
  });
}

/** What the metric holds for one step and outcome. */
async function counted(step: string, outcome: string): Promise<number> {
  return (await observability().signIns.get()).values.find((v) => v.labels.step === step && v.labels.outcome === outcome)?.value ?? 0;
}

const request = () => new Request("http://portal.test/login/flow", { method: "POST", headers: { "x-portal-client-address": "192.0.2.30" } });
const answer = { id: "a".repeat(16), rawId: "a".repeat(16), type: "public-key", response: { clientDataJSON: "", authenticatorData: "", signature: "" }, clientExtensionResults: {} } as AuthenticationResponseJSON;

type Steps = ReturnType<typeof steps>;
/** Each step by its name, run on a session with no sign-in under way. */
const byName: Record<string, (s: Steps, session: Awaited<ReturnType<typeof sessions.sessionStorage.getSession>>) => Promise<FlowResult>> = {
  "sign-in": (s, session) => s.signInStep(request(), session, { username: "", password: "", captcha: null, redirectTo: "/" }),
  switch: (s, session) => s.switchStep(request(), session, "a-switch-token"),
  "change-password": (s, session) => s.changePasswordStep(session, { password: "Harbour-Light-2031", confirm: "Harbour-Light-2031", agreed: true }),
  "choose-account": (s, session) => s.chooseAccountStep(session, "an-account"),
  cancel: (s, session) => s.cancelStep(session),
  "second-step": (s, session) => s.secondStepCode(request(), session, { code: "123456", recovery: false }),
  "second-step-resend": (s, session) => s.resendCodeStep(request(), session),
  "second-step-continue": (s, session) => s.continueStep(session),
  "passkey-options": (s, session) => s.passkeyOptionsStep(session),
  passkey: (s, session) => s.passkeyStep(request(), session, answer),
  "passkey-cancelled": (s, session) => s.passkeyCancelledStep(request(), session, "cancelled"),
  "passkey-email": (s, session) => s.passkeyEmailStep(request(), session),
  "passkey-recovery-remove": (s, session) => s.passkeyRecoveryRemoveStep(request(), session),
};

describe("the sign-in steps' metric", () => {
  it("names every step the login machine posts", () => {
    for (const name of Object.keys(signInSteps.steps)) expect(byName).toHaveProperty([name]);
  });

  it.each(Object.keys(byName))("counts the %s step's outcome under its own name, once", async (name) => {
    const s = steps();
    const others = Object.keys(byName).filter((n) => n !== name);
    const before = await observability().signIns.get();
    const result = await byName[name](s, await sessions.sessionStorage.getSession(null));
    expect(await counted(name, result.outcome.kind)).toBe((before.values.find((v) => v.labels.step === name && v.labels.outcome === result.outcome.kind)?.value ?? 0) + 1);
    // No other step's count moved.
    const after = await observability().signIns.get();
    const of = (values: typeof after.values) => values.filter((v) => others.includes(String(v.labels.step))).reduce((sum, v) => sum + v.value, 0);
    expect(of(after.values)).toBe(of(before.values));
  });
});
