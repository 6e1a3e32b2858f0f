import { beforeAll, describe, expect, it } from "vitest";
import { DocumentRate, holderOf, type DocumentRateSettings } from "~/.server/document-rate.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import { documentsTexts } from "~/lib/texts/documents";
import { documentAddresses } from "../helpers/document-routes";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";

/**
 * Issue 36, finding 7: bulk pulls of documents. Every document route counts toward one sliding window
 * per account holder; past the limit a document is refused with 429 and Retry-After, and each burst is
 * recorded once. Time is the test's clock, never a sleep; documents are asked for in parallel.
 */
const mock = useMockServer();
let world: TestWorld;
let addresses: Record<string, string>;
let sessions: typeof import("~/.server/session.server");

type Opener = (request: Request, params: string[], rate: DocumentRate) => Promise<unknown>;
/** Each document route's server function, as its route module calls it (app/areas/<area>/<name>.route.ts). */
let openers: Record<string, Opener>;

const LIMIT = 12;
const WINDOW_S = 60;
const settings: DocumentRateSettings = { DOCUMENT_RATE_LIMIT: LIMIT, DOCUMENT_RATE_WINDOW_SECONDS: WINDOW_S };

/** A clock the test moves, and a store and counter reading it, as one portal process has them. */
function rateAt(start = Date.parse("2026-03-02T09:00:00Z")) {
  const clock = { now: start };
  const store = new MemoryStateStore(() => clock.now);
  return { clock, store, rate: new DocumentRate(settings, store, () => clock.now) };
}

beforeAll(async () => {
  sessions = await import("~/.server/session.server");
  const [letters, resources, accounts, messaging, reports, preview, summary] = await Promise.all([
    import("~/areas/letters/page.server"),
    import("~/areas/resources/page.server"),
    import("~/areas/accounts/page.server"),
    import("~/areas/messaging/attachment.server"),
    import("~/areas/results/page.server"),
    import("~/areas/preview/page.server"),
    import("~/areas/summary/page.server"),
  ]);
  openers = {
    "letters/letter/:id": (r, [id], rate) => letters.letterFileResponse(r, id, rate),
    "resources/file/:id": (r, [id], rate) => resources.resourceFileResponse(r, id, rate),
    "accounts/invoice/:id": (r, [id], rate) => accounts.invoicePdfResponse(r, id, rate),
    "emails/attachment/:id/:n": (r, [id, n], rate) => messaging.attachmentResponse(r, id, n, rate),
    "reports/result/:id": (r, [id], rate) => reports.loadResultDetail(r, id, rate),
    "reports/chart": (r, _, rate) => reports.loadResultChart(r, rate),
    preview: (r, _, rate) => preview.loadPreviewPage(r, rate),
    "summary/fhir": (r, _, rate) => summary.summaryFhirResponse(r, rate),
    "summary/pdf": (r, _, rate) => summary.summaryPdfResponse(r, rate),
  };
  world = await mock.createWorld({ seed: 36 });
  addresses = await documentAddresses(world);
  const letterId = addresses["letters/letter/:id"].split("/").pop()!;
  addresses.preview = `/preview?type=letter&id=${letterId}`;
});

async function solo() {
  const signedIn = await signedInToPortal(sessions.sessions, world, "solo");
  return { ...signedIn, holder: holderOf({ user: signedIn.user }) };
}

/** Opens one document the way its route does; answers the HTTP status and the Retry-After. */
async function open(route: string, cookie: string, rate: DocumentRate): Promise<{ status: number; retryAfter: string | null; body: string }> {
  const address = addresses[route];
  const request = new Request(`http://portal.test${address}`, { headers: { Cookie: cookie } });
  // The route's own parameters, read from its address as React Router would.
  const pattern = route.split("/");
  const params = new URL(address, "http://portal.test").pathname.slice(1).split("/").filter((_, i) => pattern[i]?.startsWith(":"));
  try {
    const answer = await openers[route](request, params, rate);
    // A result's detail and chart answer the dialog's own data, with the 429's status and headers.
    if (answer && typeof answer === "object" && "init" in answer && "data" in answer) {
      const { data, init } = answer as { data: unknown; init: { status?: number; headers?: HeadersInit } | null };
      return { status: init?.status ?? 200, retryAfter: new Headers(init?.headers).get("Retry-After"), body: JSON.stringify(data) };
    }
    if (!(answer instanceof Response)) return { status: 200, retryAfter: null, body: "" };
    return { status: answer.status, retryAfter: answer.headers.get("Retry-After"), body: answer.status === 429 ? await answer.text() : "" };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, retryAfter: thrown.headers.get("Retry-After"), body: await thrown.text() };
  }
}

describe("documents opened past the limit", () => {
  it("counts every document route of the portal (all but the patient's own photo, which every page shows, and the access record's CSV, the portal's own entries and no practice call)", () => {
    expect(Object.keys(openers).sort()).toEqual(Object.keys(addresses).filter((r) => r !== "profile/photo" && r !== "access-record/download").sort());
  });

  it("serves exactly the limit of documents asked for at once, of every kind, and refuses the rest with 429 and Retry-After; one event is recorded", async () => {
    const { cookie, holder } = await solo();
    const { rate } = rateAt();
    const kinds = Object.keys(openers);
    const asked = Array.from({ length: 40 }, (_, i) => kinds[i % kinds.length]);
    const answers = await Promise.all(asked.map((route) => open(route, cookie, rate)));
    const refused = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMIT);
    expect(refused).toHaveLength(40 - LIMIT);
    for (const a of refused) {
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(Number(a.retryAfter)).toBeLessThanOrEqual(WINDOW_S);
      expect(JSON.parse(a.body)).toMatchObject({ message: documentsTexts.slowedDown(Number(a.retryAfter)) });
    }
    const events = await rate.events(holder);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ at: "2026-03-02T09:00:00.000Z", count: LIMIT, windowSeconds: WINDOW_S, session: expect.stringMatching(/^[\w-]{16}$/) });
    // What is recorded names no document: only counts, times and the session's anonymous name.
    expect(Object.keys(events[0]).sort()).toEqual(["at", "count", "id", "session", "windowSeconds"]);
    expect(JSON.stringify(events)).not.toMatch(new RegExp(Object.values(addresses).map((a) => a.split("/").pop()!.replace(/\W/g, "")).filter((id) => id.length > 3).join("|")));
  });

  it("keeps one burst one event while it goes on, serves again once the window has room, and records the next burst", async () => {
    const { cookie, holder } = await solo();
    const { clock, rate } = rateAt();
    const first = await Promise.all(Array.from({ length: LIMIT + 3 }, () => open("letters/letter/:id", cookie, rate)));
    const retryAfter = Number(first.find((a) => a.status === 429)!.retryAfter);
    // Still trying, within the window: refused, and still the same burst.
    clock.now += (retryAfter - 2) * 1000;
    expect((await open("reports/result/:id", cookie, rate)).status).toBe(429);
    expect(await rate.events(holder)).toHaveLength(1);
    // Once Retry-After has passed the window has room again.
    clock.now += 2000;
    expect((await open("reports/result/:id", cookie, rate)).status).toBe(200);
    // A quiet window later, a new burst is a new event.
    clock.now += WINDOW_S * 1000;
    const second = await Promise.all(Array.from({ length: LIMIT + 1 }, () => open("resources/file/:id", cookie, rate)));
    expect(second.filter((a) => a.status === 429)).toHaveLength(1);
    expect((await rate.events(holder)).map((e) => e.at)).toEqual(["2026-03-02T09:00:00.000Z", new Date(clock.now).toISOString()]);
  });

  it("slides: documents opened at the end of one window still count at the start of the next", async () => {
    const { cookie } = await solo();
    const { clock, rate } = rateAt();
    clock.now += (WINDOW_S - 6) * 1000;
    expect((await Promise.all(Array.from({ length: LIMIT }, () => open("letters/letter/:id", cookie, rate)))).every((a) => a.status === 200)).toBe(true);
    clock.now += 12_000;
    expect((await open("letters/letter/:id", cookie, rate)).status).toBe(429);
  });

  it("counts a burst that crosses a tenth's edge exactly, as an old tenth leaves the window (no refused document counted against another)", async () => {
    // Window 60 s in tenths of 6 s. Four documents in the first tenth; 54 s later a burst of twelve,
    // the first eight still in the last tenth of that window and the other four in the next, which no
    // longer holds the first four. Exactly: six then four served. Counting each document first and
    // taking a refused one back after (as the portal once did) let the later four count the earlier
    // refusals and served only two of them.
    const start = Date.parse("2026-03-02T09:00:00Z");
    const store = new MemoryStateStore(() => start);
    let calls = 0;
    const rate = new DocumentRate({ DOCUMENT_RATE_LIMIT: 10, DOCUMENT_RATE_WINDOW_SECONDS: WINDOW_S }, store, () => (++calls <= 4 ? start : calls <= 12 ? start + 54_000 : start + 60_000));
    const holder = "holder-at-the-edge";
    const early = await Promise.all(Array.from({ length: 4 }, () => rate.claim(holder, "s")));
    expect(early.every((v) => v.allowed)).toBe(true);
    const burst = await Promise.all(Array.from({ length: 12 }, () => rate.claim(holder, "s")));
    expect(burst.map((v) => v.allowed)).toEqual([...Array(6).fill(true), false, false, ...Array(4).fill(true)]);
    // The window (the last two tenths) now holds ten: the next is refused until the older tenth leaves.
    expect(await rate.claim(holder, "s")).toEqual({ allowed: false, retryAfterSeconds: 54 });
  });

  it("counts per account holder across their sessions and the family members they view, and across portal processes sharing the store", async () => {
    const holderSession = await solo();
    const other = await solo();
    const clock = { now: Date.parse("2026-03-02T09:00:00Z") };
    const store = new MemoryStateStore(() => clock.now);
    // Two processes: two counters over one store.
    const [one, two] = [new DocumentRate(settings, store, () => clock.now), new DocumentRate(settings, store, () => clock.now)];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => open("letters/letter/:id", i % 2 ? holderSession.cookie : other.cookie, i % 3 ? one : two)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMIT);
    expect(await one.events(holderSession.holder)).toHaveLength(1);
    // Another account holder has their own count; a holder viewing a family member counts as the holder.
    const family = await signedInToPortal(sessions.sessions, world, "family");
    const viewingChild = await signedInToPortal(sessions.sessions, world, "family", { memberId: "child-of-family" });
    expect(holderOf({ user: family.user })).not.toBe(holderSession.holder);
    expect(holderOf({ user: viewingChild.user })).toBe(holderOf({ user: family.user }));
  });

  it("keeps the record 90 days and shows the notice until the holder dismisses it; a later burst is noticed again", async () => {
    const { holder } = await solo();
    const { clock, rate } = rateAt();
    for (let i = 0; i <= LIMIT; i++) await rate.claim(holder, "session-a");
    const [event] = await rate.events(holder);
    expect(await rate.notice(holder)).toEqual(event);
    await rate.dismiss(holder, event.id);
    expect(await rate.notice(holder)).toBeNull();
    clock.now += 2 * WINDOW_S * 1000;
    for (let i = 0; i <= LIMIT; i++) await rate.claim(holder, "session-b");
    expect(await rate.notice(holder)).toMatchObject({ session: "session-b" });
    clock.now += 91 * 24 * 60 * 60 * 1000;
    expect(await rate.events(holder)).toEqual([]);
    expect(await rate.notice(holder)).toBeNull();
  });
});
