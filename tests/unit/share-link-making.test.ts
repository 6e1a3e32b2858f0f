import { compactDecrypt, decodeProtectedHeader } from "jose";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { practiceKey } from "~/.server/access-entries.server";
import { assertShareOrigin, makeShareLink, qrCodeOf, ShareOriginTooLong, shareLinkViews } from "~/areas/summary/share-link-making.server";
import { DAY_MS, passcodeMatches, sha256, type NewShareLink, type ShareLinkRow, type ShareLinkStore } from "~/areas/summary/share-link-store.server";
import { decodeShlink, SHARE_ORIGIN_MAX } from "~/areas/summary/shlink";

/**
 * Making a share link (issue 32; decisions/305): what the link carries, what the store keeps (the
 * ciphertext and a hash of the passcode, never the key), the QR code and the list's words, over a
 * store that keeps what it is handed.
 */

const maker = { apiBase: "https://practice.example.nz/api", patientId: "P-2002", holderKey: "h".repeat(43) };
const SUMMARY = JSON.stringify({ resourceType: "Bundle", type: "document", entry: [] });
const NOW = new Date("2026-11-27T10:00:00.500Z");

function keepingStore() {
  const kept: NewShareLink[] = [];
  const store = { insert: (link: NewShareLink) => Promise.resolve(void kept.push(link)) } as unknown as ShareLinkStore;
  return { store, kept };
}

describe("a link made", () => {
  it("carries the manifest's address, the key, its end, the passcode flag and the label; the store keeps the ciphertext and the passcode's hash", async () => {
    const { store, kept } = keepingStore();
    const made = await makeShareLink(store, maker, SUMMARY, { passcode: "kiwi-fruit-42", expiryDays: 7, label: "For Dr Smith" }, "https://portal.example.nz", NOW);
    const expiresAt = new Date(NOW.getTime() + 7 * DAY_MS);
    expect(made.expiresAt).toEqual(expiresAt);
    expect(made.label).toBe("For Dr Smith");
    expect(decodeShlink(made.shlink)).toEqual(made.payload);
    const { payload } = made;
    expect(payload).toEqual({ url: expect.stringMatching(/^https:\/\/portal\.example\.nz\/shl\/[A-Za-z0-9_-]{43}$/), key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), exp: Math.floor(expiresAt.getTime() / 1000), flag: "P", label: "For Dr Smith", v: 1 });
    const manifestId = payload.url.split("/").pop()!;

    expect(kept).toHaveLength(1);
    const [row] = kept;
    expect(row).toEqual({
      id: made.id,
      manifestHash: sha256(manifestId),
      practiceKey: practiceKey(maker.apiBase),
      patientId: "P-2002",
      holderKey: maker.holderKey,
      label: "For Dr Smith",
      passcodeHash: expect.any(String),
      file: expect.any(String),
      createdAt: NOW,
      expiresAt,
    });
    expect(made.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await passcodeMatches("kiwi-fruit-42", row.passcodeHash)).toBe(true);
    expect(JSON.stringify(row)).not.toContain(payload.key);
    expect(JSON.stringify(row)).not.toContain(manifestId);
    expect(JSON.stringify(row)).not.toContain("kiwi-fruit-42");

    expect(decodeProtectedHeader(row.file)).toEqual({ alg: "dir", enc: "A256GCM", cty: "application/fhir+json" });
    const { plaintext } = await compactDecrypt(row.file, Buffer.from(payload.key, "base64url"));
    expect(new TextDecoder().decode(plaintext)).toBe(SUMMARY);
  });

  it("without a label carries none, and a fresh key and address each time", async () => {
    const { store, kept } = keepingStore();
    const form = { passcode: "kiwi-fruit-42", expiryDays: 90, label: undefined };
    const first = await makeShareLink(store, maker, SUMMARY, form, "https://portal.example.nz", NOW);
    const second = await makeShareLink(store, maker, SUMMARY, form, "https://portal.example.nz", NOW);
    expect(first.payload).not.toHaveProperty("label");
    expect(first.label).toBeNull();
    expect(kept[0].label).toBeNull();
    expect(first.expiresAt).toEqual(new Date(NOW.getTime() + 90 * DAY_MS));
    expect(second.payload.key).not.toBe(first.payload.key);
    expect(second.payload.url).not.toBe(first.payload.url);
    expect(second.id).not.toBe(first.id);
  });

  it("keeps nothing when the store refuses it, and says so", async () => {
    const store = { insert: () => Promise.reject(new Error("store away")) } as unknown as ShareLinkStore;
    await expect(makeShareLink(store, maker, SUMMARY, { passcode: "kiwi-fruit-42", expiryDays: 7, label: undefined }, "https://portal.example.nz", NOW)).rejects.toThrow("store away");
  });
});

describe("the origin a link may name", () => {
  it(`is at most ${SHARE_ORIGIN_MAX} characters; a longer one is refused with its length`, () => {
    expect(() => assertShareOrigin("o".repeat(SHARE_ORIGIN_MAX))).not.toThrow();
    let refused: unknown;
    try {
      assertShareOrigin("o".repeat(SHARE_ORIGIN_MAX + 1));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ShareOriginTooLong);
    expect(refused).toMatchObject({ name: "ShareOriginTooLong", originLength: SHARE_ORIGIN_MAX + 1, message: `The portal's origin is ${SHARE_ORIGIN_MAX + 1} characters; a share link allows at most ${SHARE_ORIGIN_MAX}` });
  });
});

describe("the QR code of a link", () => {
  it("is an SVG image address, with the spec's error correction M and a quiet zone of two modules", async () => {
    const shlink = "shlink:/eyJ1cmwiOiJodHRwczovL3BvcnRhbC5leGFtcGxlLm56L3NobC9hYmMiLCJrZXkiOiJ4eXoifQ";
    const address = await qrCodeOf(shlink);
    const prefix = "data:image/svg+xml;base64,";
    expect(address.startsWith(prefix)).toBe(true);
    const svg = Buffer.from(address.slice(prefix.length), "base64").toString("utf8");
    expect(svg).toMatch(/^<svg /);
    const size = QRCode.create(shlink, { errorCorrectionLevel: "M" }).modules.size + 2 * 2;
    expect(svg).toContain(`viewBox="0 0 ${size} ${size}"`);
  });
});

describe("the list of links", () => {
  it("shows each link's label, dates, uses and status", () => {
    const row = (over: Partial<ShareLinkRow>): ShareLinkRow => ({ id: "a", label: null, createdAt: new Date("2026-11-20T00:00:00Z"), expiresAt: new Date("2026-11-30T00:00:00Z"), revokedAt: null, endedAt: null, uses: 0, wrongPasscodes: 0, ...over });
    const now = new Date("2026-11-27T00:00:00Z");
    expect(shareLinkViews([row({ id: "a", label: "For Dr Smith", uses: 3 }), row({ id: "b", expiresAt: now }), row({ id: "c", revokedAt: now })], now)).toEqual([
      { id: "a", label: "For Dr Smith", created: new Date("2026-11-20T00:00:00Z"), expires: new Date("2026-11-30T00:00:00Z"), uses: 3, status: "active" },
      { id: "b", label: null, created: new Date("2026-11-20T00:00:00Z"), expires: now, uses: 0, status: "expired" },
      { id: "c", label: null, created: new Date("2026-11-20T00:00:00Z"), expires: new Date("2026-11-30T00:00:00Z"), uses: 0, status: "revoked" },
    ]);
  });
});
