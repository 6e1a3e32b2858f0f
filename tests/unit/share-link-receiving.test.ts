import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { practiceKey } from "~/.server/access-entries.server";
import { config } from "~/.server/config.server";
import { sharePortalStore, unsharePortalStore, type PortalStore } from "~/.server/portal-store.server";
import { MemoryStateStore, type StateStore } from "~/.server/state-store.server";
import { MANIFEST_BODY_BYTES, SHARE_CORS } from "~/areas/summary/share-link-paths";
import { fileResponse, manifestResponse, portalReceivingSide, SHARE_REQUESTS_PER_MINUTE, type ReceivingSide } from "~/areas/summary/share-link-receiving.server";
import { hashPasscode, sha256, ShareLinksUnavailable, type ShareLinkStore } from "~/areas/summary/share-link-store.server";
import { FHIR_JSON, MAX_WRONG_PASSCODES, randomBase64url } from "~/areas/summary/shlink";

/**
 * The receiving side of a share link (SMART Health Links, decisions/305-309), over a store kept in
 * memory that keeps the store's rules (a try claimed before the passcode is checked, a ticket used
 * once): who may read the summary through a link, what they are told, and what the person's access
 * record keeps of it. The store's own statements are the integration tests'.
 */

const PASSCODE = "kiwi-fruit-42";
const FILE = "eyJhbGciOiJkaXIifQ..iv.ciphertext.tag";
const CREATED = new Date("2026-11-20T00:00:00Z");
const NOW = new Date("2026-11-27T10:00:15Z");
const DAY = 24 * 60 * 60 * 1000;
const PRACTICE = practiceKey("https://practice.example.nz/api");

interface Link {
  id: string;
  manifestHash: string;
  practiceKey: string;
  patientId: string;
  passcodeHash: string;
  wrongPasscodes: number;
  file: string | null;
  createdAt: Date;
  expiresAt: Date;
  ended: boolean;
  revoked: boolean;
  uses: number;
}

/** One link in a store kept in memory, with the store's rules. */
function memoryStore(link: Link) {
  const tickets = new Map<string, { expiresAt: Date; used: boolean }>();
  const state = { busy: false, asked: 0 };
  const works = (now: Date) => !link.revoked && !link.ended && link.expiresAt.getTime() > now.getTime();
  const store = {
    claimTry: (hash: string, now: Date) => {
      state.asked += 1;
      if (state.busy || hash !== link.manifestHash || !works(now) || link.wrongPasscodes >= MAX_WRONG_PASSCODES) return Promise.resolve(undefined);
      link.wrongPasscodes += 1;
      const { id, practiceKey, patientId, passcodeHash, wrongPasscodes, file, createdAt } = link;
      return Promise.resolve({ id, practiceKey, patientId, passcodeHash, wrongPasscodes, file, createdAt });
    },
    working: (hash: string, now: Date) => {
      state.asked += 1;
      return Promise.resolve(hash === link.manifestHash && works(now) ? { wrongPasscodes: link.wrongPasscodes } : undefined);
    },
    accepted: (id: string) => {
      if (id === link.id) {
        link.wrongPasscodes = Math.max(link.wrongPasscodes - 1, 0);
        link.uses += 1;
      }
      return Promise.resolve();
    },
    refused: (id: string) => {
      const ends = id === link.id && !link.ended && link.wrongPasscodes >= MAX_WRONG_PASSCODES;
      if (ends) Object.assign(link, { ended: true, file: null });
      return Promise.resolve({ ended: ends });
    },
    issueTicket: (id: string, now: Date) => {
      expect(id).toBe(link.id);
      const ticket = randomBase64url(32);
      tickets.set(ticket, { expiresAt: new Date(now.getTime() + 5 * 60_000), used: false });
      return Promise.resolve(ticket);
    },
    redeem: (ticket: string, now: Date) => {
      state.asked += 1;
      const held = tickets.get(ticket);
      if (!held || held.used || held.expiresAt.getTime() <= now.getTime()) return Promise.resolve(undefined);
      held.used = true;
      return Promise.resolve(works(now) && link.file ? { id: link.id, practiceKey: link.practiceKey, patientId: link.patientId, file: link.file } : undefined);
    },
  } as unknown as ShareLinkStore;
  return { store, state, tickets };
}

async function newLink(over: Partial<Link> = {}) {
  const manifestId = randomBase64url(32);
  const link: Link = {
    id: randomBase64url(16),
    manifestHash: sha256(manifestId),
    practiceKey: PRACTICE,
    patientId: "P-1001",
    passcodeHash: await hashPasscode(PASSCODE),
    wrongPasscodes: 0,
    file: FILE,
    createdAt: CREATED,
    expiresAt: new Date("2026-12-04T00:00:00Z"),
    ended: false,
    revoked: false,
    uses: 0,
    ...over,
  };
  return { link, manifestId, ...memoryStore(link) };
}

/** What the access record is handed, through the process's store. */
const recorded: Record<string, unknown>[] = [];
const accessStore = {
  insertLater: (_operation: string, _table: unknown, row: Record<string, unknown>) => recorded.push(row),
  close: () => Promise.resolve(),
} as unknown as PortalStore;
beforeEach(() => {
  recorded.length = 0;
  sharePortalStore(accessStore);
});
afterEach(() => unsharePortalStore(accessStore));

const post = (body: unknown, { type = "application/json", address = "203.0.113.7", raw }: { type?: string; address?: string; raw?: string } = {}) =>
  new Request("https://portal.example.nz/shl/x", { method: "POST", headers: { "Content-Type": type, "x-portal-client-address": address, "User-Agent": "curl/8.4.0" }, body: raw ?? JSON.stringify(body) });

const sideOf = (store: ShareLinkStore, over: Partial<ReceivingSide> = {}): ReceivingSide => ({ store, counts: new MemoryStateStore(), now: () => NOW, origin: "https://portal.example.nz", ...over });

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("a manifest request", () => {
  it("with the right passcode: the file at a one-use address of the portal's origin, the use counted and recorded on the person's record", async () => {
    const { link, manifestId, store, tickets } = await newLink();
    const response = await manifestResponse(post({ recipient: "Dr Smith", passcode: PASSCODE }), manifestId, sideOf(store));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json");
    for (const [name, value] of Object.entries(SHARE_CORS)) expect(response.headers.get(name)).toBe(value);
    const { files } = (await response.json()) as { files: Record<string, string>[] };
    expect(files).toHaveLength(1);
    const [ticket] = [...tickets.keys()];
    expect(files[0]).toEqual({ contentType: FHIR_JSON, lastUpdated: CREATED.toISOString(), status: "finalized", fhirVersion: "4.0.1", location: `https://portal.example.nz/shl/file/${ticket}` });
    expect(link).toMatchObject({ uses: 1, wrongPasscodes: 0, ended: false });
    expect(recorded).toEqual([
      expect.objectContaining({ practiceKey: PRACTICE, patientId: "P-1001", holderKey: `shl_${link.id}`, proxyName: "Someone with a share link", area: "summary", action: "share-manifest-fetched", itemId: link.id, sessionId: link.id, device: "Another browser on another device" }),
    ]);
  });

  it("names the request's own origin in the file's address when the portal's is not set", async () => {
    const { manifestId, store } = await newLink();
    const { body } = await answer(await manifestResponse(post({ recipient: "Dr Smith", passcode: PASSCODE }), manifestId, sideOf(store, { origin: undefined })));
    expect((body.files as Record<string, string>[])[0].location).toMatch(/^https:\/\/portal\.example\.nz\/shl\/file\/[A-Za-z0-9_-]{43}$/);
  });

  it("embeds the file when the receiving app takes one that long, and only then", async () => {
    const { manifestId, store, tickets } = await newLink();
    const files = async (embeddedLengthMax: number) => ((await answer(await manifestResponse(post({ recipient: "Dr Smith", passcode: PASSCODE, embeddedLengthMax }), manifestId, sideOf(store)))).body.files as Record<string, string>[])[0];
    expect(await files(FILE.length)).toMatchObject({ embedded: FILE });
    expect(await files(FILE.length + 100)).toMatchObject({ embedded: FILE });
    expect(tickets.size).toBe(0);
    const located = await files(FILE.length - 1);
    expect(located.embedded).toBeUndefined();
    expect(located.location).toContain("/shl/file/");
    expect(await files(0)).not.toHaveProperty("embedded");
  });

  it("with a wrong passcode: 401 with the tries left, counted, and recorded as a wrong passcode", async () => {
    const { link, manifestId, store } = await newLink();
    const { status, body } = await answer(await manifestResponse(post({ recipient: "Dr Smith", passcode: "kiwi-fruit-43" }), manifestId, sideOf(store)));
    expect(status).toBe(401);
    expect(body).toEqual({ remainingAttempts: MAX_WRONG_PASSCODES - 1 });
    expect(link).toMatchObject({ wrongPasscodes: 1, uses: 0, ended: false });
    expect(recorded).toEqual([expect.objectContaining({ action: "share-passcode-wrong", patientId: "P-1001", itemId: link.id })]);
  });

  it("with no passcode: 401 with the tries left, nothing counted or recorded; an unknown link is 404 all the same", async () => {
    const { link, manifestId, store } = await newLink({ wrongPasscodes: 3 });
    for (const body of [{ recipient: "Dr Smith" }, { recipient: "Dr Smith", passcode: "" }]) {
      expect(await answer(await manifestResponse(post(body), manifestId, sideOf(store)))).toEqual({ status: 401, body: { remainingAttempts: MAX_WRONG_PASSCODES - 3 } });
    }
    expect(link.wrongPasscodes).toBe(3);
    expect(recorded).toEqual([]);
    expect((await manifestResponse(post({ recipient: "Dr Smith" }), randomBase64url(32), sideOf(store))).status).toBe(404);
  });

  it("the tenth wrong passcode ends the link, recorded as ended; then even the right one is refused as no link", async () => {
    const { link, manifestId, store } = await newLink({ wrongPasscodes: MAX_WRONG_PASSCODES - 1 });
    expect(await answer(await manifestResponse(post({ recipient: "Dr Smith", passcode: "wrong-one" }), manifestId, sideOf(store)))).toEqual({ status: 401, body: { remainingAttempts: 0 } });
    expect(link).toMatchObject({ ended: true, file: null });
    expect(recorded.map((r) => r.action)).toEqual(["share-passcode-wrong", "share-link-ended"]);
    expect((await manifestResponse(post({ recipient: "Dr Smith", passcode: PASSCODE }), manifestId, sideOf(store))).status).toBe(404);
    expect((await manifestResponse(post({ recipient: "Dr Smith" }), manifestId, sideOf(store))).status).toBe(404);
  });

  it("a right passcode on a link whose file is gone opens nothing: refused as a wrong one", async () => {
    const { link, manifestId, store } = await newLink({ file: null });
    expect((await manifestResponse(post({ recipient: "Dr Smith", passcode: PASSCODE }), manifestId, sideOf(store))).status).toBe(401);
    expect(link.uses).toBe(0);
    expect(recorded.map((r) => r.action)).toEqual(["share-passcode-wrong"]);
  });

  it("while every try left is being checked, says wait rather than no link; a link that stopped working is 404", async () => {
    const { link, manifestId, store, state } = await newLink();
    state.busy = true;
    const response = await manifestResponse(post({ recipient: "Dr Smith", passcode: PASSCODE }), manifestId, sideOf(store));
    expect(response.status).toBe(429);
    expect(link.uses).toBe(0);
    link.revoked = true;
    expect((await manifestResponse(post({ recipient: "Dr Smith", passcode: PASSCODE }), manifestId, sideOf(store))).status).toBe(404);
  });

  it("is refused as no link for an id that is not one, before the store is asked", async () => {
    const { manifestId, store, state } = await newLink();
    for (const id of [manifestId.slice(1), `${manifestId}x`, `${manifestId.slice(1)}.`, `.${manifestId.slice(1)}`]) {
      for (const body of [{ recipient: "Dr Smith", passcode: PASSCODE }, { recipient: "Dr Smith" }]) {
        expect(await answer(await manifestResponse(post(body), id, sideOf(store)))).toEqual({ status: 404, body: { error: "This link does not exist, has expired or was revoked." } });
      }
    }
    expect(state.asked).toBe(0);
  });

  it("takes only a POST", async () => {
    const { manifestId, store } = await newLink();
    const response = await manifestResponse(new Request("https://portal.example.nz/shl/x"), manifestId, sideOf(store));
    expect(response.status).toBe(405);
    expect(((await response.json()) as { error: string }).error).not.toBe("");
    expect(response.headers.get("Allow")).toBe("POST, OPTIONS");
  });

  it("takes only JSON, small, with a recipient, and a passcode and length of the right kinds", async () => {
    const { link, manifestId, store } = await newLink();
    const status = async (body: unknown, options?: Parameters<typeof post>[1]) => (await manifestResponse(post(body, options), manifestId, sideOf(store))).status;
    expect(await status({ recipient: "Dr Smith", passcode: PASSCODE }, { type: "Application/JSON; charset=utf-8" })).toBe(200);
    expect(await status({ recipient: "Dr Smith", passcode: PASSCODE }, { type: "application/json ; charset=utf-8" })).toBe(200);
    expect(await status({ recipient: "r".repeat(500) })).toBe(401);
    const atTheLimit = JSON.stringify({ recipient: "Dr Smith", padding: "" });
    expect(await status(null, { raw: JSON.stringify({ recipient: "Dr Smith", padding: "x".repeat(MANIFEST_BODY_BYTES - atTheLimit.length) }) })).toBe(401);
    expect(await status({ recipient: "Dr Smith", embeddedLengthMax: 0 })).toBe(401);
    const refused = [
      [{ recipient: "Dr Smith" }, { type: "text/plain" }],
      [{ recipient: "Dr Smith", padding: "x".repeat(5000) }, undefined],
      [null, { raw: "{not json" }],
      [null, undefined],
      [[{ recipient: "Dr Smith" }], undefined],
      ["Dr Smith", undefined],
      [{}, undefined],
      [{ recipient: 7 }, undefined],
      [{ recipient: "   " }, undefined],
      [{ recipient: "r".repeat(501) }, undefined],
      [{ recipient: "Dr Smith", passcode: 123456 }, undefined],
      [{ recipient: "Dr Smith", embeddedLengthMax: "100" }, undefined],
      [{ recipient: "Dr Smith", embeddedLengthMax: 1.5 }, undefined],
      [{ recipient: "Dr Smith", embeddedLengthMax: -1 }, undefined],
    ] as const;
    for (const [body, options] of refused) {
      expect(await answer(await manifestResponse(post(body, options), manifestId, sideOf(store)))).toEqual({ status: 400, body: { error: "The request must be JSON with a recipient." } });
    }
    expect(link).toMatchObject({ wrongPasscodes: 0, uses: 2 });
  });

  it("answers 503, to try again, when the store cannot be asked", async () => {
    const unavailable = () => Promise.reject(new ShareLinksUnavailable());
    const store = { working: unavailable, claimTry: unavailable } as unknown as ShareLinkStore;
    for (const body of [{ recipient: "Dr Smith" }, { recipient: "Dr Smith", passcode: PASSCODE }]) {
      const response = await manifestResponse(post(body), randomBase64url(32), sideOf(store));
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("30");
    }
    const broken = { working: () => Promise.reject(new TypeError("a bug")) } as unknown as ShareLinkStore;
    await expect(manifestResponse(post({ recipient: "Dr Smith" }), randomBase64url(32), sideOf(broken))).rejects.toThrow("a bug");
  });
});

describe("the receiving side's own clock and record", () => {
  it("reads the time itself when given no clock", async () => {
    const { manifestId, store, link } = await newLink({ createdAt: new Date(Date.now() - DAY), expiresAt: new Date(Date.now() + DAY) });
    const side = { store, counts: new MemoryStateStore() };
    expect((await manifestResponse(post({ recipient: "Dr Smith", passcode: PASSCODE }), manifestId, side)).status).toBe(200);
    expect(link.uses).toBe(1);
    expect((await fileResponse(new Request("https://portal.example.nz/shl/file/x"), randomBase64url(32), side)).status).toBe(404);
  });

  it("answers the receiving app even when the access record cannot take the use", async () => {
    const { manifestId, store } = await newLink();
    const failing = {
      insertLater: () => {
        throw new Error("store broke");
      },
      close: () => Promise.resolve(),
    } as unknown as PortalStore;
    sharePortalStore(failing);
    try {
      expect((await manifestResponse(post({ recipient: "Dr Smith", passcode: PASSCODE }), manifestId, sideOf(store))).status).toBe(200);
    } finally {
      unsharePortalStore(failing);
    }
  });
});

describe("the rate limit of the receiving side", () => {
  it(`takes ${SHARE_REQUESTS_PER_MINUTE} requests an address a minute; the next is told when the minute ends, and another address is not held up`, async () => {
    const { manifestId, store } = await newLink();
    const side = sideOf(store);
    for (let i = 0; i < SHARE_REQUESTS_PER_MINUTE; i++) expect((await manifestResponse(post({ recipient: "Dr Smith" }), manifestId, side)).status).toBe(401);
    const held = await manifestResponse(post({ recipient: "Dr Smith" }), manifestId, side);
    expect(held.status).toBe(429);
    expect(held.headers.get("Retry-After")).toBe("45");
    expect(((await held.json()) as { error: string }).error).not.toBe("");
    // The same minute, later in it: still held.
    const later = { ...side, now: () => new Date(NOW.getTime() + 40_000) };
    expect((await manifestResponse(post({ recipient: "Dr Smith" }), manifestId, later)).status).toBe(429);
    expect((await fileResponse(new Request("https://portal.example.nz/shl/file/x", { headers: { "x-portal-client-address": "203.0.113.7" } }), randomBase64url(32), side)).status).toBe(429);
    expect((await manifestResponse(post({ recipient: "Dr Smith" }, { address: "198.51.100.1" }), manifestId, side)).status).toBe(401);
    const nextMinute = { ...side, now: () => new Date(NOW.getTime() + 60_000) };
    expect((await manifestResponse(post({ recipient: "Dr Smith" }), manifestId, nextMinute)).status).toBe(401);
  });

  it("when it cannot count: the manifest is not answered (503), the file still is", async () => {
    const { manifestId, store } = await newLink();
    const counts = { increment: () => Promise.reject(new Error("state store away")) } as unknown as StateStore;
    const side = sideOf(store, { counts });
    const refused = await manifestResponse(post({ recipient: "Dr Smith", passcode: PASSCODE }), manifestId, side);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("30");
    expect(((await refused.json()) as { error: string }).error).not.toBe("");
    const { body } = await answer(await manifestResponse(post({ recipient: "Dr Smith", passcode: PASSCODE }), manifestId, sideOf(store)));
    const ticket = (body.files as Record<string, string>[])[0].location.split("/").pop()!;
    expect((await fileResponse(new Request("https://portal.example.nz/shl/file/x"), ticket, side)).status).toBe(200);
  });
});

describe("a file request", () => {
  const get = () => new Request("https://portal.example.nz/shl/file/x", { headers: { "x-portal-client-address": "203.0.113.7" } });

  async function ticketOf() {
    const made = await newLink();
    const { body } = await answer(await manifestResponse(post({ recipient: "Dr Smith", passcode: PASSCODE }), made.manifestId, sideOf(made.store)));
    recorded.length = 0;
    return { ...made, ticket: (body.files as Record<string, string>[])[0].location.split("/").pop()! };
  }

  it("answers the encrypted file once per ticket, recorded on the person's record", async () => {
    const { link, store, ticket } = await ticketOf();
    const response = await fileResponse(get(), ticket, sideOf(store));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/jose");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toBe(FILE);
    expect(recorded).toEqual([expect.objectContaining({ action: "share-file-fetched", patientId: "P-1001", practiceKey: PRACTICE, itemId: link.id })]);
    expect((await fileResponse(get(), ticket, sideOf(store))).status).toBe(404);
    expect(recorded).toHaveLength(1);
  });

  it("refuses a ticket of the wrong shape, or of a link that no longer works", async () => {
    const { link, store, ticket, state } = await ticketOf();
    const asked = state.asked;
    expect((await fileResponse(get(), `${ticket.slice(1)}.`, sideOf(store))).status).toBe(404);
    expect((await fileResponse(get(), ticket.slice(1), sideOf(store))).status).toBe(404);
    expect(state.asked).toBe(asked);
    link.revoked = true;
    expect((await fileResponse(get(), ticket, sideOf(store))).status).toBe(404);
    expect(recorded).toEqual([]);
  });

  it("answers 503 when the store cannot be asked, and lets any other failure through", async () => {
    const unavailable = { redeem: () => Promise.reject(new ShareLinksUnavailable()) } as unknown as ShareLinkStore;
    const response = await fileResponse(get(), randomBase64url(32), sideOf(unavailable));
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("30");
    const broken = { redeem: () => Promise.reject(new TypeError("a bug")) } as unknown as ShareLinkStore;
    await expect(fileResponse(get(), randomBase64url(32), sideOf(broken))).rejects.toThrow("a bug");
  });
});

describe("the receiving side the portal runs", () => {
  it("counts in the state store it is given, and names the portal's configured origin", () => {
    const counts = new MemoryStateStore();
    const side = portalReceivingSide(counts);
    expect(side.counts).toBe(counts);
    expect(side.origin).toBe(config.PORTAL_ORIGIN);
    expect(typeof side.store.claimTry).toBe("function");
  });
});
