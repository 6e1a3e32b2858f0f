import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { medicationsPage } from "~/areas/medications/page.server";
import { answerRepeatSteps, type RepeatDeps } from "~/areas/medications/steps.server";
import { loader as oldAddress } from "~/areas/medications/old-address.route";
import { loadConfig } from "~/.server/config.server";
import { createSessions } from "~/.server/session.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import { medicationsTexts } from "~/areas/medications/texts";
import type { RepeatReply } from "~/areas/medications/repeat-request";
import type { PharmacyOption } from "~/areas/medications/view";
import { errorsTexts } from "~/lib/texts/errors";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { stepPoster } from "../helpers/steps";
import { signedInToPortal } from "../helpers/portal-cookie";

/**
 * The repeat action (/medications/repeat) and the page's loader against the mock over HTTP: the rules
 * checked again on the server, the practice's own pharmacy name, and one request per attempt key
 * however many posts of it arrive at once.
 */
const mock = useMockServer();
const sessions = createSessions(loadConfig({ NODE_ENV: "test" }));
const t = medicationsTexts;

async function patient(world: TestWorld, label = "solo", options: { memberId?: string } = {}) {
  const { practice: s, user, cookie } = await signedInToPortal(sessions, world, label, options);
  const deps: RepeatDeps = { requireSession: sessions.openSession, store: new MemoryStateStore(), waitMs: 5_000 };
  const steps = stepPoster("http://portal.test/medications/repeat", (r) => answerRepeatSteps(r, deps), { Cookie: cookie });
  const post = steps.reply;
  const page = (search = "") => medicationsPage({ api: s.api, user: { ...user } as never }, new URL(`http://portal.test/medications${search}`));
  return { s, post, envelope: steps.envelope, page, deps };
}

const repeatPosts = (world: TestWorld) => world.requests({ method: "POST", path: "Patient/SendRepeatMedicationRequest" });
/** What the practice says it received (the QA read). */
const received = async (world: TestWorld) => ((await (await mock.admin(`/worlds/${world.id}/repeat-requests`)).json()) as { requests: { medicines: string[]; delivery: string; outcome: string }[] }).requests;
let keys = 0;
const newKey = () => `repeat-key-${++keys}-${Date.now()}`;

describe("the medications page's loader", () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await mock.createWorld({ seed: 41 });
  });

  it("Long Term is the all list's long-term medicines; History asks for each list with its page size", async () => {
    const { page } = await patient(world);
    const longTerm = await page();
    expect(longTerm.rows.length).toBeGreaterThan(0);
    expect(longTerm.rows.every((r) => r.longTerm)).toBe(true);
    const all = await page("?tab=history");
    expect(all.rows.length).toBe(all.total);
    expect(all.rows.filter((r) => r.longTerm).map((r) => r.id)).toEqual(longTerm.rows.map((r) => r.id));
    const recent = await page("?tab=history&list=recent");
    for (const row of recent.rows) expect(all.rows.map((r) => r.id)).toContain(row.id);
    const repeated = await page("?tab=history&list=repeated");
    for (const row of repeated.rows) expect(all.rows.map((r) => r.id)).toContain(row.id);
    const calls = (await world.requests({ path: "Patient/Medication" })).slice(-4).map((c) => [c.query.TypeID, c.query.PageSize]);
    expect(calls).toEqual([
      ["1", "50"],
      ["1", "50"],
      ["2", "50"],
      ["3", "10"],
    ]);
    // The default scenario's repeat settings, read from the practice.
    expect(longTerm.settings).toMatchObject({ showDeliveryChoice: true, urgent: true, fax: false, outstandingBalanceCents: 0, preferredPharmacyId: null });
    expect(longTerm.settings.notice).toMatch(/two working days/);
  });
});

describe("the old address", () => {
  it("/medication leads to /medications with its view, for good (301)", () => {
    const reply = oldAddress({ request: new Request("http://portal.test/medication?tab=history&list=recent") } as Parameters<typeof oldAddress>[0]);
    expect(reply.status).toBe(301);
    expect(reply.headers.get("Location")).toBe("/medications?tab=history&list=recent");
  });
});

describe("the repeat action", () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await mock.createWorld({ seed: 42 });
  });

  it("two posts of one attempt sent at the same moment reach the practice once, and both get its answer", async () => {
    const { post, page } = await patient(world);
    const [first] = (await page()).rows;
    const before = (await repeatPosts(world)).length;
    const key = newKey();
    const fields = { key, medicationIds: first.id, delivery: "pickup" };
    const replies = await Promise.all([post("send", fields), post("send", fields), post("send", fields)]);
    expect(replies[0]).toMatchObject({ outcome: "sent" });
    expect(replies[1]).toEqual(replies[0]);
    expect(replies[2]).toEqual(replies[0]);
    expect((await repeatPosts(world)).length - before).toBe(1);
    expect((await received(world)).filter((r) => r.medicines.includes(first.name))).toEqual([expect.objectContaining({ delivery: "pickup", outcome: "sent" })]);
    // Posted again later (a retry whose reply was lost), it is still answered without a second request.
    expect(await post("send", fields)).toEqual(replies[0]);
    expect((await repeatPosts(world)).length - before).toBe(1);
    // Another attempt is another request.
    await post("send", { ...fields, key: newKey() });
    expect((await repeatPosts(world)).length - before).toBe(2);
  });

  it("checks the rules again: no medicine, no pharmacy, an unknown pharmacy; nothing reaches the practice", async () => {
    const { post, page } = await patient(world);
    const [first] = (await page()).rows;
    const before = (await repeatPosts(world)).length;
    expect(await post("send", { key: newKey(), delivery: "pickup" })).toMatchObject({ outcome: "refused", fields: { medicationIds: t.selectOne } });
    expect(await post("send", { key: newKey(), medicationIds: first.id, delivery: "pharmacy" })).toMatchObject({ outcome: "refused", fields: { pharmacyId: t.selectPharmacy } });
    expect(await post("send", { key: newKey(), medicationIds: first.id, delivery: "pharmacy", pharmacyId: "999999" })).toMatchObject({ outcome: "refused", fields: { pharmacyId: t.unknownPharmacy } });
    expect(await post("send", { key: newKey(), medicationIds: "not-mine", delivery: "pickup" })).toMatchObject({ outcome: "refused", message: t.notOnRecord });
    expect(await post("send", { key: "short", medicationIds: first.id, delivery: "pickup" })).toMatchObject({ outcome: "refused" });
    expect((await repeatPosts(world)).length).toBe(before);
  });

  it("sends the practice's own pharmacy name and whether it is the preferred one, whatever the browser says", async () => {
    const { post, page } = await patient(world);
    const [first] = (await page()).rows;
    const list = await post<PharmacyOption[]>("pharmacies");
    const favourite = list.find((p) => p.favourite)!;
    const reply = (await post("send", { key: newKey(), medicationIds: first.id, delivery: "pharmacy", pharmacyId: favourite.id, PharmacyName: "Evil Pharmacy", urgent: "true", fax: "true", notes: "Thanks" })) as RepeatReply;
    expect(reply).toEqual({ outcome: "sent", message: expect.stringContaining(favourite.name) });
    const sent = (await repeatPosts(world)).at(-1)!;
    expect(sent.body).toMatchObject({ PickUpTypeID: 2, PharmacyID: favourite.id, PharmacyName: favourite.name, IsPreferredPharmacy: true, IsUrgent: true, Notes: "Thanks" });
  });

  it("a practice that does not answer: failed, and the same attempt may be tried again", async () => {
    const { post, page } = await patient(world);
    const [first] = (await page()).rows;
    await world.fault({ path: "Patient/SendRepeatMedicationRequest", method: "POST", status: 503, times: 1 });
    const fields = { key: newKey(), medicationIds: first.id, delivery: "pickup" };
    expect(await post("send", fields)).toEqual({ outcome: "failed", message: t.sendFailed });
    expect(await post("send", fields)).toMatchObject({ outcome: "sent" });
  });

  it("an unknown step is the protocol's refusal, answered, not thrown", async () => {
    const { envelope } = await patient(world);
    expect(await envelope("nope")).toEqual({ ok: false, failure: { kind: "unknown-step", message: errorsTexts.unexpected } });
  });
});

describe("the repeat action in the scenarios", () => {
  it("outstanding balance: pick up is refused before the practice is asked; a pharmacy is allowed", async () => {
    const world = await mock.createWorld({ scenario: "outstanding-balance", seed: 43 });
    const { post, page } = await patient(world);
    const loaded = await page();
    expect(loaded.settings.outstandingBalanceCents).toBe(12050);
    const reply = await post("send", { key: newKey(), medicationIds: loaded.rows[0].id, delivery: "pickup" });
    expect(reply).toMatchObject({ outcome: "refused", fields: { delivery: t.outstandingBalance } });
    expect(await repeatPosts(world)).toEqual([]);
    // To a pharmacy, owing or not, the request goes.
    const [pharmacy] = await post<PharmacyOption[]>("pharmacies");
    expect(await post("send", { key: newKey(), medicationIds: loaded.rows[0].id, delivery: "pharmacy", pharmacyId: pharmacy.id })).toMatchObject({ outcome: "sent" });
    expect(await repeatPosts(world)).toEqual([expect.objectContaining({ body: expect.objectContaining({ PickUpTypeID: 2, PharmacyID: pharmacy.id }) })]);
  });

  it("provider on leave: 302 names the provider; resending with ignoreLeave sends", async () => {
    const world = await mock.createWorld({ scenario: "provider-on-leave", seed: 44 });
    const { post, page } = await patient(world);
    const ids = (await page()).rows.map((r) => r.id).join(",");
    const reply = await post("send", { key: newKey(), medicationIds: ids, delivery: "pickup" });
    expect(reply).toEqual({ outcome: "onLeave", providers: [expect.stringMatching(/^Dr /)] });
    expect(await post("send", { key: newKey(), medicationIds: ids, delivery: "pickup", ignoreLeave: "true" })).toMatchObject({ outcome: "sent" });
    expect((await repeatPosts(world)).map((p) => (p.body as { IgnoreLeave: boolean }).IgnoreLeave)).toEqual([false, true]);
  });
});

describe("a family member's medicines", () => {
  it("chosen at sign-in: the lists, the pharmacies and the request all name the member, never the holder", async () => {
    const world = await mock.createWorld({ scenario: "family", seed: 45 });
    const holder = await world.signIn("family");
    const proxies = await holder.api.call(endpoints.proxyUsers, { query: { PatientID: holder.id } });
    const memberId = proxies.resources.map((p) => p.id).find((id) => id !== holder.id)!;
    const { post, page } = await patient(world, "family", { memberId });
    await world.clearRequests();
    const [first] = (await page("?tab=history")).rows;
    expect(first).toBeDefined();
    await post<PharmacyOption[]>("pharmacies");
    expect(await post("send", { key: newKey(), medicationIds: first.id, delivery: "pickup" })).toMatchObject({ outcome: "sent" });
    const calls = [...(await world.requests({ path: "Patient/Medication" })), ...(await world.requests({ path: "Patient/Pharmacies" })), ...(await repeatPosts(world))];
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(["Patient/Medication", "Patient/Pharmacies", "Patient/SendRepeatMedicationRequest"]));
    for (const c of calls) expect(String(c.query.PatientID ?? (c.body as { PatientID: string }).PatientID), c.path).toBe(memberId);
  });
});

describe("a large record's medicines", () => {
  it("History pages by 50 as the address asks; Long Term reads every page at once; the pharmacies come in one page of 1,965", async () => {
    const world = await mock.createWorld({ scenario: "many-records", seed: 46 });
    const { post, page } = await patient(world, "many");
    await world.clearRequests();
    const first = await page("?tab=history");
    expect(first.rows).toHaveLength(50);
    expect(first.total).toBeGreaterThan(100);
    expect(first).toMatchObject({ more: true, view: { pages: 1 } });
    const two = await page("?tab=history&pages=2");
    expect(two.rows).toHaveLength(100);
    expect(two.rows.slice(0, 50)).toEqual(first.rows);
    expect(two).toMatchObject({ more: true, view: { pages: 2 } });
    const pageNumbers = async () => (await world.requests({ path: "Patient/Medication" })).map((c) => [c.query.TypeID, c.query.PageNumber]);
    expect(await pageNumbers()).toEqual([
      ["1", "1"],
      ["1", "1"],
      ["1", "2"],
    ]);
    await world.clearRequests();
    const longTerm = await page();
    expect(longTerm.more).toBe(false);
    expect((await pageNumbers()).map(([, n]) => n)).toEqual(["1", "2", "3"]);
    const pharmacies = await post<PharmacyOption[]>("pharmacies");
    expect(pharmacies).toHaveLength(1965);
    const [call] = await world.requests({ path: "Patient/Pharmacies" });
    expect(call.query).toMatchObject({ PageSize: "1965", PageNumber: "1" });
  });
});
