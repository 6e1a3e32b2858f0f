import { describe, expect, it, vi } from "vitest";
import { deviceLabel, practiceKey, recordAccess, type AccessEvent } from "~/.server/access-entries.server";
import { observability } from "~/.server/observability.server";
import { sharePortalStore, unsharePortalStore, type PortalStore } from "~/.server/portal-store.server";
import { accessEventOf, recordAccessBy, recordPageView } from "~/.server/record-access.server";
import type { SignedIn } from "~/.server/session.server";
import { accountHolderKey, anonymousSessionId } from "~/.server/opaque-names.server";

/**
 * What the access record keeps of one access (issue 31, decisions/270 and 274), before any store: the
 * event a session's request becomes, the entry written for it, and the events refused (counted as
 * lost, nothing written). The store itself is the integration tests'.
 */

/** A store that keeps what it is handed for writing. */
function keepingStore() {
  const rows: Record<string, unknown>[] = [];
  const store = {
    insertLater(_operation: string, _table: unknown, row: Record<string, unknown>) {
      rows.push(row);
    },
    close: () => Promise.resolve(),
  } as unknown as PortalStore;
  return { store, rows };
}

async function lost(): Promise<number> {
  const values = (await observability().portalStoreWritesLost.get()).values;
  return values.find((v) => v.labels.operation === "access.record")?.value ?? 0;
}

const event = (over: Partial<AccessEvent> = {}): AccessEvent => ({
  practice: "https://practice.example.nz/api",
  patientId: "P-1001",
  holderKey: "h".repeat(43),
  proxyName: null,
  area: "letters",
  action: "view",
  userAgent: null,
  sessionId: "s".repeat(16),
  ...over,
});

describe("the practice as the record names it", () => {
  it("is a 22-character key of its API address, the same for the same address and another for another", () => {
    const key = practiceKey("https://practice.example.nz/api");
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(practiceKey("https://practice.example.nz/api")).toBe(key);
    expect(practiceKey("https://other.example.nz/api")).not.toBe(key);
    expect(key).not.toContain("practice");
  });
});

describe("the device an entry names", () => {
  const ua = {
    chromeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
    edgeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
    edgeAndroid: "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 EdgA/120.0.0.0",
    edgeIos: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/120.0 Mobile/15E148 Safari/605.1.15",
    edgeLegacy: "Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0 Safari/537.36 Edge/18.17763",
    samsung: "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
    opera: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0",
    operaOld: "Opera/9.80 (X11; Linux x86_64) Presto/2.12.388 Version/12.16",
    firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
    firefoxIos: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/121.0 Mobile/15E148 Safari/605.1.15",
    chromeIpad: "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1",
    chromiumLinux: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/119.0 Safari/537.36",
    chromeOs: "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
    safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
    safariIphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
    safariIpod: "Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Mobile/15E148 Safari/604.1",
    macOsXOnly: "SomeApp/1.0 (Mac OS X 14.0)",
    webViewNoVersion: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/604.1",
    curl: "curl/8.4.0",
  };

  it("names the browser and platform a person would recognise, however many other browsers the text also names", () => {
    expect(deviceLabel(ua.chromeWindows)).toBe("Chrome on Windows");
    expect(deviceLabel(ua.edgeWindows)).toBe("Edge on Windows");
    expect(deviceLabel(ua.edgeAndroid)).toBe("Edge on Android");
    expect(deviceLabel(ua.edgeIos)).toBe("Edge on iPhone");
    expect(deviceLabel(ua.edgeLegacy)).toBe("Edge on Windows");
    expect(deviceLabel(ua.samsung)).toBe("Samsung Internet on Android");
    expect(deviceLabel(ua.opera)).toBe("Opera on macOS");
    expect(deviceLabel(ua.operaOld)).toBe("Opera on Linux");
    expect(deviceLabel(ua.firefoxLinux)).toBe("Firefox on Linux");
    expect(deviceLabel(ua.firefoxIos)).toBe("Firefox on iPhone");
    expect(deviceLabel(ua.chromeIpad)).toBe("Chrome on iPad");
    expect(deviceLabel(ua.chromiumLinux)).toBe("Chrome on Linux");
    expect(deviceLabel(ua.chromeOs)).toBe("Chrome on ChromeOS");
    expect(deviceLabel(ua.safariMac)).toBe("Safari on macOS");
    expect(deviceLabel(ua.safariIphone)).toBe("Safari on iPhone");
    expect(deviceLabel(ua.safariIpod)).toBe("Safari on iPhone");
    expect(deviceLabel(ua.macOsXOnly)).toBe("Another browser on macOS");
  });

  it("says so when it cannot tell, rather than guessing", () => {
    expect(deviceLabel(ua.webViewNoVersion)).toBe("Another browser on iPhone");
    expect(deviceLabel(ua.curl)).toBe("Another browser on another device");
    expect(deviceLabel("")).toBe("Another browser on another device");
    expect(deviceLabel(null)).toBe("Another browser on another device");
    expect(deviceLabel(undefined)).toBe("Another browser on another device");
    // A word inside another is not the browser: "Edg/" only after a word boundary.
    expect(deviceLabel("Mozilla/5.0 (Windows NT 10.0) XEdg/1.0")).toBe("Another browser on Windows");
  });
});

describe("the entry written for an access", () => {
  it("keeps whose record, who, the area, the action, the item, the device and the session, at the time of the access", () => {
    const { store, rows } = keepingStore();
    const at = new Date("2026-11-27T01:02:03Z");
    recordAccess(event({ proxyName: "  Mere Smith ", itemId: "L-7", action: "download", area: "messages", userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0", at }), store);
    expect(rows).toEqual([
      {
        at,
        practiceKey: practiceKey("https://practice.example.nz/api"),
        patientId: "P-1001",
        holderKey: "h".repeat(43),
        proxyName: "Mere Smith",
        area: "messages",
        itemId: "L-7",
        action: "download",
        device: "Firefox on Linux",
        sessionId: "s".repeat(16),
      },
    ]);
  });

  it("is at the moment it was recorded unless given; no item and no proxy are kept as none; a device read earlier is kept as read", () => {
    const { store, rows } = keepingStore();
    const before = Date.now();
    recordAccess(event({ device: "Safari on iPhone", userAgent: "curl/8.4.0" }), store);
    const after = Date.now();
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect((row.at as Date).getTime()).toBeGreaterThanOrEqual(before);
    expect((row.at as Date).getTime()).toBeLessThanOrEqual(after);
    expect(row).toMatchObject({ itemId: null, proxyName: null, device: "Safari on iPhone" });
  });

  it("of a share link's use, names the practice by the key the store already has", () => {
    const { store, rows } = keepingStore();
    const key = practiceKey("https://practice.example.nz/api");
    recordAccess(event({ practice: { key } }), store);
    expect(rows[0]).toMatchObject({ practiceKey: key });
  });

  it("takes every field at its longest and shortest allowed", () => {
    const { store, rows } = keepingStore();
    recordAccess(event({ patientId: "a".repeat(128), itemId: "b".repeat(128), holderKey: "k".repeat(64), sessionId: "s".repeat(64), proxyName: "n".repeat(100), practice: { key: "p".repeat(64) } }), store);
    recordAccess(event({ patientId: "a", itemId: "b", holderKey: "k".repeat(16), sessionId: "s".repeat(8), proxyName: "n", practice: { key: "p".repeat(16) } }), store);
    expect(rows).toHaveLength(2);
  });
});

describe("an event the record refuses", () => {
  const refusals: [string, string, Partial<AccessEvent>][] = [
    ["an area outside the closed set", "area", { area: "Letters" as AccessEvent["area"] }],
    ["an action outside the closed set", "action", { action: "delete" as AccessEvent["action"] }],
    ["a practice key of the wrong shape", "practice", { practice: { key: "short" } }],
    ["a practice key too long", "practice", { practice: { key: "p".repeat(65) } }],
    ["a practice key with a character inside it no key has", "practice", { practice: { key: `${"p".repeat(10)} ${"p".repeat(10)}` } }],
    ["no patient", "patientId", { patientId: "" }],
    ["a patient id too long", "patientId", { patientId: "a".repeat(129) }],
    ["a patient id with a character inside it no id has", "patientId", { patientId: "P 1" }],
    ["an item id with a character inside it no id has", "itemId", { itemId: "L<7>x" }],
    ["an item id too long", "itemId", { itemId: "b".repeat(129) }],
    ["an empty item id", "itemId", { itemId: "" }],
    ["a holder key too short", "holderKey", { holderKey: "k".repeat(15) }],
    ["a holder key too long", "holderKey", { holderKey: "k".repeat(65) }],
    ["a holder key with a character inside it no key has", "holderKey", { holderKey: `${"k".repeat(10)}.${"k".repeat(10)}` }],
    ["a session too short", "sessionId", { sessionId: "s".repeat(7) }],
    ["a session too long", "sessionId", { sessionId: "s".repeat(65) }],
    ["a session with a character inside it no session id has", "sessionId", { sessionId: "ssss ssss" }],
    ["a proxy name with digits", "proxyName", { proxyName: "Mere 2 Smith" }],
    ["a proxy name with a line break", "proxyName", { proxyName: "Mere\nSmith" }],
    ["a proxy name of spaces only", "proxyName", { proxyName: "   " }],
    ["a proxy name too long", "proxyName", { proxyName: "n".repeat(101) }],
    ["a time that is no time", "at", { at: new Date(Number.NaN) }],
  ];

  it.each(refusals)("%s: nothing is written, and the write is counted as lost, naming the field (%s) and never its value", async (_why, field, over) => {
    const { store, rows } = keepingStore();
    const before = await lost();
    const logged = vi.spyOn(observability().logger, "error");
    try {
      recordAccess(event(over), store);
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ kind: "portal-store", operation: "access.record", error: `refused: ${field}` }), "portal store write lost");
    } finally {
      logged.mockRestore();
    }
    expect(rows).toEqual([]);
    expect(await lost()).toBe(before + 1);
  });

  it("with no store open: counted as lost, and the call still returns", async () => {
    const before = await lost();
    const logged = vi.spyOn(observability().logger, "error");
    try {
      expect(() => recordAccess(event(), undefined)).not.toThrow();
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ operation: "access.record", error: "no store" }), "portal store write lost");
    } finally {
      logged.mockRestore();
    }
    expect(await lost()).toBe(before + 1);
  });

  it("a good event is not counted as lost", async () => {
    const { store, rows } = keepingStore();
    const before = await lost();
    recordAccess(event(), store);
    expect(rows).toHaveLength(1);
    expect(await lost()).toBe(before);
  });
});

describe("the event a signed-in session's access becomes", () => {
  const apiBase = "https://practice.example.nz/api";
  const signedIn = (user: Partial<SignedIn["user"]> = {}) =>
    ({ session: { id: "session-secret-1234567890" }, user: { apiBase, userId: "P-1001", parentId: "P-1001", parentName: "Mere Smith", ...user } }) as unknown as Pick<SignedIn, "session" | "user">;
  const request = new Request("http://portal.test/letters", { headers: { "User-Agent": "curl/8.4.0" } });

  it("on one's own record: whose record and who, with no proxy named, the session never by its id", () => {
    expect(accessEventOf(signedIn(), request, { area: "letters", action: "view" })).toEqual({
      practice: apiBase,
      patientId: "P-1001",
      holderKey: accountHolderKey(apiBase, "P-1001"),
      proxyName: null,
      area: "letters",
      action: "view",
      itemId: null,
      userAgent: "curl/8.4.0",
      sessionId: anonymousSessionId("session-secret-1234567890"),
    });
  });

  it("on someone else's record: the viewed patient's, by the holder, named as their proxy", () => {
    const ev = accessEventOf(signedIn({ userId: "P-2002" }), request, { area: "results", action: "view", itemId: "R.9" });
    expect(ev).toMatchObject({ patientId: "P-2002", holderKey: accountHolderKey(apiBase, "P-1001"), proxyName: "Mere Smith", itemId: "R.9" });
  });

  it("a linked account's record named by the access is the one recorded, with its holder as proxy", () => {
    const ev = accessEventOf(signedIn(), request, { area: "access-record", action: "download", patientId: "P-3003" });
    expect(ev).toMatchObject({ patientId: "P-3003", proxyName: "Mere Smith" });
  });

  it("keeps only a name's characters of the proxy's name, and still names a proxy when none are left", () => {
    const name = (parentName: string) => accessEventOf(signedIn({ userId: "P-2002", parentName }), request, { area: "letters", action: "view" }).proxyName;
    expect(name("Mere\n<b>Smith</b>\t2nd")).toBe("Mere b Smith /b nd");
    expect(name("  Mere   Smith  ")).toBe("Mere Smith");
    expect(name("n".repeat(150))).toBe("n".repeat(100));
    expect(name("12345")).toBe("A linked account holder");
    expect(name("")).toBe("A linked account holder");
  });

  it("keeps an item id only of the practice's shape", () => {
    const item = (itemId: string | null | undefined) => accessEventOf(signedIn(), request, { area: "letters", action: "view", itemId }).itemId;
    expect(item("L-7")).toBe("L-7");
    expect(item("a".repeat(128))).toBe("a".repeat(128));
    expect(item("a".repeat(129))).toBeNull();
    expect(item("L 7")).toBeNull();
    expect(item("")).toBeNull();
    expect(item(null)).toBeNull();
    expect(item(undefined)).toBeNull();
  });

  it("a page view of a page the registry does not name records nothing and is no error; one whose address cannot be read is logged, never thrown at the page", () => {
    const logged = vi.spyOn(observability().logger, "error").mockImplementation(() => undefined);
    try {
      // No session is asked for: none of these names a page to record (a doubled slash is no page, never another host).
      recordPageView(new Request("http://portal.test/no-such-page"), new Response("ok"));
      recordPageView(new Request("http://portal.test//[x/"), new Response("ok"));
      expect(logged).not.toHaveBeenCalled();
      // An address the one reading refuses (a parameter given twice, decisions/392).
      expect(() => recordPageView(new Request("http://portal.test/letters?from=1&from=2"), new Response("ok"))).not.toThrow();
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ kind: "portal-store", operation: "access.record" }), "access not recorded");
    } finally {
      logged.mockRestore();
    }
  });

  it("is written through the shared store, and a failure there is logged, never thrown at the page", () => {
    const { store, rows } = keepingStore();
    sharePortalStore(store);
    try {
      recordAccessBy(signedIn(), request, { area: "letters", action: "view" });
      expect(rows).toMatchObject([{ patientId: "P-1001", area: "letters", action: "view", device: "Another browser on another device" }]);
    } finally {
      unsharePortalStore(store);
    }
    const failing = {
      insertLater: () => {
        throw new Error("store broke");
      },
      close: () => Promise.resolve(),
    } as unknown as PortalStore;
    sharePortalStore(failing);
    const logged = vi.spyOn(observability().logger, "error");
    try {
      expect(() => recordAccessBy(signedIn(), request, { area: "letters", action: "view" })).not.toThrow();
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ kind: "portal-store", operation: "access.record", error: "Error" }), "access not recorded");
      expect(JSON.stringify(logged.mock.calls)).not.toContain("P-1001");
    } finally {
      logged.mockRestore();
      unsharePortalStore(failing);
    }
  });
});
