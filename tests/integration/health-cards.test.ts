import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { listAccess } from "~/.server/access-entries.server";
import { DocumentRate } from "~/.server/document-rate.server";
import { COPIES_ASKED_MAX, HealthCardsUnavailable, healthCardStore, type HealthCardStore } from "~/.server/health-cards.server";
import { accountHolderKey } from "~/.server/opaque-names.server";
import { sharePortalStore, unsharePortalStore, type PortalStore } from "~/.server/portal-store.server";
import { healthCards } from "~/.server/portal-store/schema";
import { requireSession } from "~/.server/proxy-access.server";
import { sessions } from "~/.server/session.server";
import { addPasskey, authenticationOptions, passkeyChallenges, passkeyStore, PasskeysUnavailable, registrationOptions, relyingPartyOf, type Passkeys } from "~/.server/sign-in-security/passkeys.server";
import { secondStepThrottle } from "~/.server/sign-in-security/second-step.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import { devicesStep } from "~/areas/profile/devices.server";
import { profileTexts } from "~/areas/profile/texts";
import { CardContentsSchema, type CardContents } from "~/areas/summary/card/contents";
import { cardEndResponse, cardHandlers, cardStatusResponse } from "~/areas/summary/card/making.server";
import { cardTexts } from "~/areas/summary/card/texts";
import { readSummaryRecord } from "~/areas/summary/page.server";
import { shareLinkStore } from "~/areas/summary/share-link-store.server";
import type { ShareDeps } from "~/areas/summary/share-page.server";
import { answerSummarySteps } from "~/areas/summary/steps.server";
import { isRefusal } from "~/.server/steps.server";
import { practiceDateTime } from "~/lib/dates";
import type { StepEnvelope } from "~/lib/steps";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { getCall, useMockServer, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";
import { SoftwareAuthenticator } from "../helpers/software-authenticator";
import { openEmbeddedTestStore, openPostgresTestStore } from "../helpers/test-stores";

/**
 * The health card kept on a device, on the server (issue 71, decisions/405): the store of copies and the
 * passkey store's removals against both stores (the embedded PGlite and the run's PostgreSQL); the
 * summary's card-options and card-make steps for a signed-in patient against the mock practice, with a
 * software authenticator answering; the device's two questions (/card/status, /card/end); and "Sign out
 * everywhere else". It makes its embedded store the process's (the access record and the devices are
 * written through it) and hands it back when it ends.
 */

const mock = useMockServer();
const ORIGIN = "https://portal.example.test";
const rp = relyingPartyOf(ORIGIN)!;
const DAY_MS = 24 * 60 * 60 * 1000;
let embedded: PortalStore;
let world: TestWorld;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  embedded = await openEmbeddedTestStore();
  sharePortalStore(embedded);
  world = await mock.createWorld({ scenario: "default", seed: 7101 });
}, 120_000);
afterAll(async () => {
  unsharePortalStore(embedded);
  for (const close of closers) await close().catch(() => undefined);
  await embedded?.close().catch(() => undefined);
}, 60_000);

const HOLDER = "holderaaaaaaaaaaaaaaaa1";
const OTHER = "holderbbbbbbbbbbbbbbbb2";
/** Another holder for the steps' tests, apart from the store's (a store test that fails leaves none of its rows in their way). */
const ANOTHER = "holdercccccccccccccccc3";
/** A copy's id as the portal makes one (16 random bytes, base64url). */
const newCopyId = () => randomBytes(16).toString("base64url");
const T0 = new Date("2026-11-26T01:00:00Z");

/** The rows the store holds for a holder, read straight from the table. */
async function rowsOf(store: PortalStore, holderKey: string) {
  return store.run("cards.read", (db) => db.select().from(healthCards).where(eq(healthCards.holderKey, holderKey)));
}

/** The table out of the way for a moment: a write that touches it fails, and its transaction with it. */
async function withoutCardsTable<T>(store: PortalStore, work: () => Promise<T>): Promise<T> {
  await store.run("cards.write", (db) => db.execute(sql`alter table health_cards rename to health_cards_away`));
  try {
    return await work();
  } finally {
    await store.run("cards.write", (db) => db.execute(sql`alter table health_cards_away rename to health_cards`));
  }
}

describe.each(["embedded", "postgres"] as const)("the store of copies (%s)", (kind) => {
  let store: PortalStore;
  let cards: HealthCardStore;
  beforeAll(async () => {
    if (kind === "embedded") store = embedded;
    else {
      store = await openPostgresTestStore("health_cards");
      closers.push(() => store.close());
    }
    cards = healthCardStore(() => store);
  }, 120_000);

  const copy = (holderKey: string, credentialId: string, over: { madeAt?: Date; days?: number } = {}) => {
    const madeAt = over.madeAt ?? T0;
    return { copyId: newCopyId(), holderKey, credentialId, madeAt, expiresAt: new Date(madeAt.getTime() + (over.days ?? 7) * DAY_MS) };
  };

  it("a copy stands until its time, and no longer; a holder's copies past their time go when the next is added", async () => {
    const kept = copy(HOLDER, "credential-xxxxxx-a");
    await cards.add(kept);
    expect(await cards.standing([kept.copyId], T0)).toEqual(new Set([kept.copyId]));
    expect(await cards.standing([kept.copyId], new Date(kept.expiresAt.getTime() - 1))).toEqual(new Set([kept.copyId]));
    expect(await cards.standing([kept.copyId], kept.expiresAt)).toEqual(new Set());
    expect(await cards.standing([kept.copyId], new Date(kept.expiresAt.getTime() + DAY_MS))).toEqual(new Set());

    // Another of the holder's, made after the first's time: the first row goes with that add; another holder's expired one stays.
    const theirs = copy(OTHER, "credential-xxxxxx-z");
    await cards.add(theirs);
    const later = copy(HOLDER, "credential-xxxxxx-a", { madeAt: new Date(kept.expiresAt.getTime() + 1) });
    await cards.add(later);
    expect((await rowsOf(store, HOLDER)).map((r) => r.copyId)).toEqual([later.copyId]);
    expect((await rowsOf(store, OTHER)).map((r) => r.copyId)).toEqual([theirs.copyId]);
    await cards.endAllOf(HOLDER);
    await cards.endAllOf(OTHER);
  });

  it("end ends one copy (true once), endAllOf every copy of the holder's; another holder's stand", async () => {
    const [a1, a2, b, c] = [copy(HOLDER, "credential-xxxxxx-a"), copy(HOLDER, "credential-xxxxxx-a"), copy(HOLDER, "credential-xxxxxx-b"), copy(HOLDER, "credential-xxxxxx-c")];
    // Another holder's copy locked with a credential of the same id: never the holder's to end.
    const theirs = copy(OTHER, "credential-xxxxxx-a");
    for (const each of [a1, a2, b, c, theirs]) await cards.add(each);
    const all = [a1, a2, b, c, theirs].map((each) => each.copyId);
    expect(await cards.standing(all, T0)).toEqual(new Set(all));

    expect(await cards.end(a1.copyId)).toBe(true);
    expect(await cards.end(a1.copyId)).toBe(false);
    expect(await cards.standing(all, T0)).toEqual(new Set([a2, b, c, theirs].map((each) => each.copyId)));

    const d = copy(HOLDER, "credential-xxxxxx-d");
    await cards.add(d);
    expect(await cards.endAllOf(HOLDER)).toBe(4);
    expect(await cards.standing([...all, d.copyId], T0)).toEqual(new Set([theirs.copyId]));
    expect(await rowsOf(store, HOLDER)).toEqual([]);
    expect(await cards.endAllOf(OTHER)).toBe(1);
  });

  it("ids of no shape are never asked of the store, and no more than COPIES_ASKED_MAX at once", async () => {
    const asked: string[] = [];
    const counting = healthCardStore(() => ({ run: (operation: Parameters<PortalStore["run"]>[0], query: Parameters<PortalStore["run"]>[1]) => (asked.push(operation), store.run(operation, query)) }) as unknown as PortalStore);
    const kept = copy(HOLDER, "credential-xxxxxx-a");
    await cards.add(kept);
    const noShape = ["", "short", `${kept.copyId}x`, kept.copyId.slice(1), "a".repeat(21) + "!", "' or 1=1 --aaaaaaaaaaa"];
    expect(await counting.standing(noShape, T0)).toEqual(new Set());
    expect(await counting.end("not-an-id")).toBe(false);
    expect(asked).toEqual([]);
    // The one good id among them is asked, and found.
    expect(await counting.standing([...noShape, kept.copyId], T0)).toEqual(new Set([kept.copyId]));
    expect(asked).toEqual(["cards.read"]);

    // More than the most: the first COPIES_ASKED_MAX (of a good shape) are answered, the rest not asked.
    const many = Array.from({ length: COPIES_ASKED_MAX + 5 }, () => copy(HOLDER, "credential-xxxxxx-m"));
    for (const each of many) await cards.add(each);
    const ids = many.map((each) => each.copyId);
    expect(await cards.standing(ids, T0)).toEqual(new Set(ids.slice(0, COPIES_ASKED_MAX)));
    expect(await cards.standing(["bad", ...ids.slice(COPIES_ASKED_MAX)], T0)).toEqual(new Set(ids.slice(COPIES_ASKED_MAX)));
    await cards.endAllOf(HOLDER);
  });

  it("a store that cannot be asked is HealthCardsUnavailable, never an empty answer", async () => {
    const away = healthCardStore(() => undefined);
    await expect(away.standing([newCopyId()])).rejects.toBeInstanceOf(HealthCardsUnavailable);
    await expect(away.end(newCopyId())).rejects.toBeInstanceOf(HealthCardsUnavailable);
    await expect(away.endAllOf(HOLDER)).rejects.toBeInstanceOf(HealthCardsUnavailable);
  });

  it("removing a passkey (remove, removeAll) ends the holder's copies locked with it, in the same transaction; others stand", async () => {
    const passkeys = passkeyStore(() => store);
    const credential = (name: string) => ({ credentialId: `${name}-${kind}`.padEnd(22, "x"), publicKey: "pQECAyYgASFYIB".repeat(4), counter: 0, transports: ["internal"], name, prf: true });
    const [a, b, c, d] = ["cardkey-a", "cardkey-b", "cardkey-c", "cardkey-d"].map(credential);
    for (const each of [a, b, c, d]) expect(await passkeys.add(HOLDER, each)).toMatchObject({ added: true });
    const [onA, onB, onC, onD] = [a, b, c, d].map((each) => copy(HOLDER, each.credentialId));
    // Another holder's copy naming the same credential id: not the holder's, so it stands.
    const theirs = copy(OTHER, a.credentialId);
    for (const each of [onA, onB, onC, onD, theirs]) await cards.add(each);
    const all = [onA, onB, onC, onD, theirs].map((each) => each.copyId);

    // Another holder cannot remove the passkey, and ends nothing by trying.
    expect(await passkeys.remove(OTHER, a.credentialId)).toBeNull();
    expect(await passkeys.removeAll(OTHER, [a.credentialId, b.credentialId])).toEqual({ names: [], recoveryCodesRemoved: false });
    expect(await cards.standing(all, T0)).toEqual(new Set(all));

    // The copies' table away: the removal fails as a whole, so the passkey is still listed and its copy stands.
    await withoutCardsTable(store, async () => {
      await expect(passkeys.remove(HOLDER, a.credentialId)).rejects.toBeInstanceOf(PasskeysUnavailable);
      await expect(passkeys.removeAll(HOLDER, [b.credentialId, c.credentialId])).rejects.toBeInstanceOf(PasskeysUnavailable);
    });
    expect((await passkeys.list(HOLDER)).map((p) => p.name)).toEqual(["cardkey-a", "cardkey-b", "cardkey-c", "cardkey-d"]);
    expect(await cards.standing(all, T0)).toEqual(new Set(all));

    expect(await passkeys.remove(HOLDER, a.credentialId)).toMatchObject({ name: "cardkey-a" });
    expect(await cards.standing(all, T0)).toEqual(new Set([onB, onC, onD, theirs].map((each) => each.copyId)));
    expect(await passkeys.removeAll(HOLDER, [b.credentialId, c.credentialId])).toMatchObject({ names: expect.arrayContaining(["cardkey-b", "cardkey-c"]) });
    expect(await cards.standing(all, T0)).toEqual(new Set([onD.copyId, theirs.copyId]));
    expect((await passkeys.list(HOLDER)).map((p) => p.name)).toEqual(["cardkey-d"]);

    await passkeys.remove(HOLDER, d.credentialId);
    expect(await cards.standing(all, T0)).toEqual(new Set([theirs.copyId]));
    await cards.endAllOf(OTHER);
  });
});

/** Passkeys on the embedded store, challenges in a state store of their own. */
function passkeysOn(store: PortalStore): Passkeys {
  const state = new MemoryStateStore();
  return { store: passkeyStore(() => store), challenges: passkeyChallenges(state), relyingParty: rp, attempts: secondStepThrottle(state) };
}

/** A passkey added through the whole registration, its answer saying whether PRF is on (what may lock a card). */
async function registerFor(passkeys: Passkeys, authenticator: SoftwareAuthenticator, holderKey: string, prf: boolean, name: string) {
  const session = "provensessionaaaaa";
  const options = await registrationOptions(passkeys, { holderKey, userName: "someone@example.test", displayName: "Some One" }, session);
  const answer = { ...authenticator.register(options), clientExtensionResults: { prf: { enabled: prf } } };
  const verdict = await addPasskey(passkeys, { holderKey, session, addedFrom: "Chrome on Linux" }, answer, name);
  if (!verdict.ok) throw new Error(`the passkey was not added: ${verdict.message}`);
  return authenticator.credentials.at(-1)!;
}

type CardReply = { options: { challenge: string; userVerification?: string; allowCredentials?: { id: string }[] } } & { card: CardContents };

/** The summary's steps as the page posts them, with its status and envelope, and the reply's text as it went. */
function summaryPortal(passkeys: Passkeys, cards: HealthCardStore) {
  const deps: ShareDeps = { store: shareLinkStore(() => embedded), rate: new DocumentRate({ DOCUMENT_RATE_LIMIT: 1000, DOCUMENT_RATE_WINDOW_SECONDS: 60 }, new MemoryStateStore()), now: () => new Date(), passkeys, cards };
  async function post(cookie: string, step: "card-options" | "card-make", input: unknown) {
    const request = new Request("http://portal.test/summary/step", {
      method: "POST",
      headers: { Cookie: cookie, "X-Portal-Step": "1", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" },
      body: new URLSearchParams({ step, input: JSON.stringify(input) }),
    });
    const answer = await answerSummarySteps(request, deps);
    const text = await answer.text();
    return { status: answer.status, envelope: JSON.parse(text) as StepEnvelope<CardReply>, text };
  }
  async function options(cookie: string) {
    const { status, envelope } = await post(cookie, "card-options", {});
    if (!envelope.ok) throw new Error(`card-options refused (${status}): ${envelope.failure.message}`);
    return envelope.reply.options;
  }
  return { deps, post, options };
}

const refused = (status: number, message: string) => ({ status, envelope: { ok: false, failure: { kind: "refused", message } } });

describe("the summary's card steps, signed in, against the mock practice", () => {
  let passkeys: Passkeys;
  let cards: HealthCardStore;
  beforeAll(() => {
    passkeys = passkeysOn(embedded);
    cards = healthCardStore(() => embedded);
  });

  it("card-options offers only the passkeys that can lock a card, with the person's check required; none that can is refused", async () => {
    const portal = summaryPortal(passkeys, cards);
    const { cookie, user } = await signedInToPortal(sessions, world, "solo");
    const holderKey = accountHolderKey(user.apiBase, user.parentId);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const withoutPrf = await registerFor(passkeys, authenticator, holderKey, false, "Old key");
    // Only a passkey without PRF: nothing to lock a card with.
    expect(await portal.post(cookie, "card-options", {})).toMatchObject(refused(409, cardTexts.noPasskey));

    const lockable = await registerFor(passkeys, authenticator, holderKey, true, "Phone");
    const options = await portal.options(cookie);
    expect(options.userVerification).toBe("required");
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([lockable.id.toString("base64url")]);
    expect(options.allowCredentials?.map((c) => c.id)).not.toContain(withoutPrf.id.toString("base64url"));
    for (const p of await passkeys.store.list(holderKey)) await passkeys.store.remove(holderKey, p.id);
    // None at all: refused the same way.
    expect(await portal.post(cookie, "card-options", {})).toMatchObject(refused(409, cardTexts.noPasskey));
  });

  it("card-make with the passkey's answer makes the patient's card for the days chosen, notes the copy and records it; the reply holds no secret", async () => {
    const portal = summaryPortal(passkeys, cards);
    const { cookie, user, practice } = await signedInToPortal(sessions, world, "solo");
    const holderKey = accountHolderKey(user.apiBase, user.parentId);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await registerFor(passkeys, authenticator, holderKey, true, "Phone");
    const answer = authenticator.assert(await portal.options(cookie));
    // What a browser's PRF gives: never to leave it; the step's schema drops it, unread.
    const SECRET = randomBytes(32).toString("base64url");
    const before = Date.now();
    const made = await portal.post(cookie, "card-make", { answer: { ...answer, clientExtensionResults: { prf: { results: { first: SECRET } } } }, days: 7 });
    const after = Date.now();
    expect(made.status, made.text).toBe(200);
    if (!made.envelope.ok) throw new Error("no card");
    expect(made.text).not.toContain(SECRET);
    expect(made.text).not.toMatch(/prf/i);
    const card = CardContentsSchema.strict().parse(made.envelope.reply.card);

    // The patient and their record as the practice has them.
    const record = await readSummaryRecord(practice.api, user.userId);
    const [patient] = (await practice.api.call(endpoints.patient, { query: { PatientID: user.userId } })).resources;
    expect(card.patient.nhi).toBe(patient.extension.nhi?.trim().toUpperCase());
    expect(card.patient.nhi).toMatch(/^[A-Z]{3}\d{4}$|^[A-Z]{3}\d{2}[A-Z]{2}$/);
    expect(card.patient.name).toContain(patient.name[0].family);
    expect(record.allergies.length).toBeGreaterThan(0);
    expect(card.allergies.map((a) => a.name)).toEqual(record.allergies.map((a) => a.code?.text?.trim()));
    expect(card.conditions).toHaveLength(record.conditions.length);
    expect(card.immunisations.map((i) => i.name)).toEqual(record.immunisations.filter((i) => i.extension.given !== false).map((i) => i.extension.name?.trim() ?? ""));
    expect(card.medicines.length).toBeLessThanOrEqual(record.medications.length);
    expect(card.practice.name).toBe(record.practice.name?.trim());
    // Their own record: the view reaches their emergency contacts.
    expect(card.contacts).toHaveLength(patient.contact.length);

    // Made now, for seven days; its id a copy's id.
    const madeAt = new Date(card.madeAt).getTime();
    expect(madeAt).toBeGreaterThanOrEqual(before);
    expect(madeAt).toBeLessThanOrEqual(after);
    expect(new Date(card.expiresAt).getTime() - madeAt).toBe(7 * DAY_MS);
    expect(card.copyId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // The copy stands, locked with that passkey, for that holder; the making is on the access record.
    expect(await cards.standing([card.copyId])).toEqual(new Set([card.copyId]));
    expect(await rowsOf(embedded, holderKey)).toEqual([{ copyId: card.copyId, holderKey, credentialId: answer.id, madeAt: new Date(card.madeAt), expiresAt: new Date(card.expiresAt) }]);
    await embedded.settled();
    const { entries } = await listAccess({ practice: user.apiBase, patientId: user.userId, area: "summary" }, embedded);
    expect(entries.filter((e) => e.action === "card-kept").map((e) => ({ itemId: e.itemId, holderKey: e.holderKey }))).toEqual([{ itemId: card.copyId, holderKey }]);

    await cards.endAllOf(holderKey);
    for (const p of await passkeys.store.list(holderKey)) await passkeys.store.remove(holderKey, p.id);
  });

  it("card-make is refused for a replayed answer, a sign-in's, one without the person's check, another session's, days out of bounds and another holder's passkey; nothing is kept", async () => {
    const portal = summaryPortal(passkeys, cards);
    const { cookie, user } = await signedInToPortal(sessions, world, "solo");
    const elsewhere = await signedInToPortal(sessions, world, "solo");
    const holderKey = accountHolderKey(user.apiBase, user.parentId);
    const mine = new SoftwareAuthenticator(ORIGIN);
    await registerFor(passkeys, mine, holderKey, true, "Phone");
    const make = (answer: unknown, days = 7, from = cookie) => portal.post(from, "card-make", { answer, days });
    const kept = async () => {
      await embedded.settled();
      const { entries } = await listAccess({ practice: user.apiBase, patientId: user.userId, area: "summary", pageSize: 200 }, embedded);
      return entries.filter((e) => e.action === "card-kept").map((e) => e.itemId);
    };
    const keptBefore = await kept();

    // Days out of the schema's bounds: refused before the challenge is taken, so the answer still serves.
    const answer = mine.assert(await portal.options(cookie));
    for (const days of [0, 91, 7.5]) {
      const outOfBounds = await make(answer, days);
      expect(outOfBounds.status).toBe(400);
      expect(outOfBounds.envelope).toMatchObject({ ok: false, failure: { kind: "invalid", fields: { days: expect.any(String) } } });
    }
    expect(await rowsOf(embedded, holderKey)).toEqual([]);
    const first = await make(answer, 90);
    expect(first.status, first.text).toBe(200);
    // The same answer again: its challenge is spent.
    expect(await make(answer)).toMatchObject(refused(400, passkeyTexts.replayed));

    // An answer to a sign-in's challenge, for the same holder: not the card's ceremony.
    const signIn = mine.assert(await authenticationOptions(passkeys, holderKey));
    expect(await make(signIn)).toMatchObject(refused(400, passkeyTexts.replayed));

    // A key that did not check the person (no PIN, no fingerprint).
    expect(await make(mine.assert(await portal.options(cookie), { userVerified: false }))).toMatchObject(refused(400, passkeyTexts.refused));

    // Another session's card challenge (the same holder, another browser): not this session's.
    expect(await make(mine.assert(await portal.options(elsewhere.cookie)))).toMatchObject(refused(400, passkeyTexts.replayed));
    // ...and the other way round.
    expect(await make(mine.assert(await portal.options(cookie)), 7, elsewhere.cookie)).toMatchObject(refused(400, passkeyTexts.replayed));

    // Another holder's passkey answering this holder's challenge.
    const theirs = new SoftwareAuthenticator(ORIGIN);
    await registerFor(passkeys, theirs, ANOTHER, true, "Their phone");
    expect(await make(theirs.assert({ ...(await portal.options(cookie)), allowCredentials: [] }))).toMatchObject(refused(400, passkeyTexts.notThisAccount));

    // The holder's own passkey whose authenticator derives no secret: it locks nothing, though it signs.
    const old = new SoftwareAuthenticator(ORIGIN);
    await registerFor(passkeys, old, holderKey, false, "Old key");
    expect(await make(old.assert({ ...(await portal.options(cookie)), allowCredentials: [] }))).toMatchObject(refused(400, cardTexts.passkeyNoPrf));

    // Only the one card was kept, and recorded.
    if (!first.envelope.ok) throw new Error("no card");
    expect((await rowsOf(embedded, holderKey)).map((r) => r.copyId)).toEqual([first.envelope.reply.card.copyId]);
    expect(await rowsOf(embedded, ANOTHER)).toEqual([]);
    expect((await kept()).filter((id) => !keptBefore.includes(id))).toEqual([first.envelope.reply.card.copyId]);
    // After all that, a right answer still makes a card.
    expect((await make(mine.assert(await portal.options(cookie)))).status).toBe(200);

    await cards.endAllOf(holderKey);
    for (const key of [holderKey, ANOTHER]) for (const p of await passkeys.store.list(key)) await passkeys.store.remove(key, p.id);
  });

  it("a store of copies that cannot be written keeps nothing and says so (503), with nothing recorded", async () => {
    const portal = summaryPortal(passkeys, healthCardStore(() => undefined));
    const { cookie, user } = await signedInToPortal(sessions, world, "solo");
    const holderKey = accountHolderKey(user.apiBase, user.parentId);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await registerFor(passkeys, authenticator, holderKey, true, "Phone");
    await embedded.settled();
    const recorded = async () => (await listAccess({ practice: user.apiBase, patientId: user.userId, area: "summary" }, embedded)).entries.filter((e) => e.action === "card-kept").length;
    const before = await recorded();
    expect(await portal.post(cookie, "card-make", { answer: authenticator.assert(await portal.options(cookie)), days: 7 })).toMatchObject(refused(503, cardTexts.unavailable));
    await embedded.settled();
    expect(await recorded()).toBe(before);
    for (const p of await passkeys.store.list(holderKey)) await passkeys.store.remove(holderKey, p.id);
  });
});

describe("a parent's card of a child (whānau access)", () => {
  it("ends at the latest on the birthday the parent's view changes; holds the contacts only where the view reaches the profile", async () => {
    // The world's clock at the real time: card-make reads the real clock, the view's birthday the world's.
    const own = await mock.createWorld({ scenario: "whanau", seed: 7102, now: new Date().toISOString() });
    const parentHttp = await own.signInHttp("parent");
    const children = (await getCall(parentHttp, endpoints.proxyUsers, { PatientID: parentHttp.id })).resources.map((p) => p.id).slice(1);
    // The 13-year-old: the whole record, until the 14th birthday, at the start of the fifth day from now.
    const parent = await signedInToPortal(sessions, own, "parent", { memberId: children[1] });
    const viewing = await requireSession(new Request("http://portal.test/summary/step", { method: "POST", headers: { Cookie: parent.cookie } }));
    expect(viewing.access).toMatchObject({ view: "full", reason: "age", age: 13, changes: expect.any(String) });
    const birthday = practiceDateTime(viewing.access!.changes!).toMillis();

    const passkeys = passkeysOn(embedded);
    const cards = healthCardStore(() => embedded);
    const portal = summaryPortal(passkeys, cards);
    const holderKey = accountHolderKey(parent.user.apiBase, parent.user.parentId);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    await registerFor(passkeys, authenticator, holderKey, true, "Parent's phone");

    const long = await portal.post(parent.cookie, "card-make", { answer: authenticator.assert(await portal.options(parent.cookie)), days: 30 });
    if (!long.envelope.ok) throw new Error(`no card: ${long.text}`);
    const card = long.envelope.reply.card;
    expect(new Date(card.expiresAt).getTime()).toBe(birthday);
    expect(new Date(card.expiresAt).getTime() - new Date(card.madeAt).getTime()).toBeLessThan(6 * DAY_MS);
    // The child's card, not the parent's: the child's NHI.
    const [child] = (await getCall(parentHttp, endpoints.patient, { PatientID: children[1] })).resources;
    expect(card.patient.nhi).toBe(child.extension.nhi?.trim().toUpperCase());
    // The whole record's view reaches the profile: the contacts are there.
    expect(card.contacts).not.toBeNull();
    // A short card ends on its own day, before the birthday.
    const short = await portal.post(parent.cookie, "card-make", { answer: authenticator.assert(await portal.options(parent.cookie)), days: 2 });
    if (!short.envelope.ok) throw new Error(`no card: ${short.text}`);
    expect(new Date(short.envelope.reply.card.expiresAt).getTime() - new Date(short.envelope.reply.card.madeAt).getTime()).toBe(2 * DAY_MS);
    // The copies are the parent's (the holder's), locked with the parent's passkey.
    expect((await rowsOf(embedded, holderKey)).map((r) => r.copyId).sort()).toEqual([card.copyId, short.envelope.reply.card.copyId].sort());

    // A view that reaches the summary but not the profile (no default policy's: its limited view holds
    // no summary), given to the step's handler: the card says the contacts are not in view.
    const request = new Request("http://portal.test/summary/step", { method: "POST", headers: { Cookie: parent.cookie } });
    const narrowed = { ...viewing, access: { ...viewing.access!, reaches: (area: string) => area !== "profile" } };
    const answer = authenticator.assert(await portal.options(parent.cookie));
    const made = await cardHandlers["card-make"]({ answer, days: 7 }, { signedIn: narrowed, request, deps: portal.deps }, { headers: new Headers() });
    if (isRefusal(made)) throw new Error(`refused: ${made.failure.message}`);
    expect(made.card.contacts).toBeNull();
    expect(made.card.patient.nhi).toBe(card.patient.nhi);

    // A view that changes today (the birthday, by the practice's date, already begun): no card, in words.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(new Date());
    const changing = { ...viewing, access: { ...viewing.access!, changes: today } };
    const refusedToday = await cardHandlers["card-make"]({ answer: authenticator.assert(await portal.options(parent.cookie)), days: 7 }, { signedIn: changing, request, deps: portal.deps }, { headers: new Headers() });
    expect(isRefusal(refusedToday) && refusedToday.failure.message).toBe(cardTexts.viewChanging);

    await cards.endAllOf(holderKey);
    for (const p of await passkeys.store.list(holderKey)) await passkeys.store.remove(holderKey, p.id);
  }, 60_000);
});

describe("the device's questions: /card/status and /card/end", () => {
  const status = (copies: string, store: HealthCardStore) => cardStatusResponse(new Request(`http://portal.test/card/status?copies=${encodeURIComponent(copies)}`), store);
  const end = (copy: string, store: HealthCardStore) => cardEndResponse(new Request("http://portal.test/card/end", { method: "POST", body: new URLSearchParams({ copy }) }), store);

  it("status answers the copies that stand, never cached; unknown, expired and ended ones are left out; a store away is 503 and says none ended", async () => {
    const cards = healthCardStore(() => embedded);
    const now = Date.now();
    const standing = { copyId: newCopyId(), holderKey: HOLDER, credentialId: "credential-xxxxxx-s", madeAt: new Date(now - DAY_MS), expiresAt: new Date(now + DAY_MS) };
    const expired = { copyId: newCopyId(), holderKey: OTHER, credentialId: "credential-xxxxxx-s", madeAt: new Date(now - 3 * DAY_MS), expiresAt: new Date(now - 1000) };
    const ended = { copyId: newCopyId(), holderKey: HOLDER, credentialId: "credential-xxxxxx-s", madeAt: new Date(now - DAY_MS), expiresAt: new Date(now + DAY_MS) };
    for (const each of [standing, expired, ended]) await cards.add(each);
    await cards.end(ended.copyId);

    const answer = await status([standing.copyId, expired.copyId, ended.copyId, newCopyId(), "no-shape"].join(","), cards);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(await answer.json()).toEqual({ standing: [standing.copyId] });
    const none = await status("", cards);
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ standing: [] });

    const away = await status(standing.copyId, healthCardStore(() => undefined));
    expect(away.status).toBe(503);
    expect(away.headers.get("Cache-Control")).toBe("no-store");
    const body = (await away.json()) as Record<string, unknown>;
    expect(body).toEqual({ message: cardTexts.unavailable });
    expect(body).not.toHaveProperty("standing");
    await cards.endAllOf(HOLDER);
    await cards.endAllOf(OTHER);
  });

  it("end answers 204 and the copy stands no more; an id of no shape is 400 and ends nothing", async () => {
    const cards = healthCardStore(() => embedded);
    const now = Date.now();
    const [gone, kept] = [newCopyId(), newCopyId()].map((copyId) => ({ copyId, holderKey: HOLDER, credentialId: "credential-xxxxxx-e", madeAt: new Date(now), expiresAt: new Date(now + DAY_MS) }));
    for (const each of [gone, kept]) await cards.add(each);
    const answer = await end(gone.copyId, cards);
    expect(answer.status).toBe(204);
    expect(await answer.text()).toBe("");
    expect(await cards.standing([gone.copyId, kept.copyId])).toEqual(new Set([kept.copyId]));
    // Again, or a copy never made: the same answer (the device wipes it either way).
    expect((await end(gone.copyId, cards)).status).toBe(204);
    for (const bad of ["", "short", `${kept.copyId}x`, `${kept.copyId.slice(1)}!`]) expect((await end(bad, cards)).status).toBe(400);
    expect((await cardEndResponse(new Request("http://portal.test/card/end", { method: "POST", body: new URLSearchParams() }), cards)).status).toBe(400);
    expect(await cards.standing([kept.copyId])).toEqual(new Set([kept.copyId]));
    expect((await end(kept.copyId, healthCardStore(() => undefined))).status).toBe(503);
    expect(await cards.standing([kept.copyId])).toEqual(new Set([kept.copyId]));
    await cards.endAllOf(HOLDER);
  });
});

describe("Sign out everywhere else", () => {
  it("ends every copy the holder kept, on every device, and only theirs; with the copies' table away nothing is signed out", async () => {
    const cards = healthCardStore(() => embedded);
    const { cookie, user } = await signedInToPortal(sessions, world, "solo");
    const holderKey = accountHolderKey(user.apiBase, user.parentId);
    const now = Date.now();
    const copyOf = (holder: string, credentialId: string) => ({ copyId: newCopyId(), holderKey: holder, credentialId, madeAt: new Date(now), expiresAt: new Date(now + 7 * DAY_MS) });
    const mine = [copyOf(holderKey, "credential-xxxxxx-phone"), copyOf(holderKey, "credential-xxxxxx-phone"), copyOf(holderKey, "credential-xxxxxx-laptop")];
    const theirs = copyOf(OTHER, "credential-xxxxxx-phone");
    for (const each of [...mine, theirs]) await cards.add(each);
    const all = [...mine, theirs].map((each) => each.copyId);
    const signedIn = { user, session: await sessions.sessionStorage.getSession(cookie) };

    // The copies' table away: refused before any session ends or any copy goes.
    const another = await signedInToPortal(sessions, world, "solo");
    await withoutCardsTable(embedded, async () => {
      expect(await devicesStep("devices-sign-out-others", {}, signedIn, { headers: new Headers() })).toMatchObject({ failure: { kind: "refused", message: profileTexts.devicesUnavailable }, status: 503 });
    });
    expect(await cards.standing(all)).toEqual(new Set(all));
    await expect(requireSession(new Request("http://portal.test/summary", { headers: { Cookie: another.cookie } }))).resolves.toBeTruthy();

    const headers = new Headers();
    expect(await devicesStep("devices-sign-out-others", {}, signedIn, { headers })).toEqual({ message: profileTexts.othersSignedOut });
    expect(headers.get("Set-Cookie")).toBeTruthy();
    expect(await cards.standing(all)).toEqual(new Set([theirs.copyId]));
    expect(await rowsOf(embedded, holderKey)).toEqual([]);
    // The other session ended with them.
    await expect(requireSession(new Request("http://portal.test/summary", { headers: { Cookie: another.cookie } }))).rejects.toBeInstanceOf(Response);
    await cards.endAllOf(OTHER);
  });
});
