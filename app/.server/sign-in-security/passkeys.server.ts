import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { normalisePasskeyName, passkeyNameProblem } from "~/lib/passkeys";
import { passkeyBringsRecoveryCodes } from "~/lib/second-step";
import { config } from "../config.server";
import { portalStore, storeQueries, type PortalStore, type StoreOperation } from "../portal-store.server";
import { healthCards, passkeys } from "../portal-store/schema";
import { stateStore } from "../state.server";
import type { StateStore } from "../state-store.server";
import { AttemptThrottle } from "./throttle.server";
import { holdersSecondSteps, secondStepThrottle } from "./second-step.server";

/**
 * @simplewebauthn/server, loaded at the first ceremony rather than at start-up: with the X.509 and ASN.1
 * libraries it brings, about half a second of CPU for every process start, most never asked for a passkey.
 */
const webauthn = () => import("@simplewebauthn/server");

/** Passkeys checked with @simplewebauthn/server, bound to PORTAL_ORIGIN, challenges taken once from the state store; nothing here logs a credential, challenge or name (decisions/300). */

/** How long the browser is given for its ceremony, and how long a challenge lives (a little longer). */
export const CEREMONY_TIMEOUT_MS = 2 * 60 * 1000;
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Passkeys one holder may keep: enough for every device of theirs, not a store to fill. */
export const PASSKEYS_PER_HOLDER = 20;

/** The portal's store could not be asked: the sign-in or the profile says so plainly, and nothing is let through. */
export class PasskeysUnavailable extends Error {
  constructor() {
    super("Passkeys could not be read");
    this.name = "PasskeysUnavailable";
  }
}

/** The WebAuthn relying party: the host name passkeys are bound to, and the origin answers must come from. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** The relying party of a configured origin; null when none is configured (passkeys are then off). */
export function relyingPartyOf(origin: string | undefined): RelyingParty | null {
  if (!origin) return null;
  const url = new URL(origin);
  return { id: url.hostname, origin: url.origin, name: "Patient Portal" };
}

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** The browser it was added from ("Chrome on Windows"); null for one added before that was kept. */
  addedFrom: string | null;
}

interface StoredPasskey {
  credentialId: string;
  holderKey: string;
  publicKey: string;
  counter: number;
  transports: string;
}

const TRANSPORTS: readonly AuthenticatorTransport[] = ["ble", "hybrid", "internal", "nfc", "usb"];
const transportsOf = (stored: string): AuthenticatorTransport[] => stored.split(",").filter((t): t is AuthenticatorTransport => (TRANSPORTS as readonly string[]).includes(t));

/** The store's side of passkeys, for one store (tests give theirs; the app uses the process's). */
export function passkeyStore(opened: () => PortalStore | undefined = portalStore) {
  const run = storeQueries<Extract<StoreOperation, `passkeys.${string}`>>(opened, () => new PasskeysUnavailable());

  /** The holder's passkeys, oldest first. */
  async function list(holderKey: string): Promise<PasskeyView[]> {
    return run("passkeys.read", (db) =>
      db
        .select({ id: passkeys.credentialId, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt, addedFrom: passkeys.addedFrom })
        .from(passkeys)
        .where(eq(passkeys.holderKey, holderKey))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.credentialId)),
    );
  }

  async function countOf(holderKey: string): Promise<number> {
    const [row] = await run("passkeys.read", (db) => db.select({ n: count() }).from(passkeys).where(eq(passkeys.holderKey, holderKey)));
    return Number(row?.n ?? 0);
  }

  /**
   * The holder's credentials as the browser's options name them: ids and transports, in one query.
   * `lockable`: only those that may derive a secret (PRF said yes, or was not asked), to lock a health card.
   */
  async function credentials(holderKey: string, { lockable = false } = {}): Promise<{ id: string; transports: AuthenticatorTransport[] }[]> {
    const rows = await run("passkeys.read", (db) =>
      db.select({ id: passkeys.credentialId, transports: passkeys.transports, prf: passkeys.prf }).from(passkeys).where(eq(passkeys.holderKey, holderKey)),
    );
    return rows.filter((row) => !lockable || row.prf !== false).map((row) => ({ id: row.id, transports: transportsOf(row.transports) }));
  }

  /** One credential by its id, whoever's it is: the caller compares the holder (another account's is refused by name). */
  async function find(credentialId: string): Promise<StoredPasskey | null> {
    const [row] = await run("passkeys.read", (db) =>
      db
        .select({ credentialId: passkeys.credentialId, holderKey: passkeys.holderKey, publicKey: passkeys.publicKey, counter: passkeys.counter, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.credentialId, credentialId)),
    );
    return row ?? null;
  }

  /**
   * Adds a checked credential. When it is the holder's first and they have no recovery codes left, ten
   * are made in the same transaction (decisions/321) and returned once, to be shown once: a passkey is
   * never saved with codes shown but not stored, nor the other way round. Not added when that
   * credential is already listed: `mine` says whether it is this holder's (another's is never named).
   */
  async function add(
    holderKey: string,
    credential: { credentialId: string; publicKey: string; counter: number; transports: string[]; name: string; addedFrom?: string | null; prf?: boolean | null },
    now = new Date(),
  ): Promise<{ added: false; mine: boolean } | { added: true; recoveryCodes: string[] | null }> {
    return run("passkeys.write", (db) =>
      db.transaction(async (tx) => {
        await holdersSecondSteps.lock(tx, holderKey);
        const added = await tx
          .insert(passkeys)
          .values({
            holderKey,
            credentialId: credential.credentialId,
            publicKey: credential.publicKey,
            counter: credential.counter,
            transports: credential.transports.filter((t) => /^[a-z-]{1,20}$/.test(t)).slice(0, 8).join(","),
            name: credential.name,
            createdAt: now,
            addedFrom: credential.addedFrom ?? null,
            prf: credential.prf ?? null,
          })
          .onConflictDoNothing()
          .returning({ id: passkeys.credentialId });
        if (added.length !== 1) {
          const [listed] = await tx.select({ holderKey: passkeys.holderKey }).from(passkeys).where(eq(passkeys.credentialId, credential.credentialId));
          return { added: false as const, mine: listed?.holderKey === holderKey };
        }
        const { on: emailOn, recoveryCodesLeft } = await holdersSecondSteps.status(tx, holderKey);
        const held = { emailOn, passkeys: await holdersSecondSteps.passkeys(tx, holderKey), recoveryCodesLeft };
        const recoveryCodes = passkeyBringsRecoveryCodes(held) ? await holdersSecondSteps.replaceRecoveryCodes(tx, holderKey, now) : null;
        return { added: true as const, recoveryCodes };
      }),
    );
  }

  /** Renames one of the holder's passkeys; false when it is not theirs (or gone). */
  async function rename(holderKey: string, credentialId: string, name: string): Promise<boolean> {
    const renamed = await run("passkeys.write", (db) =>
      db.update(passkeys).set({ name }).where(and(eq(passkeys.holderKey, holderKey), eq(passkeys.credentialId, credentialId))).returning({ id: passkeys.credentialId }),
    );
    return renamed.length === 1;
  }

  /**
   * Removes one of the holder's passkeys: its name when it was theirs, null otherwise. The last one
   * going while the e-mailed code is off leaves no second step, so the recovery codes go with it, in
   * the same transaction (decisions/321); `recoveryCodesRemoved` says so.
   */
  async function remove(holderKey: string, credentialId: string): Promise<{ name: string; recoveryCodesRemoved: boolean } | null> {
    return run("passkeys.write", (db) =>
      db.transaction(async (tx) => {
        await holdersSecondSteps.lock(tx, holderKey);
        const [gone] = await tx.delete(passkeys).where(and(eq(passkeys.holderKey, holderKey), eq(passkeys.credentialId, credentialId))).returning({ name: passkeys.name });
        if (!gone) return null;
        // The health cards it locks stand no more: each device wipes its copy when next online (decisions/405).
        await tx.delete(healthCards).where(and(eq(healthCards.holderKey, holderKey), eq(healthCards.credentialId, credentialId)));
        return { name: gone.name, recoveryCodesRemoved: await holdersSecondSteps.dropRecoveryCodesIfAlone(tx, holderKey) };
      }),
    );
  }

  /**
   * Removes several of the holder's passkeys at once (a sign-in's recovery, issue 51), in one
   * transaction with the recovery codes' rule (decisions/321): the names of those that went.
   */
  async function removeAll(holderKey: string, credentialIds: string[]): Promise<{ names: string[]; recoveryCodesRemoved: boolean }> {
    if (credentialIds.length === 0) return { names: [], recoveryCodesRemoved: false };
    return run("passkeys.write", (db) =>
      db.transaction(async (tx) => {
        await holdersSecondSteps.lock(tx, holderKey);
        const gone = await tx.delete(passkeys).where(and(eq(passkeys.holderKey, holderKey), inArray(passkeys.credentialId, credentialIds))).returning({ name: passkeys.name });
        if (gone.length === 0) return { names: [], recoveryCodesRemoved: false };
        await tx.delete(healthCards).where(and(eq(healthCards.holderKey, holderKey), inArray(healthCards.credentialId, credentialIds)));
        return { names: gone.map((g) => g.name), recoveryCodesRemoved: await holdersSecondSteps.dropRecoveryCodesIfAlone(tx, holderKey) };
      }),
    );
  }

  /**
   * Notes a sign-in with the passkey: its counter moves from `seen` to `next`, in one UPDATE that
   * finds the row only while the counter is still `seen`, so two answers racing with the same counter
   * cannot both pass. False when another got there first.
   */
  async function used(holderKey: string, credentialId: string, seen: number, next: number, now = new Date()): Promise<boolean> {
    const moved = await run("passkeys.write", (db) =>
      db
        .update(passkeys)
        .set({ counter: next, lastUsedAt: now })
        .where(and(eq(passkeys.holderKey, holderKey), eq(passkeys.credentialId, credentialId), eq(passkeys.counter, seen)))
        .returning({ id: passkeys.credentialId }),
    );
    return moved.length === 1;
  }

  return { list, count: countOf, credentials, find, add, rename, remove, removeAll, used };
}

export type PasskeyStore = ReturnType<typeof passkeyStore>;

/**
 * What a challenge was made for: whose ceremony, and which. A new passkey's is also bound to the
 * session that gave the proof for it (issue 51, named without its id): no other session can use it.
 */
export type ChallengeBinding = { holderKey: string; purpose: "sign-in" } | { holderKey: string; purpose: "register" | "card"; session: string };

/** What an assertion is asked for: signing in, or locking a health card for the session's holder (issue 71). */
export type AssertionCeremony = { purpose: "sign-in" } | { purpose: "card"; session: string };

/**
 * Challenges in the state store: one key per challenge, bound to the holder and the ceremony, taken
 * once by a compare-and-set (two processes racing with one answer: one wins), gone after CHALLENGE_TTL_MS.
 */
export function passkeyChallenges(store: StateStore = stateStore) {
  const key = (challenge: string) => `passkey-challenge:${challenge}`;
  return {
    async keep(challenge: string, binding: ChallengeBinding): Promise<void> {
      await store.set(key(challenge), JSON.stringify(binding), CHALLENGE_TTL_MS);
    },
    /** True once for a live challenge made for this holder and ceremony; false for any other, a used one or an expired one. */
    async take(challenge: string, binding: ChallengeBinding): Promise<boolean> {
      // The compare-and-set is the check: the binding must be the one stored, and is then no more.
      return store.compareAndSet(key(challenge), JSON.stringify(binding), "used", CHALLENGE_TTL_MS);
    },
  };
}

export type PasskeyChallenges = ReturnType<typeof passkeyChallenges>;

export interface Passkeys {
  store: PasskeyStore;
  challenges: PasskeyChallenges;
  /** Null when PORTAL_ORIGIN is unset: no passkey can be added or checked. */
  relyingParty: RelyingParty | null;
  /** Failed passkeys counted with wrong codes: the second step's own throttle (decisions/277). */
  attempts: AttemptThrottle;
}

/** The challenge an answer signed, read from its client data; null when it cannot be read. */
export function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | null {
  const encoded = response.response?.clientDataJSON;
  if (typeof encoded !== "string" || encoded.length > 4096) return null;
  try {
    // Any JSON value: `challenge` is read from an object alone (null answers none; a number or a string none either).
    const parsed = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) as { challenge?: unknown } | null;
    const challenge = parsed?.challenge;
    return typeof challenge === "string" && /^[A-Za-z0-9_-]{16,128}$/.test(challenge) ? challenge : null;
  } catch {
    return null;
  }
}

const b64url = (max: number) => z.string().regex(/^[A-Za-z0-9_-]*$/).max(max);

/**
 * A new passkey as @simplewebauthn/browser gives it, posted by the profile as JSON text: its shape
 * checked here, its content (attestation, challenge, origin, relying party) by @simplewebauthn/server.
 */
export const RegistrationAnswerSchema = z.object({
  id: b64url(1400).min(16),
  rawId: b64url(1400),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(8192),
    authenticatorData: b64url(8192).optional(),
    publicKey: b64url(4096).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    transports: z.array(z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"])).max(8).optional(),
  }),
  clientExtensionResults: z
    .object({
      appid: z.boolean().optional(),
      hmacCreateSecret: z.boolean().optional(),
      credProps: z.object({ rk: z.boolean().optional() }).optional(),
      // Whether the authenticator derives secrets (issue 71); any `results` are dropped here, unread.
      prf: z.object({ enabled: z.boolean().optional() }).optional(),
    })
    .default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

/** The posted text as a new passkey's answer, or null when it is not one. */
export function readRegistrationAnswer(text: string): RegistrationResponseJSON | null {
  if (text.length > 32_768) return null;
  try {
    const checked = RegistrationAnswerSchema.safeParse(JSON.parse(text));
    return checked.success ? checked.data : null;
  } catch {
    return null;
  }
}

/** The holder as the authenticator shows them: the sign-in address and their name; the user handle is the holder's key, no personal data. */
export interface PasskeyHolder {
  holderKey: string;
  userName: string;
  displayName: string;
}

/**
 * EdDSA, ES256 and RS256, on every Node: @simplewebauthn/server puts ML-DSA-44 first where the runtime's
 * WebCrypto has it (Node 24), and Chromium then makes a post-quantum key whose 2.4 KB signatures pass
 * neither the sign-in step's bounds nor a Node 20 process sharing the store (decisions/300).
 */
const PASSKEY_ALGORITHMS = [-8, -7, -257];

/**
 * Options for adding a passkey: the holder's existing ones excluded, so a device is not added twice.
 * The caller has checked the session's proof (issue 51); the challenge is bound to that session.
 */
export async function registrationOptions(deps: Passkeys, holder: PasskeyHolder, session: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = deps.relyingParty;
  if (!rp) throw new PasskeysUnavailable();
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: holder.userName || "patient",
    userDisplayName: holder.displayName,
    userID: new TextEncoder().encode(holder.holderKey),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: await deps.store.credentials(holder.holderKey),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    // Asks whether the authenticator can derive a secret: what may lock a health card (issue 71, decisions/405).
    extensions: { prf: {} },
  });
  await deps.challenges.keep(options.challenge, { holderKey: holder.holderKey, purpose: "register", session });
  return options;
}

/** Added: its name, and the recovery codes made with it (a first passkey; decisions/321), to be shown once, or null. */
export type AddVerdict = { ok: true; name: string; recoveryCodes: string[] | null } | { ok: false; message: string; status: number };

/**
 * Checks the browser's new credential against its challenge (made for this holder and this session) and
 * adds it under the holder's name for it, noting the browser it was added from.
 */
export async function addPasskey(
  deps: Passkeys,
  added: { holderKey: string; session: string; addedFrom: string | null },
  response: RegistrationResponseJSON,
  typedName: string,
  now = new Date(),
): Promise<AddVerdict> {
  const { holderKey, session } = added;
  const rp = deps.relyingParty;
  if (!rp) return { ok: false, message: passkeyTexts.noOrigin, status: 503 };
  const problem = passkeyNameProblem(typedName);
  if (problem) return { ok: false, message: problem, status: 400 };
  const name = normalisePasskeyName(typedName);
  const challenge = challengeOf(response);
  if (!challenge || !(await deps.challenges.take(challenge, { holderKey, purpose: "register", session }))) return { ok: false, message: passkeyTexts.replayed, status: 400 };
  if ((await deps.store.count(holderKey)) >= PASSKEYS_PER_HOLDER) return { ok: false, message: `You have ${PASSKEYS_PER_HOLDER} passkeys, the most one account can keep. Remove one first.`, status: 400 };
  const { verifyRegistrationResponse } = await webauthn();
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false, supportedAlgorithmIDs: PASSKEY_ALGORITHMS });
  } catch {
    return { ok: false, message: passkeyTexts.refused, status: 400 };
  }
  if (!verified.verified) return { ok: false, message: passkeyTexts.refused, status: 400 };
  const { credential } = verified.registrationInfo;
  const stored = await deps.store.add(
    holderKey,
    {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
      addedFrom: added.addedFrom,
      prf: response.clientExtensionResults.prf?.enabled ?? null,
    },
    now,
  );
  if (stored.added) return { ok: true, name, recoveryCodes: stored.recoveryCodes };
  // Another account's credential is refused in words that do not say whose it is (issue 51).
  return { ok: false, message: stored.mine ? passkeyTexts.alreadyAdded : passkeyTexts.cannotAdd, status: 409 };
}

/** The user handle a holder's passkeys carry (the holder's key as bytes: no personal data), as a browser returns it. */
export function userHandleOf(holderKey: string): string {
  return Buffer.from(holderKey).toString("base64url");
}

/**
 * Options for signing in, or for locking a health card (issue 71): only the holder's own passkeys are
 * offered to the browser, and for a card only those that may derive its key, with the person's check.
 */
export async function authenticationOptions(deps: Passkeys, holderKey: string, ceremony: AssertionCeremony = { purpose: "sign-in" }): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = deps.relyingParty;
  if (!rp) throw new PasskeysUnavailable();
  const { generateAuthenticationOptions } = await webauthn();
  const card = ceremony.purpose === "card";
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: card ? "required" : "preferred",
    allowCredentials: await deps.store.credentials(holderKey, { lockable: card }),
  });
  await deps.challenges.keep(options.challenge, { holderKey, ...ceremony });
  return options;
}

/** What a passkey's answer at sign-in was found to be. */
export type PasskeyVerdict = "accepted" | "not-this-account" | "replayed" | "refused";

/**
 * Checks an answer at sign-in: its challenge must be live and this holder's sign-in's (taken here,
 * so it works once), its credential one of this holder's, its signature good for the stored key, its
 * origin and relying party the portal's own, and its counter past the stored one (a copy of an old
 * answer, or a cloned authenticator, has not moved it). The counter moves in one conditional UPDATE.
 */
export async function checkPasskey(deps: Passkeys, holderKey: string, response: AuthenticationResponseJSON, now = new Date(), ceremony: AssertionCeremony = { purpose: "sign-in" }): Promise<PasskeyVerdict> {
  const rp = deps.relyingParty;
  if (!rp) throw new PasskeysUnavailable();
  const challenge = challengeOf(response);
  if (!challenge || !(await deps.challenges.take(challenge, { holderKey, ...ceremony }))) return "replayed";
  const stored = await deps.store.find(response.id);
  if (!stored) return "refused";
  if (stored.holderKey !== holderKey) return "not-this-account";
  // The user handle the authenticator keeps with the credential must be this holder's too (issue 51): a
  // credential found under one holder but speaking for another is not trusted.
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== userHandleOf(holderKey)) return "not-this-account";
  const { verifyAuthenticationResponse } = await webauthn();
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: stored.credentialId, publicKey: new Uint8Array(Buffer.from(stored.publicKey, "base64url")), counter: stored.counter, transports: transportsOf(stored.transports) },
      // A card is opened by the person, not by whoever holds the device: their check is required to lock it.
      requireUserVerification: ceremony.purpose === "card",
    });
    if (!verified.verified) return "refused";
    newCounter = verified.authenticationInfo.newCounter;
  } catch (error) {
    // The library's words for a counter that did not move past the stored one.
    return error instanceof Error && /counter/i.test(error.message) ? "replayed" : "refused";
  }
  return (await deps.store.used(holderKey, stored.credentialId, stored.counter, newCounter, now)) ? "accepted" : "replayed";
}

/** The words of a verdict other than "accepted". */
export function verdictMessage(verdict: Exclude<PasskeyVerdict, "accepted">): string {
  if (verdict === "not-this-account") return passkeyTexts.notThisAccount;
  if (verdict === "replayed") return passkeyTexts.replayed;
  return passkeyTexts.refused;
}

/** The portal's own: its store, challenges in its state store, its configured origin, the second step's throttle. */
export const portalPasskeys: Passkeys = {
  store: passkeyStore(),
  challenges: passkeyChallenges(),
  relyingParty: relyingPartyOf(config.PORTAL_ORIGIN),
  attempts: secondStepThrottle(),
};
