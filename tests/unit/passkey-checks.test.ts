import { describe, expect, it } from "vitest";
import {
  addPasskey,
  authenticationOptions,
  CEREMONY_TIMEOUT_MS,
  CHALLENGE_TTL_MS,
  challengeOf,
  checkPasskey,
  passkeyChallenges,
  PASSKEYS_PER_HOLDER,
  PasskeysUnavailable,
  readRegistrationAnswer,
  registrationOptions,
  relyingPartyOf,
  userHandleOf,
  verdictMessage,
  type Passkeys,
  type PasskeyStore,
} from "~/.server/sign-in-security/passkeys.server";
import { secondStepThrottle } from "~/.server/sign-in-security/second-step.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { SoftwareAuthenticator } from "../helpers/software-authenticator";

/**
 * The WebAuthn checks of passkeys (decisions/300, issue 51) with the portal's store played by a map in
 * memory and a software authenticator writing the browser's answers: what is accepted at sign-in and
 * when a passkey is added, and what is refused, in which words. The store's own rules run against PGlite
 * and PostgreSQL in tests/integration/passkeys.test.ts.
 */

const ORIGIN = "https://portal.example.test";
const rp = relyingPartyOf(ORIGIN)!;
const HOLDER = "holderaaaaaaaaaaaaaaaa1";
const OTHER = "holderbbbbbbbbbbbbbbbb2";
const SESSION = "provensessionaaaaa";
const NOW = new Date("2026-03-02T09:00:00Z");

interface Row {
  credentialId: string;
  holderKey: string;
  publicKey: string;
  counter: number;
  transports: string;
  name: string;
  addedFrom: string | null;
}

/** The store's side as a map: what the checks ask of it and what they hand it. */
function memoryStore() {
  const rows = new Map<string, Row>();
  const usedCalls: unknown[][] = [];
  let raceLost = false;
  const store = {
    credentials: async (holderKey: string) => [...rows.values()].filter((r) => r.holderKey === holderKey).map((r) => ({ id: r.credentialId, transports: r.transports.split(",") })),
    count: async (holderKey: string) => [...rows.values()].filter((r) => r.holderKey === holderKey).length,
    find: async (credentialId: string) => rows.get(credentialId) ?? null,
    add: async (holderKey: string, credential: { credentialId: string; publicKey: string; counter: number; transports: string[]; name: string; addedFrom?: string | null }) => {
      const listed = rows.get(credential.credentialId);
      if (listed) return { added: false as const, mine: listed.holderKey === holderKey };
      rows.set(credential.credentialId, { ...credential, holderKey, transports: credential.transports.join(","), addedFrom: credential.addedFrom ?? null });
      return { added: true as const, recoveryCodes: ["AAAAA-BBBBB"] };
    },
    used: async (holderKey: string, credentialId: string, seen: number, next: number, now: Date) => {
      usedCalls.push([holderKey, credentialId, seen, next, now]);
      if (raceLost) return false;
      rows.get(credentialId)!.counter = next;
      return true;
    },
  };
  return { store: store as unknown as PasskeyStore, rows, usedCalls, loseRace: () => (raceLost = true) };
}

function setUp(relyingParty = rp) {
  let now = NOW.getTime();
  const state = new MemoryStateStore(() => now);
  const memory = memoryStore();
  const deps: Passkeys = { store: memory.store, challenges: passkeyChallenges(state), relyingParty, attempts: secondStepThrottle(state) };
  return { deps, ...memory, later: (ms: number) => (now += ms) };
}

const holder = (holderKey: string, userName = "someone@example.test") => ({ holderKey, userName, displayName: "Some One" });
const added = (holderKey = HOLDER, session = SESSION) => ({ holderKey, session, addedFrom: "Chrome on Linux" });

/** A passkey added through the whole registration. */
async function registered(deps: Passkeys, authenticator: SoftwareAuthenticator, holderKey = HOLDER) {
  const answer = authenticator.register(await registrationOptions(deps, holder(holderKey), SESSION));
  const verdict = await addPasskey(deps, added(holderKey), answer, "My phone", NOW);
  if (!verdict.ok) throw new Error(verdict.message);
  return answer;
}

describe("adding a passkey", () => {
  it("offers the portal's relying party, the holder by their key (no personal data in the handle), their passkeys excluded", async () => {
    const { deps } = setUp();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const first = await registered(deps, authenticator);
    const options = await registrationOptions(deps, holder(HOLDER), SESSION);
    expect(options).toMatchObject({ rp: { id: "portal.example.test", name: "Patient Portal" }, user: { name: "someone@example.test", displayName: "Some One", id: userHandleOf(HOLDER) }, timeout: CEREMONY_TIMEOUT_MS, attestation: "none" });
    expect(options.excludeCredentials).toEqual([{ id: first.id, type: "public-key", transports: ["internal"] }]);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "preferred", userVerification: "preferred" });
    expect(options.pubKeyCredParams.map((p) => p.alg)).toEqual([-8, -7, -257]);
    // A holder signed in by link has no address: the authenticator still shows a name.
    expect((await registrationOptions(deps, holder(OTHER, ""), SESSION)).user.name).toBe("patient");
  });

  it("adds the checked credential under the name as typed, tidied, with the browser it came from, and hands back its recovery codes", async () => {
    const { deps, rows } = setUp();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const answer = authenticator.register(await registrationOptions(deps, holder(HOLDER), SESSION));
    expect(await addPasskey(deps, added(), answer, "  My   phone ", NOW)).toEqual({ ok: true, name: "My phone", recoveryCodes: ["AAAAA-BBBBB"] });
    const row = rows.get(answer.id)!;
    expect(row).toMatchObject({ holderKey: HOLDER, counter: 0, transports: "internal", name: "My phone", addedFrom: "Chrome on Linux" });
    expect(Buffer.from(row.publicKey, "base64url").length).toBeGreaterThan(60);
  });

  it("a browser that names no transports adds the passkey with none, and offers it with none", async () => {
    const { deps, rows } = setUp();
    const answer = new SoftwareAuthenticator(ORIGIN).register(await registrationOptions(deps, holder(HOLDER), SESSION));
    expect(await addPasskey(deps, added(), { ...answer, response: { ...answer.response, transports: undefined } }, "Phone", NOW)).toMatchObject({ ok: true });
    expect(rows.get(answer.id)?.transports).toBe("");
  });

  it("a bad name is refused in words and loses nothing: the same answer is then added under a good one", async () => {
    const { deps } = setUp();
    const answer = new SoftwareAuthenticator(ORIGIN).register(await registrationOptions(deps, holder(HOLDER), SESSION));
    expect(await addPasskey(deps, added(), answer, "  ", NOW)).toEqual({ ok: false, message: passkeyTexts.nameMissing, status: 400 });
    expect(await addPasskey(deps, added(), answer, "Phone", NOW)).toMatchObject({ ok: true, name: "Phone" });
  });

  it("an answer is taken once, only by the holder and session its challenge was made for", async () => {
    const { deps } = setUp();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const answer = authenticator.register(await registrationOptions(deps, holder(HOLDER), SESSION));
    const replayed = { ok: false, message: passkeyTexts.replayed, status: 400 };
    expect(await addPasskey(deps, added(HOLDER, "anothersessionaaaa"), answer, "Phone", NOW)).toEqual(replayed);
    expect(await addPasskey(deps, added(OTHER), answer, "Phone", NOW)).toEqual(replayed);
    expect(await addPasskey(deps, added(), answer, "Phone", NOW)).toMatchObject({ ok: true });
    expect(await addPasskey(deps, added(), answer, "Phone", NOW)).toEqual(replayed);
    // A sign-in's challenge is not a registration's.
    const signIn = await authenticationOptions(deps, HOLDER);
    const forSignIn = authenticator.register({ challenge: signIn.challenge, rp: { id: rp.id }, user: { id: userHandleOf(HOLDER) } });
    expect(await addPasskey(deps, added(), forSignIn, "Phone", NOW)).toEqual(replayed);
    // Nor is an answer whose client data names no challenge.
    expect(await addPasskey(deps, added(), { ...answer, response: { ...answer.response, clientDataJSON: "" } }, "Phone", NOW)).toEqual(replayed);
  });

  it("an answer from another origin, or whose attestation does not hold, is refused", async () => {
    const { deps } = setUp();
    const elsewhere = new SoftwareAuthenticator("https://evil.example.test");
    const foreign = elsewhere.register(await registrationOptions(deps, holder(HOLDER), SESSION));
    expect(await addPasskey(deps, added(), foreign, "Phone", NOW)).toEqual({ ok: false, message: passkeyTexts.refused, status: 400 });
    const answer = new SoftwareAuthenticator(ORIGIN).register(await registrationOptions(deps, holder(HOLDER), SESSION));
    expect(await addPasskey(deps, added(), { ...answer, response: { ...answer.response, attestationObject: "oA" } }, "Phone", NOW)).toEqual({ ok: false, message: passkeyTexts.refused, status: 400 });
  });

  it("an attestation that is well formed but signed over other bytes is refused, and nothing is added", async () => {
    const { deps, rows } = setUp();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const answer = authenticator.register(await registrationOptions(deps, holder(HOLDER), SESSION), undefined, { brokenAttestation: true });
    expect(await addPasskey(deps, added(), answer, "Phone", NOW)).toEqual({ ok: false, message: passkeyTexts.refused, status: 400 });
    expect(rows.size).toBe(0);
  });

  it("a security key that verifies no user (no PIN nor fingerprint) is added, and signs in: verification is preferred, not required", async () => {
    const { deps, rows } = setUp();
    const key = new SoftwareAuthenticator(ORIGIN);
    const answer = key.register(await registrationOptions(deps, holder(HOLDER), SESSION), undefined, { userVerified: false });
    expect(await addPasskey(deps, added(), answer, "Security key", NOW)).toMatchObject({ ok: true, name: "Security key" });
    expect(rows.get(answer.id)?.transports).toBe("internal");
    expect(await checkPasskey(deps, HOLDER, key.assert(await authenticationOptions(deps, HOLDER), { userVerified: false }), NOW)).toBe("accepted");
  });

  it(`stops at ${PASSKEYS_PER_HOLDER} passkeys a holder`, async () => {
    const { deps } = setUp();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    for (let i = 0; i < PASSKEYS_PER_HOLDER - 1; i++) await registered(deps, authenticator);
    const last = authenticator.register(await registrationOptions(deps, holder(HOLDER), SESSION));
    expect(await addPasskey(deps, added(), last, "Phone", NOW)).toMatchObject({ ok: true });
    const over = authenticator.register(await registrationOptions(deps, holder(HOLDER), SESSION));
    expect(await addPasskey(deps, added(), over, "Phone", NOW)).toEqual({ ok: false, message: `You have ${PASSKEYS_PER_HOLDER} passkeys, the most one account can keep. Remove one first.`, status: 400 });
  });

  it("a credential already listed is told apart: this holder's as already added, another's without saying whose", async () => {
    const { deps } = setUp();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await registered(deps, authenticator);
    const credential = authenticator.credentials[0];
    const again = authenticator.register(await registrationOptions(deps, holder(HOLDER), SESSION), credential);
    expect(await addPasskey(deps, added(), again, "Phone", NOW)).toEqual({ ok: false, message: passkeyTexts.alreadyAdded, status: 409 });
    const others = authenticator.register(await registrationOptions(deps, holder(OTHER), SESSION), credential);
    expect(await addPasskey(deps, added(OTHER), others, "Phone", NOW)).toEqual({ ok: false, message: passkeyTexts.cannotAdd, status: 409 });
  });

  it("with no configured origin nothing can be added, and no options are made", async () => {
    const { deps } = setUp();
    const answer = new SoftwareAuthenticator(ORIGIN).register(await registrationOptions(deps, holder(HOLDER), SESSION));
    const off = { ...deps, relyingParty: null };
    expect(await addPasskey(off, added(), answer, "Phone", NOW)).toEqual({ ok: false, message: passkeyTexts.noOrigin, status: 503 });
    await expect(registrationOptions(off, holder(HOLDER), SESSION)).rejects.toBeInstanceOf(PasskeysUnavailable);
    await expect(authenticationOptions(off, HOLDER)).rejects.toBeInstanceOf(PasskeysUnavailable);
  });
});

describe("signing in with a passkey", () => {
  it("offers only the holder's passkeys; the answer is accepted once, its counter moved on", async () => {
    const { deps, usedCalls } = setUp();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const mine = await registered(deps, authenticator);
    await registered(deps, new SoftwareAuthenticator(ORIGIN), OTHER);
    const options = await authenticationOptions(deps, HOLDER);
    expect(options).toMatchObject({ rpId: rp.id, timeout: CEREMONY_TIMEOUT_MS, userVerification: "preferred", allowCredentials: [{ id: mine.id, type: "public-key", transports: ["internal"] }] });
    const answer = authenticator.assert(options);
    expect(await checkPasskey(deps, HOLDER, answer, NOW)).toBe("accepted");
    expect(usedCalls).toEqual([[HOLDER, mine.id, 0, 1, NOW]]);
    expect(await checkPasskey(deps, HOLDER, answer, NOW)).toBe("replayed");
  });

  it("an answer to another holder's, or a registration's, challenge is a replay", async () => {
    const { deps } = setUp();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await registered(deps, authenticator);
    const forOther = authenticator.assert(await authenticationOptions(deps, OTHER), { credential: authenticator.credentials[0] });
    expect(await checkPasskey(deps, HOLDER, forOther, NOW)).toBe("replayed");
    const register = await registrationOptions(deps, holder(HOLDER), SESSION);
    const toRegistration = authenticator.assert({ challenge: register.challenge, rpId: rp.id });
    expect(await checkPasskey(deps, HOLDER, toRegistration, NOW)).toBe("replayed");
  });

  it("a credential the portal does not know is refused; another holder's, or one speaking for another, is not this account's", async () => {
    const { deps, rows } = setUp();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const mine = await registered(deps, authenticator);
    const stranger = new SoftwareAuthenticator(ORIGIN);
    stranger.register({ challenge: "x".repeat(22), rp: { id: rp.id }, user: { id: userHandleOf(HOLDER) } });
    expect(await checkPasskey(deps, HOLDER, stranger.assert(await authenticationOptions(deps, HOLDER), { credential: stranger.credentials[0] }), NOW)).toBe("refused");
    // The same credential found under another holder.
    rows.get(mine.id)!.holderKey = OTHER;
    expect(await checkPasskey(deps, HOLDER, authenticator.assert(await authenticationOptions(deps, HOLDER), { credential: authenticator.credentials[0] }), NOW)).toBe("not-this-account");
    rows.get(mine.id)!.holderKey = HOLDER;
    // Found under this holder, but its user handle is another's.
    const speaking = authenticator.assert(await authenticationOptions(deps, HOLDER));
    expect(await checkPasskey(deps, HOLDER, { ...speaking, response: { ...speaking.response, userHandle: userHandleOf(OTHER) } }, NOW)).toBe("not-this-account");
    // An authenticator that keeps no handle is judged by the rest.
    const silent = authenticator.assert(await authenticationOptions(deps, HOLDER));
    expect(await checkPasskey(deps, HOLDER, { ...silent, response: { ...silent.response, userHandle: undefined } }, NOW)).toBe("accepted");
  });

  it("a forged signature, or an answer from another origin, is refused; a counter that did not move is a replay", async () => {
    const { deps } = setUp();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await registered(deps, authenticator);
    const forged = authenticator.assert(await authenticationOptions(deps, HOLDER));
    expect(await checkPasskey(deps, HOLDER, { ...forged, response: { ...forged.response, signature: Buffer.from("forged").toString("base64url") } }, NOW)).toBe("refused");
    // A well-formed signature by the right key, but made for another answer's bytes: the signature does not hold.
    const signedElsewhere = authenticator.assert(await authenticationOptions(deps, HOLDER));
    const another = authenticator.assert(await authenticationOptions(deps, HOLDER));
    expect(await checkPasskey(deps, HOLDER, { ...another, response: { ...another.response, signature: signedElsewhere.response.signature } }, NOW)).toBe("refused");
    const elsewhere = authenticator.assert(await authenticationOptions(deps, HOLDER), { origin: "https://evil.example.test" });
    expect(await checkPasskey(deps, HOLDER, elsewhere, NOW)).toBe("refused");
    expect(await checkPasskey(deps, HOLDER, authenticator.assert(await authenticationOptions(deps, HOLDER), { counter: 5 }), NOW)).toBe("accepted");
    expect(await checkPasskey(deps, HOLDER, authenticator.assert(await authenticationOptions(deps, HOLDER), { counter: 5 }), NOW)).toBe("replayed");
    expect(await checkPasskey(deps, HOLDER, authenticator.assert(await authenticationOptions(deps, HOLDER), { counter: 3 }), NOW)).toBe("replayed");
  });

  it("two answers racing with the same counter: the one that loses the store's update is a replay", async () => {
    const { deps, loseRace } = setUp();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await registered(deps, authenticator);
    loseRace();
    expect(await checkPasskey(deps, HOLDER, authenticator.assert(await authenticationOptions(deps, HOLDER)), NOW)).toBe("replayed");
  });

  it("with no configured origin no answer is checked", async () => {
    const { deps } = setUp();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await registered(deps, authenticator);
    const answer = authenticator.assert(await authenticationOptions(deps, HOLDER));
    await expect(checkPasskey({ ...deps, relyingParty: null }, HOLDER, answer, NOW)).rejects.toBeInstanceOf(PasskeysUnavailable);
  });

  it("each verdict but accepted has its words", () => {
    expect(verdictMessage("not-this-account")).toBe(passkeyTexts.notThisAccount);
    expect(verdictMessage("replayed")).toBe(passkeyTexts.replayed);
    expect(verdictMessage("refused")).toBe(passkeyTexts.refused);
  });
});

describe("a challenge", () => {
  it("lives five minutes and is taken once, by its holder, for its ceremony", async () => {
    let now = NOW.getTime();
    const challenges = passkeyChallenges(new MemoryStateStore(() => now));
    const signIn = { holderKey: HOLDER, purpose: "sign-in" } as const;
    await challenges.keep("challenge-one-aaaaaaa", signIn);
    expect(await challenges.take("challenge-one-aaaaaaa", { holderKey: OTHER, purpose: "sign-in" })).toBe(false);
    expect(await challenges.take("challenge-one-aaaaaaa", { holderKey: HOLDER, purpose: "register", session: SESSION })).toBe(false);
    expect(await challenges.take("challenge-one-aaaaaaa", signIn)).toBe(true);
    expect(await challenges.take("challenge-one-aaaaaaa", signIn)).toBe(false);
    await challenges.keep("challenge-two-aaaaaaa", signIn);
    now += CHALLENGE_TTL_MS;
    expect(await challenges.take("challenge-two-aaaaaaa", signIn)).toBe(false);
    await challenges.keep("challenge-three-aaaaa", signIn);
    now += CHALLENGE_TTL_MS - 1000;
    expect(await challenges.take("challenge-three-aaaaa", signIn)).toBe(true);
  });

  it("two ceremonies of one holder at once (two tabs) each keep their own challenge; one the portal never made is taken by neither", async () => {
    const challenges = passkeyChallenges(new MemoryStateStore(() => NOW.getTime()));
    const signIn = { holderKey: HOLDER, purpose: "sign-in" } as const;
    await challenges.keep("challenge-tab-one-aaa", signIn);
    await challenges.keep("challenge-tab-two-aaa", signIn);
    expect(await challenges.take("challenge-never-made-", signIn)).toBe(false);
    expect(await challenges.take("challenge-tab-one-aaa", signIn)).toBe(true);
    expect(await challenges.take("challenge-tab-two-aaa", signIn)).toBe(true);
  });

  it("is read from the answer's client data only when it has a challenge's shape", () => {
    const data = (value: unknown) => ({ response: { clientDataJSON: Buffer.from(JSON.stringify(value)).toString("base64url") } });
    expect(challengeOf(data({ challenge: "a".repeat(16) }))).toBe("a".repeat(16));
    expect(challengeOf(data({ challenge: "a-b_C9".repeat(21) + "ab" }))).toBe("a-b_C9".repeat(21) + "ab");
    expect(challengeOf(data({ challenge: "a".repeat(15) }))).toBeNull();
    expect(challengeOf(data({ challenge: "a".repeat(129) }))).toBeNull();
    expect(challengeOf(data({ challenge: "a".repeat(20) + "=" }))).toBeNull();
    expect(challengeOf(data({ challenge: "=" + "a".repeat(20) }))).toBeNull();
    expect(challengeOf(data({ challenge: 1234567890123456 }))).toBeNull();
    expect(challengeOf(data({ type: "webauthn.get" }))).toBeNull();
    expect(challengeOf(data(null))).toBeNull();
    expect(challengeOf(data("a".repeat(20)))).toBeNull();
    expect(challengeOf({ response: { clientDataJSON: Buffer.from("not json").toString("base64url") } })).toBeNull();
    expect(challengeOf({ response: { clientDataJSON: 7 } })).toBeNull();
    expect(challengeOf({})).toBeNull();
    // Client data past 4 KB is not read at all.
    /** Client data of `bytes` bytes: 4 characters of base64url for every 3. */
    const padded = (bytes: number) => {
      const bare = JSON.stringify({ challenge: "a".repeat(16), pad: "" }).length;
      return data({ challenge: "a".repeat(16), pad: "p".repeat(bytes - bare) });
    };
    const atLimit = padded(3072);
    expect(atLimit.response.clientDataJSON.length).toBe(4096);
    expect(challengeOf(atLimit)).toBe("a".repeat(16));
    expect(challengeOf(padded(3073))).toBeNull();
  });
});

describe("a new passkey's answer as posted", () => {
  it("is read when it has the browser's shape, and refused (null) otherwise, unread past 32 KB", async () => {
    const { deps } = setUp();
    const answer = new SoftwareAuthenticator(ORIGIN).register(await registrationOptions(deps, holder(HOLDER), SESSION));
    expect(readRegistrationAnswer(JSON.stringify(answer))).toMatchObject({ id: answer.id, type: "public-key", clientExtensionResults: {} });
    expect(readRegistrationAnswer("not json")).toBeNull();
    expect(readRegistrationAnswer(JSON.stringify({ ...answer, type: "password" }))).toBeNull();
    expect(readRegistrationAnswer(JSON.stringify({ ...answer, pad: "x".repeat(33_000) }))).toBeNull();
    const long = JSON.stringify({ ...answer, pad: "" });
    const fits = JSON.stringify({ ...answer, pad: "x".repeat(32_768 - long.length) });
    expect(fits.length).toBe(32_768);
    expect(readRegistrationAnswer(fits)).toMatchObject({ id: answer.id });
  });
});
