import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import { waitForState } from "../helpers/wait-for-state";
import { loginMachine, type CodeRequest, type FlowOutcome } from "~/areas/sign-in/login.machine";
import { loadConfig } from "~/.server/config.server";
import { challengeOf, relyingPartyOf } from "~/.server/sign-in-security/passkeys.server";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { secondStepTexts } from "~/lib/texts/second-step";
import { ceremonyFailure, normalisePasskeyName, passkeyNameProblem } from "~/lib/passkeys";
import { signInTexts } from "~/areas/sign-in/texts";
import { PASSKEY_UNDO_DAYS, passkeyUndoable } from "~/lib/second-step";

/** Passkeys' rules (decisions/300): names, the browser's failures, the relying party, the login machine's passkey state. */

describe("a passkey's name", () => {
  it("is trimmed with inner spaces made one; empty, over 60 characters, or with < > or control characters is refused in words", () => {
    expect(normalisePasskeyName("  My \t  phone ")).toBe("My phone");
    expect(passkeyNameProblem("  ")).toBe(passkeyTexts.nameMissing);
    expect(passkeyNameProblem("a".repeat(61))).toBe(passkeyTexts.nameTooLong);
    expect(passkeyNameProblem("a".repeat(60))).toBeNull();
    expect(passkeyNameProblem("<script>")).toBe(passkeyTexts.nameBadCharacters);
    expect(passkeyNameProblem("Phone\u0007")).toBe(passkeyTexts.nameBadCharacters);
    expect(passkeyNameProblem("Tāne's iPhone (work) – 2")).toBeNull();
  });
});

describe("the browser's ceremony failing", () => {
  const named = (name: string, message = "") => Object.assign(new Error(message), { name });
  it("tells a cancelled or timed-out prompt, a browser without WebAuthn, an authenticator that already holds one, and anything else apart", () => {
    expect(ceremonyFailure(named("NotAllowedError"))).toBe("cancelled");
    expect(ceremonyFailure(named("AbortError"))).toBe("cancelled");
    expect(ceremonyFailure(named("NotSupportedError"))).toBe("unsupported");
    expect(ceremonyFailure(named("Error", "Browser does not support WebAuthn"))).toBe("unsupported");
    expect(ceremonyFailure(named("InvalidStateError"))).toBe("exists");
    expect(ceremonyFailure(named("SecurityError"))).toBe("failed");
    expect(ceremonyFailure("not an error")).toBe("failed");
  });
});

describe("the relying party", () => {
  it("comes from PORTAL_ORIGIN alone: its host name and origin; none configured, none at all", () => {
    expect(relyingPartyOf("https://portal.example.nz/")).toEqual({ id: "portal.example.nz", origin: "https://portal.example.nz", name: "Patient Portal" });
    expect(relyingPartyOf(undefined)).toBeNull();
  });

  it("PORTAL_ORIGIN must be an origin alone, https, or http for localhost only", () => {
    expect(loadConfig({ PORTAL_ORIGIN: "https://portal.example.nz" }).PORTAL_ORIGIN).toBe("https://portal.example.nz");
    expect(loadConfig({ PORTAL_ORIGIN: "http://localhost:3000" }).PORTAL_ORIGIN).toBe("http://localhost:3000");
    expect(loadConfig({ PORTAL_ORIGIN: "" }).PORTAL_ORIGIN).toBeUndefined();
    for (const bad of ["http://portal.example.nz", "https://portal.example.nz/login", "portal.example.nz", "http://127.0.0.1:3000"]) {
      expect(() => loadConfig({ PORTAL_ORIGIN: bad }), bad).toThrow(/PORTAL_ORIGIN: must be the portal's origin alone/);
    }
  });

  it("an answer's challenge is read from its client data; anything unreadable is none", () => {
    const data = (value: unknown) => ({ response: { clientDataJSON: Buffer.from(JSON.stringify(value)).toString("base64url") } });
    expect(challengeOf(data({ type: "webauthn.get", challenge: "abcdefghijklmnopqrstuv" }))).toBe("abcdefghijklmnopqrstuv");
    expect(challengeOf(data({ challenge: "short" }))).toBeNull();
    expect(challengeOf(data({ challenge: "has spaces in it, not base64url" }))).toBeNull();
    expect(challengeOf({ response: { clientDataJSON: "!!!" } })).toBeNull();
    expect(challengeOf({})).toBeNull();
  });
});

/** The login machine with scripted actors: the passkey's dialog, its refusals, the other ways. */
function start(outcomes: { signIn: FlowOutcome; usePasskey?: FlowOutcome[]; passkeyEmail?: FlowOutcome[]; checkCode?: FlowOutcome[]; removeRecentPasskeys?: (FlowOutcome | Error)[] }) {
  const codes: CodeRequest[] = [];
  const take = (list: FlowOutcome[] | undefined) => {
    const next = list?.shift();
    if (!next) throw new Error("no scripted outcome");
    return next;
  };
  const machine = loginMachine.provide({
    actors: {
      signIn: fromPromise(async () => outcomes.signIn),
      usePasskey: fromPromise(async () => take(outcomes.usePasskey)),
      passkeyEmail: fromPromise(async () => take(outcomes.passkeyEmail)),
      checkCode: fromPromise(async ({ input }) => {
        codes.push(input);
        return take(outcomes.checkCode);
      }),
      removeRecentPasskeys: fromPromise(async () => {
        const next = outcomes.removeRecentPasskeys?.shift();
        if (next instanceof Error) throw next;
        return take(next ? [next] : undefined);
      }),
      cancelSignIn: fromPromise(async () => ({ kind: "cancelled" }) as FlowOutcome),
    },
  });
  const actor = createActor(machine, { input: {} }).start();
  actor.send({ type: "signIn.submit", username: "solo@demo.nz", password: "Kiaora2024", captcha: null });
  return { actor, codes };
}

describe("login machine: a passkey asked for", () => {
  it("waits for Use your passkey; a refusal is shown and the dialog stays; the next try signs in", async () => {
    const { actor } = start({
      signIn: { kind: "passkey", email: false, recovery: false },
      usePasskey: [{ kind: "refused", message: passkeyTexts.cancelled }, { kind: "signedIn", redirectTo: "/letters" }],
    });
    await waitForState(actor, (s) => s.matches({ passkey: "waiting" }));
    expect(actor.getSnapshot().context.passkey).toEqual({ email: false, recovery: false });
    actor.send({ type: "passkey.use" });
    await waitForState(actor, (s) => s.matches({ passkey: "waiting" }) && s.context.passkeyMessage !== null);
    expect(actor.getSnapshot().context.passkeyMessage).toBe(passkeyTexts.cancelled);
    actor.send({ type: "passkey.use" });
    await waitForState(actor, (s) => s.matches("signedIn"));
    expect(actor.getSnapshot().output).toEqual({ redirectTo: "/letters" });
  });

  it("a failure to reach the portal is told; the e-mailed code instead opens the code's dialog; a recovery code instead, recovery codes alone", async () => {
    const email = start({
      signIn: { kind: "passkey", email: true, recovery: true },
      usePasskey: [],
      passkeyEmail: [{ kind: "secondStep", to: "s•••@demo.nz", setup: false, resent: false }],
    });
    await waitForState(email.actor, (s) => s.matches({ passkey: "waiting" }));
    email.actor.send({ type: "passkey.use" });
    await waitForState(email.actor, (s) => s.matches({ passkey: "waiting" }) && s.context.passkeyMessage !== null);
    expect(email.actor.getSnapshot().context.passkeyMessage).toBe(signInTexts.networkFailure);
    email.actor.send({ type: "passkey.email" });
    await waitForState(email.actor, (s) => s.matches({ secondStep: "entering" }));
    expect(email.actor.getSnapshot().context.secondStep).toEqual({ to: "s•••@demo.nz", setup: false });

    const recovery = start({ signIn: { kind: "passkey", email: false, recovery: true }, checkCode: [{ kind: "refused", message: secondStepTexts.wrongRecoveryCode }] });
    await waitForState(recovery.actor, (s) => s.matches({ passkey: "waiting" }));
    recovery.actor.send({ type: "passkey.recovery" });
    await waitForState(recovery.actor, (s) => s.matches({ secondStep: "entering" }));
    expect(recovery.actor.getSnapshot().context.secondStep).toEqual({ to: "", setup: false, recoveryOnly: true });
    recovery.actor.send({ type: "code.submit", code: "ABCDE-FGHJK", recovery: true });
    await waitForState(recovery.actor, (s) => s.matches({ secondStep: "entering" }) && s.context.codeMessage !== null);
    expect(recovery.codes).toEqual([{ code: "ABCDE-FGHJK", recovery: true }]);
  });

  it("Cancel ends the half-finished sign-in and forgets the passkey's ask", async () => {
    const { actor } = start({ signIn: { kind: "passkey", email: false, recovery: false } });
    await waitForState(actor, (s) => s.matches({ passkey: "waiting" }));
    actor.send({ type: "passkey.cancel" });
    await waitForState(actor, (s) => s.matches("credentials"));
    expect(actor.getSnapshot().context.passkey).toBeNull();
  });
});

describe("login machine: a code e-mailed in place of a passkey (issue 51)", () => {
  const recent = [{ name: "Thief's laptop", added: "27-11-2026 at 9:02 am", from: "Chrome on Windows" }];

  it("lists the passkeys added recently; a failed removal is told and the dialog stays; the next removal signs in", async () => {
    const { actor } = start({
      signIn: { kind: "passkey", email: true, recovery: true },
      passkeyEmail: [{ kind: "secondStep", to: "s•••@demo.nz", setup: false, resent: false }],
      checkCode: [{ kind: "passkeyRecovery", passkeys: recent }],
      removeRecentPasskeys: [new Error("network down"), { kind: "failed", message: passkeyTexts.unavailable }, { kind: "signedIn", redirectTo: "/" }],
    });
    await waitForState(actor, (s) => s.matches({ passkey: "waiting" }));
    actor.send({ type: "passkey.email" });
    await waitForState(actor, (s) => s.matches({ secondStep: "entering" }));
    actor.send({ type: "code.submit", code: "123456", recovery: false });
    await waitForState(actor, (s) => s.matches({ recoveringPasskeys: "choosing" }));
    expect(actor.getSnapshot().context.recentPasskeys).toEqual(recent);
    actor.send({ type: "recovery.remove" });
    await waitForState(actor, (s) => s.matches({ recoveringPasskeys: "choosing" }) && s.context.recoveryMessage !== null);
    expect(actor.getSnapshot().context.recoveryMessage).toBe(signInTexts.networkFailure);
    actor.send({ type: "recovery.remove" });
    await waitForState(actor, (s) => s.matches({ recoveringPasskeys: "choosing" }) && s.context.recoveryMessage === passkeyTexts.unavailable);
    actor.send({ type: "recovery.remove" });
    await waitForState(actor, (s) => s.matches("signedIn"));
  });

  it("with an older passkey left, the passkey is asked for again; Keep them and cancel ends the sign-in", async () => {
    const again = start({
      signIn: { kind: "passkey", email: true, recovery: false },
      passkeyEmail: [{ kind: "secondStep", to: "s•••@demo.nz", setup: false, resent: false }],
      checkCode: [{ kind: "passkeyRecovery", passkeys: recent }],
      removeRecentPasskeys: [{ kind: "passkey", email: false, recovery: false }],
    });
    await waitForState(again.actor, (s) => s.matches({ passkey: "waiting" }));
    again.actor.send({ type: "passkey.email" });
    await waitForState(again.actor, (s) => s.matches({ secondStep: "entering" }));
    again.actor.send({ type: "code.submit", code: "123456", recovery: false });
    await waitForState(again.actor, (s) => s.matches({ recoveringPasskeys: "choosing" }));
    again.actor.send({ type: "recovery.remove" });
    await waitForState(again.actor, (s) => s.matches({ passkey: "waiting" }));
    expect(again.actor.getSnapshot().context.passkey).toEqual({ email: false, recovery: false });

    const kept = start({ signIn: { kind: "passkey", email: true, recovery: false }, passkeyEmail: [{ kind: "secondStep", to: "s•••@demo.nz", setup: false, resent: false }], checkCode: [{ kind: "passkeyRecovery", passkeys: recent }] });
    await waitForState(kept.actor, (s) => s.matches({ passkey: "waiting" }));
    kept.actor.send({ type: "passkey.email" });
    await waitForState(kept.actor, (s) => s.matches({ secondStep: "entering" }));
    kept.actor.send({ type: "code.submit", code: "123456", recovery: false });
    await waitForState(kept.actor, (s) => s.matches({ recoveringPasskeys: "choosing" }));
    kept.actor.send({ type: "recovery.cancel" });
    await waitForState(kept.actor, (s) => s.matches("credentials"));
    expect(kept.actor.getSnapshot().context.recentPasskeys).toEqual([]);
  });
});

describe("how long a new passkey can be undone from the sign-in address (decisions/365)", () => {
  it(`is ${PASSKEY_UNDO_DAYS} days, to the millisecond`, () => {
    const added = new Date("2026-11-20T09:00:00Z");
    const day = 24 * 60 * 60 * 1000;
    expect(passkeyUndoable(added, added)).toBe(true);
    expect(passkeyUndoable(added, new Date(added.getTime() + PASSKEY_UNDO_DAYS * day - 1))).toBe(true);
    expect(passkeyUndoable(added, new Date(added.getTime() + PASSKEY_UNDO_DAYS * day))).toBe(false);
  });
});
