import { createHash, randomInt } from "node:crypto";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { secondStepTexts } from "~/lib/texts/second-step";
import { normaliseCode, recoveryCodesStay } from "~/lib/second-step";
import type { AccessAction } from "~/lib/access-kinds";
import { recordAccess } from "../access-entries.server";
import { sendMail as portalSendMail, type SendMail } from "./mail.server";
import { observability } from "../observability.server";
import { portalStore, storeQueries, type PortalDb, type PortalStore, type StoreOperation } from "../portal-store.server";
import { passkeys, secondStepCodes, secondSteps } from "../portal-store/schema";
import { anonymousSessionId } from "../opaque-names.server";
import { stateStore } from "../state.server";
import { AttemptThrottle } from "./throttle.server";

/**
 * The second step at sign-in (issue 31): a six-digit code e-mailed after the practice accepted the password, or
 * one of ten recovery codes; kept only as hashes, used once, and never logged, counted or recorded (decisions/277).
 */

/** How long an e-mailed code works. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes an account holder may enter in 15 minutes (and a client address, for every account) before a pause. */
export const SECOND_STEP_LIMITS = { perAccount: 5, perAddress: 50 } as const;

/** A six-digit code, every value equally likely (randomInt draws without modulo bias). */
export function newEmailCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

// No 0/O, 1/I/L: a code read from paper is typed back without guessing.
const RECOVERY_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** Ten codes of ten characters (about 49 bits each), written in two groups of five: "7KQ2M-X9PDA". */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}


/**
 * What an e-mailed code is for (issue 51): signing in, confirming a change to sign-in security, or
 * turning the e-mailed code on. Each works only for its own purpose.
 */
export type EmailPurpose = "sign-in" | "confirm" | "turn-on";

/**
 * A code's hash, bound to its holder and kind (a recovery code, or an e-mailed code's purpose): the same
 * code of another account, an e-mailed code typed as a recovery code, or a code e-mailed to confirm a
 * change typed at sign-in has another hash and is never found.
 */
export function hashCode(holderKey: string, kind: "recovery" | EmailPurpose, code: string): string {
  return createHash("sha256").update(`second-step\n${kind}\n${holderKey}\n${normaliseCode(code)}`).digest("base64url");
}

/** The portal's store could not be asked: the sign-in or the profile says so plainly, and nothing is let through. */
export class SecondStepUnavailable extends Error {
  constructor() {
    super("The second step could not be checked");
    this.name = "SecondStepUnavailable";
  }
}

/** What an e-mailed code was found to be. */
export type CodeVerdict = "accepted" | "wrong" | "expired";

export interface SecondStepStatus {
  on: boolean;
  recoveryCodesLeft: number;
}

/**
 * A holder's second steps within one transaction (decisions/321): the e-mailed code, passkeys and
 * recovery codes change together, so whichever change decides about the recovery codes (the first
 * passkey, the last one removed, the e-mailed code off) holds the holder's lock until it commits. Two
 * processes adding a first passkey at once then cannot both make codes, nor one remove them under the other.
 */
export const holdersSecondSteps = {
  async lock(tx: PortalDb, holderKey: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`second-step:${holderKey}`}, 0))`);
  },
  async emailOn(tx: PortalDb, holderKey: string): Promise<boolean> {
    const [row] = await tx.select({ holderKey: secondSteps.holderKey }).from(secondSteps).where(eq(secondSteps.holderKey, holderKey));
    return row !== undefined;
  },
  async passkeys(tx: PortalDb, holderKey: string): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.holderKey, holderKey));
    return Number(row?.n ?? 0);
  },
  /**
   * Whether the e-mailed code is on, beside the count of unused recovery codes: one statement, where it
   * was two (decisions/362). Every sign-in and every view of the profile asks, and in the embedded store
   * each statement is parsed, planned and run in its WebAssembly PostgreSQL.
   */
  async status(tx: PortalDb, holderKey: string): Promise<SecondStepStatus> {
    const [row] = await tx
      .select({ on: sql<boolean>`exists (select 1 from ${secondSteps} where ${secondSteps.holderKey} = ${holderKey})`, left: count() })
      .from(secondStepCodes)
      .where(and(eq(secondStepCodes.holderKey, holderKey), eq(secondStepCodes.kind, "recovery"), isNull(secondStepCodes.usedAt)));
    return { on: row?.on === true, recoveryCodesLeft: Number(row?.left ?? 0) };
  },
  /** Ten new codes in place of any earlier ones (used or not); stored hashed, returned once to be shown once. */
  async replaceRecoveryCodes(tx: PortalDb, holderKey: string, now: Date): Promise<string[]> {
    const codes = newRecoveryCodes();
    await tx.delete(secondStepCodes).where(and(eq(secondStepCodes.holderKey, holderKey), eq(secondStepCodes.kind, "recovery")));
    await tx.insert(secondStepCodes).values(codes.map((code) => ({ holderKey, kind: "recovery" as const, codeHash: hashCode(holderKey, "recovery", code), createdAt: now })));
    return codes;
  },
  /** After a second step was taken away: the recovery codes go unless another second step remains. True when they went. */
  async dropRecoveryCodesIfAlone(tx: PortalDb, holderKey: string): Promise<boolean> {
    const after = { emailOn: await holdersSecondSteps.emailOn(tx, holderKey), passkeys: await holdersSecondSteps.passkeys(tx, holderKey) };
    if (recoveryCodesStay(after)) return false;
    await tx.delete(secondStepCodes).where(and(eq(secondStepCodes.holderKey, holderKey), eq(secondStepCodes.kind, "recovery")));
    return true;
  },
};

/** The store's side of second steps, for one store (tests give theirs; the app uses the process's). */
export function secondStepStore(opened: () => PortalStore | undefined = portalStore) {
  const run = storeQueries<Extract<StoreOperation, `second-step.${string}`>>(opened, () => new SecondStepUnavailable());
  const store = () => ({ run });

  async function status(holderKey: string): Promise<SecondStepStatus> {
    return store().run("second-step.read", (db) => holdersSecondSteps.status(db, holderKey));
  }

  /**
   * A new e-mailed code for the holder, for one purpose; the earlier one of that purpose stops working
   * (only the latest e-mail counts), those of other purposes stay (issue 51).
   */
  async function issueEmailCode(holderKey: string, purpose: EmailPurpose, now = new Date()): Promise<string> {
    const code = newEmailCode();
    await store().run("second-step.write", (db) =>
      db.transaction(async (tx) => {
        await tx.delete(secondStepCodes).where(and(eq(secondStepCodes.holderKey, holderKey), eq(secondStepCodes.kind, "email"), eq(secondStepCodes.purpose, purpose)));
        await tx.insert(secondStepCodes).values({ holderKey, kind: "email", purpose, codeHash: hashCode(holderKey, purpose, code), createdAt: now, expiresAt: new Date(now.getTime() + CODE_TTL_MS) });
      }),
    );
    return code;
  }

  /** Uses the holder's e-mailed code of this purpose if this is it and it has not expired: once only. */
  async function useEmailCode(holderKey: string, purpose: EmailPurpose, typed: string, now = new Date()): Promise<CodeVerdict> {
    const codeHash = hashCode(holderKey, purpose, typed);
    return store().run("second-step.write", async (db) => {
      const [found] = await db
        .select({ id: secondStepCodes.id, expiresAt: secondStepCodes.expiresAt })
        .from(secondStepCodes)
        .where(and(eq(secondStepCodes.holderKey, holderKey), eq(secondStepCodes.kind, "email"), eq(secondStepCodes.purpose, purpose), eq(secondStepCodes.codeHash, codeHash), isNull(secondStepCodes.usedAt)));
      if (!found) return "wrong";
      if (!found.expiresAt || found.expiresAt.getTime() <= now.getTime()) return "expired";
      const used = await db
        .update(secondStepCodes)
        .set({ usedAt: now })
        .where(and(eq(secondStepCodes.id, found.id), isNull(secondStepCodes.usedAt)))
        .returning({ id: secondStepCodes.id });
      return used.length === 1 ? "accepted" : "wrong";
    });
  }

  /** Uses one of the holder's recovery codes: true once per code. */
  async function useRecoveryCode(holderKey: string, typed: string, now = new Date()): Promise<boolean> {
    const codeHash = hashCode(holderKey, "recovery", typed);
    const used = await store().run("second-step.write", (db) =>
      db
        .update(secondStepCodes)
        .set({ usedAt: now })
        .where(and(eq(secondStepCodes.holderKey, holderKey), eq(secondStepCodes.kind, "recovery"), eq(secondStepCodes.codeHash, codeHash), isNull(secondStepCodes.usedAt)))
        .returning({ id: secondStepCodes.id }),
    );
    return used.length === 1;
  }

  /** Ten new recovery codes; the earlier ones stop working. The codes are returned once, to be shown once. */
  async function replaceRecoveryCodes(holderKey: string, now = new Date()): Promise<string[]> {
    return store().run("second-step.write", (db) =>
      db.transaction(async (tx) => {
        await holdersSecondSteps.lock(tx, holderKey);
        return holdersSecondSteps.replaceRecoveryCodes(tx, holderKey, now);
      }),
    );
  }

  /** Turns the e-mailed code on (the caller has just checked one) and answers the first recovery codes. */
  async function turnOn(holderKey: string, now = new Date()): Promise<string[]> {
    await store().run("second-step.write", (db) => db.insert(secondSteps).values({ holderKey, method: "email", turnedOnAt: now }).onConflictDoNothing());
    return replaceRecoveryCodes(holderKey, now);
  }

  /**
   * Turns the e-mailed code off; its codes go with it, and the recovery codes too unless a passkey
   * remains (decisions/321: they are then the passkeys' way back). Answers whether the recovery codes stay.
   */
  async function turnOff(holderKey: string): Promise<{ recoveryCodesKept: boolean }> {
    return store().run("second-step.write", (db) =>
      db.transaction(async (tx) => {
        await holdersSecondSteps.lock(tx, holderKey);
        await tx.delete(secondStepCodes).where(and(eq(secondStepCodes.holderKey, holderKey), eq(secondStepCodes.kind, "email")));
        await tx.delete(secondSteps).where(eq(secondSteps.holderKey, holderKey));
        return { recoveryCodesKept: !(await holdersSecondSteps.dropRecoveryCodesIfAlone(tx, holderKey)) };
      }),
    );
  }

  return { status, issueEmailCode, useEmailCode, useRecoveryCode, replaceRecoveryCodes, turnOn, turnOff };
}

export type SecondStepStore = ReturnType<typeof secondStepStore>;

/** Wrong codes counted per account holder and per client address, as wrong passwords are (decisions/051). */
export function secondStepThrottle(store = stateStore) {
  return new AttemptThrottle(SECOND_STEP_LIMITS, store, "second-step:");
}

/** "j•••@example.com": enough for the holder to know which inbox, not the whole address on screen. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return secondStepTexts.yourAddress;
  return `${address[0]}•••${address.slice(at)}`;
}

/** A sign-in event on the holder's own access record (area sign-in): the second step turned on or off, codes, passkeys; never a code, a passkey's name or its credential. */
export function recordSignInEvent(
  who: { apiBase: string; holderId: string; holderKey: string; sessionId: string },
  request: Request,
  action: Extract<AccessAction, "second-step-on" | "second-step-off" | "recovery-codes-made" | "recovery-code-used" | "second-step-failed" | "passkey-added" | "passkey-renamed" | "passkey-removed" | "passkey-used" | "passkey-refused" | "password-check-failed" | "passkey-recovery">,
): void {
  try {
    recordAccess({
      practice: who.apiBase,
      patientId: who.holderId,
      holderKey: who.holderKey,
      proxyName: null,
      area: "sign-in",
      action,
      userAgent: request.headers.get("User-Agent"),
      sessionId: anonymousSessionId(who.sessionId),
    });
  } catch {
    // Recording never fails a sign-in; recordAccess itself logs and counts what it loses.
  }
}

/** Whose count a code joins: at sign-in the holder's and the address's; from a signed-in session that session's and the holder's changes', so a thief never pauses the owner's sign-in (decisions/365). */
export interface CodeBudget {
  claim(): Promise<boolean>;
  /** A claimed attempt that turned out not to count (the store could not say). */
  release(): Promise<void>;
  /** Right at last: the count starts again. */
  succeeded(): Promise<void>;
  /** The words when no more codes may be sent on it, where they are not `tooManySends`. */
  spent?: string;
}

/**
 * The sign-in's budget: counted per holder and per client address. `device`, a browser the holder has
 * completed a sign-in on (decisions/393), counts apart from the holder's other browsers, which share one.
 */
export function signInBudget(throttle: AttemptThrottle, holderKey: string, address: string, device?: string): CodeBudget {
  const account = device === undefined ? holderKey : `${holderKey}:device:${createHash("sha256").update(`device\n${device}`).digest("base64url")}`;
  return {
    claim: async () => (await throttle.claim(account, address)).allowed,
    release: () => throttle.release(account, address),
    succeeded: () => throttle.succeeded(account, address),
  };
}

/** A signed-in session's budget: counted per session (named without its id) and per holder's changes. */
export function sessionBudget(throttle: AttemptThrottle, sessionId: string, holderKey: string): CodeBudget {
  const session = `session:${anonymousSessionId(sessionId)}`;
  const holder = `holder:${holderKey}`;
  return {
    claim: async () => (await throttle.claim(session, holder)).allowed,
    release: () => throttle.release(session, holder),
    succeeded: () => throttle.succeeded(session, holder),
  };
}

/**
 * Sign-in codes e-mailed in 15 minutes: to one holder's browsers they have not completed a sign-in on,
 * together (and to each browser they have, apart: decisions/393); and from one client address.
 */
export const SIGN_IN_SEND_LIMITS = { perAccount: 5, perAddress: 100 } as const;

/** Codes a signed-in session may ask for, or get wrong, in 15 minutes; and all of one holder's sessions together. */
export const SESSION_CODE_LIMITS = { perAccount: 5, perAddress: 10 } as const;

export interface CodeSender {
  store: SecondStepStore;
  sendMail: SendMail | null;
}

/** What an e-mailed code is for: its purpose, and the mail that carries it. */
export interface CodeMail {
  purpose: EmailPurpose;
  subject: string;
  body(code: string): string;
}

export const signInCodeMail: CodeMail = { purpose: "sign-in", subject: secondStepTexts.mailSubject, body: secondStepTexts.mailBody };

/**
 * E-mails the holder a new code for one purpose (the earlier one of that purpose stops working), once
 * the budget allows another. Answers the words of a failure (too many sent, no mail server, the store
 * away), or null once sent. The mail server's own words can quote the message, so only that it failed is logged.
 */
export async function sendSecondStepCode(sender: CodeSender, budget: CodeBudget, holderKey: string, to: string, mail: CodeMail): Promise<string | null> {
  if (!sender.sendMail) return secondStepTexts.cannotSend;
  if (!(await budget.claim())) return budget.spent ?? secondStepTexts.tooManySends;
  try {
    const code = await sender.store.issueEmailCode(holderKey, mail.purpose);
    await sender.sendMail({ to, subject: mail.subject, text: mail.body(code) });
    return null;
  } catch (error) {
    if (error instanceof SecondStepUnavailable) return secondStepTexts.unavailable;
    observability().logger.error({ kind: "mail", error: error instanceof Error ? error.name : "unknown" }, "second-step code not sent");
    return secondStepTexts.cannotSend;
  }
}

/**
 * The portal's own: its store, its counters in the state store, its mail. The sign-in's counts
 * (`attempts`, `sends`) and a signed-in session's (`sessionAttempts`, `sessionSends`) never meet (issue 51).
 */
export const portalSecondStep = {
  store: secondStepStore(),
  attempts: secondStepThrottle(),
  sends: new AttemptThrottle(SIGN_IN_SEND_LIMITS, stateStore, "second-step-send:"),
  sessionAttempts: new AttemptThrottle(SESSION_CODE_LIMITS, stateStore, "change-code:"),
  sessionSends: new AttemptThrottle(SESSION_CODE_LIMITS, stateStore, "change-send:"),
  sendMail: portalSendMail,
};
