import { afterEach, describe, expect, it, vi } from "vitest";
import { anonymousSessionId } from "~/.server/opaque-names.server";
import { observability } from "~/.server/observability.server";
import { sharePortalStore, unsharePortalStore, type PortalStore } from "~/.server/portal-store.server";
import {
  recordSignInEvent,
  SecondStepUnavailable,
  sendSecondStepCode,
  SESSION_CODE_LIMITS,
  SIGN_IN_SEND_LIMITS,
  sessionBudget,
  signInBudget,
  signInCodeMail,
  type CodeBudget,
  type SecondStepStore,
} from "~/.server/sign-in-security/second-step.server";
import { AttemptThrottle } from "~/.server/sign-in-security/throttle.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import { secondStepTexts } from "~/lib/texts/second-step";

/**
 * The second step's codes on their way out (decisions/277, issue 51): a code is e-mailed only while its
 * budget allows, each failure is told in words, the sign-in's and a signed-in session's budgets never
 * meet, and what happens is put on the holder's access record. The store and the mail are the test's.
 */

const HOLDER = "holdersentaaaaaaaaaaaa1";

function sender(issue: (holderKey: string, purpose: string) => Promise<string> = async () => "123456") {
  const mails: { to: string; subject: string; text: string }[] = [];
  const issued: string[] = [];
  const store = {
    issueEmailCode: async (holderKey: string, purpose: string) => (issued.push(`${holderKey}:${purpose}`), issue(holderKey, purpose)),
  } as unknown as SecondStepStore;
  return { sender: { store, sendMail: async (mail: { to: string; subject: string; text: string }) => void mails.push(mail) }, mails, issued, store };
}

function countingBudget(allowed: boolean): CodeBudget & { claims: number } {
  const budget = {
    claims: 0,
    claim: async () => (budget.claims++, allowed),
    release: async () => undefined,
    succeeded: async () => undefined,
  };
  return budget;
}

describe("sending a code", () => {
  it("e-mails a new code of the mail's purpose to the address, and answers null", async () => {
    const { sender: s, mails, issued } = sender(async () => "042317");
    expect(await sendSecondStepCode(s, countingBudget(true), HOLDER, "jane@example.com", signInCodeMail)).toBeNull();
    expect(issued).toEqual([`${HOLDER}:sign-in`]);
    expect(mails).toEqual([{ to: "jane@example.com", subject: secondStepTexts.mailSubject, text: secondStepTexts.mailBody("042317") }]);
  });

  it("with no mail server, says it cannot send, and neither spends the budget nor makes a code", async () => {
    const { sender: s, issued } = sender();
    const budget = countingBudget(true);
    expect(await sendSecondStepCode({ ...s, sendMail: null }, budget, HOLDER, "jane@example.com", signInCodeMail)).toBe(secondStepTexts.cannotSend);
    expect(budget.claims).toBe(0);
    expect(issued).toEqual([]);
  });

  it("past the budget, says too many were sent (in the budget's own words where it has some), and makes no code", async () => {
    const { sender: s, issued, mails } = sender();
    expect(await sendSecondStepCode(s, countingBudget(false), HOLDER, "jane@example.com", signInCodeMail)).toBe(secondStepTexts.tooManySends);
    expect(await sendSecondStepCode(s, { ...countingBudget(false), spent: secondStepTexts.tooManySendsNewBrowser }, HOLDER, "jane@example.com", signInCodeMail)).toBe(secondStepTexts.tooManySendsNewBrowser);
    expect(issued).toEqual([]);
    expect(mails).toEqual([]);
  });

  it("the store away is told as such; a mail that fails as cannot send, logged without the mail server's words", async () => {
    const away = sender(async () => {
      throw new SecondStepUnavailable();
    });
    expect(await sendSecondStepCode(away.sender, countingBudget(true), HOLDER, "jane@example.com", signInCodeMail)).toBe(secondStepTexts.unavailable);
    const logged = vi.spyOn(observability().logger, "error").mockImplementation(() => undefined);
    const failing = sender();
    const refusing = { ...failing.sender, sendMail: async () => Promise.reject(Object.assign(new Error("550 jane@example.com: 123456 refused"), { name: "SMTPError" })) };
    expect(await sendSecondStepCode(refusing, countingBudget(true), HOLDER, "jane@example.com", signInCodeMail)).toBe(secondStepTexts.cannotSend);
    expect(logged).toHaveBeenCalledWith({ kind: "mail", error: "SMTPError" }, "second-step code not sent");
    await sendSecondStepCode({ ...failing.sender, sendMail: async () => Promise.reject("not an error") }, countingBudget(true), HOLDER, "jane@example.com", signInCodeMail);
    expect(logged).toHaveBeenLastCalledWith({ kind: "mail", error: "unknown" }, "second-step code not sent");
  });
});

describe("whose count a code joins", () => {
  it("at sign-in, the holder's and the address's: a right code starts the holder's count again, a code the store could not check is taken back", async () => {
    const throttle = new AttemptThrottle({ perAccount: 2, perAddress: 3 }, new MemoryStateStore(), "second-step:");
    const budget = signInBudget(throttle, HOLDER, "198.51.100.7");
    expect(await budget.claim()).toBe(true);
    await budget.release();
    expect(await budget.claim()).toBe(true);
    expect(await budget.claim()).toBe(true);
    expect(await budget.claim()).toBe(false);
    await budget.succeeded();
    expect(await budget.claim()).toBe(true);
    // The address keeps its two: one more attempt from it, for any holder, then it is paused.
    expect(await signInBudget(throttle, "holderotheraaaaaaaaaaa2", "198.51.100.7").claim()).toBe(true);
    expect(await signInBudget(throttle, "holderthirdaaaaaaaaaaa3", "198.51.100.7").claim()).toBe(false);
    // The holder's count follows them to another address.
    expect(await signInBudget(throttle, HOLDER, "198.51.100.8").claim()).toBe(true);
    expect(await signInBudget(throttle, HOLDER, "198.51.100.9").claim()).toBe(false);
  });

  it("at sign-in, a browser the holder has signed in on counts apart: the new browsers' count spent by a thief leaves it, and each such browser has its own (decisions/393)", async () => {
    const throttle = new AttemptThrottle(SIGN_IN_SEND_LIMITS, new MemoryStateStore(), "second-step-send:");
    for (let i = 0; i < SIGN_IN_SEND_LIMITS.perAccount; i++) expect(await signInBudget(throttle, HOLDER, `198.51.100.${i}`).claim()).toBe(true);
    expect(await signInBudget(throttle, HOLDER, "198.51.100.99").claim()).toBe(false);
    const owners = signInBudget(throttle, HOLDER, "192.0.2.7", "the-owners-device-id");
    for (let i = 0; i < SIGN_IN_SEND_LIMITS.perAccount; i++) expect(await owners.claim()).toBe(true);
    expect(await owners.claim()).toBe(false);
    expect(await signInBudget(throttle, HOLDER, "192.0.2.8", "another-device-of-theirs").claim()).toBe(true);
    // A device's count is its holder's: the same browser for another holder starts at nothing.
    expect(await signInBudget(throttle, "holderotheraaaaaaaaaaa2", "192.0.2.7", "the-owners-device-id").claim()).toBe(true);
  });

  it("from a signed-in session, that session's and the holder's changes': a thief pauses only itself, never the sign-in", async () => {
    const store = new MemoryStateStore();
    const sessionThrottle = new AttemptThrottle(SESSION_CODE_LIMITS, store, "change-code:");
    const stolen = sessionBudget(sessionThrottle, "the-stolen-session", HOLDER);
    for (let i = 0; i < SESSION_CODE_LIMITS.perAccount; i++) expect(await stolen.claim()).toBe(true);
    expect(await stolen.claim()).toBe(false);
    // The owner's own session has its own count (the holder's changes still allow five more) and their sign-in is untouched.
    const owners = sessionBudget(sessionThrottle, "the-owners-session", HOLDER);
    expect(await owners.claim()).toBe(true);
    await owners.release();
    expect(await signInBudget(new AttemptThrottle({ perAccount: 1, perAddress: 1 }, store, "second-step:"), HOLDER, "198.51.100.7").claim()).toBe(true);
    // Right at last: the stolen session's count starts again.
    await stolen.succeeded();
    expect(await stolen.claim()).toBe(true);
  });

  it("all of one holder's sessions together stop at the holder's limit", async () => {
    const throttle = new AttemptThrottle(SESSION_CODE_LIMITS, new MemoryStateStore(), "change-code:");
    let allowed = 0;
    for (let session = 0; session < 4; session++) {
      for (let i = 0; i < SESSION_CODE_LIMITS.perAccount; i++) if (await sessionBudget(throttle, `session-${session}`, HOLDER).claim()) allowed++;
    }
    expect(allowed).toBe(SESSION_CODE_LIMITS.perAddress);
    // Another holder's sessions are not held by it.
    expect(await sessionBudget(throttle, "session-9", "holderotheraaaaaaaaaaa2").claim()).toBe(true);
  });
});

describe("what goes on the holder's access record", () => {
  let shared: PortalStore | undefined;
  afterEach(() => shared && unsharePortalStore(shared));
  /** The process's store, as far as the access record uses it. */
  const share = (insertLater: (operation: string, table: unknown, row: Record<string, unknown>) => void) => {
    shared = { insertLater, close: async () => undefined } as unknown as PortalStore;
    sharePortalStore(shared);
  };

  it("the event, in the sign-in area, with the browser and the session named without its id; never a code", () => {
    const rows: Record<string, unknown>[] = [];
    share((_operation, _table, row) => void rows.push(row));
    const who = { apiBase: "http://practice.test/api/", holderId: "1001", holderKey: HOLDER, sessionId: "the-session-id" };
    recordSignInEvent(who, new Request("http://portal.test/profile", { headers: { "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36" } }), "second-step-failed");
    expect(rows).toEqual([
      expect.objectContaining({ patientId: "1001", holderKey: HOLDER, proxyName: null, area: "sign-in", action: "second-step-failed", device: "Chrome on Windows", sessionId: anonymousSessionId("the-session-id") }),
    ]);
  });

  it("a record that cannot be written never fails the sign-in", () => {
    share(() => {
      throw new Error("store gone");
    });
    const who = { apiBase: "http://practice.test/api/", holderId: "1001", holderKey: HOLDER, sessionId: "the-session-id" };
    expect(() => recordSignInEvent(who, new Request("http://portal.test/profile"), "passkey-used")).not.toThrow();
  });
});
