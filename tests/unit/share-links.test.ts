import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/form-data";
import { publicOriginOf } from "~/areas/summary/public-origin.server";
import { makeShareLink, ShareOriginTooLong } from "~/areas/summary/share-link-making.server";
import { hashPasscode, passcodeMatches, shareLinkStore, ShareLinksUnavailable } from "~/areas/summary/share-link-store.server";
import { decodeShlink, encodeShlink, manifestUrlOf, MANIFEST_URL_MAX, payloadProblems, randomBase64url, SHARE_ORIGIN_MAX, ShareLinkFormSchema, shareLinkStatus, type ShlinkPayload } from "~/areas/summary/shlink";
import { shareTexts as t } from "~/areas/summary/texts";

/**
 * The share link's payload and rules (SMART Health Links, decisions/305): the `shlink:/` encoding read
 * against the specification's own worked example, the payload's limits, the form's rules with their
 * words, a link's status, and the passcode's hash.
 */

// The specification's example (links-specification, "Example SMART Health Link Generation"): its bare link and the payload it holds.
const SPEC_LINK =
  "shlink:/eyJ1cmwiOiJodHRwczovL2Voci5leGFtcGxlLm9yZy9xci9ZOXh3a1VkdG1OOXd3b0pvTjNmZkpJaFgyVUd2Q0wxSm5sUFZOTDNrRFdNL20iLCJmbGFnIjoiTFAiLCJrZXkiOiJyeFRnWWxPYUtKUEZ0Y0VkMHFjY2VOOHdFVTRwOTRTcUF3SVdRZTZ1WDdRIiwibGFiZWwiOiJCYWNrLXRvLXNjaG9vbCBpbW11bml6YXRpb25zIGZvciBPbGl2ZXIgQnJvd24ifQ";
const SPEC_PAYLOAD = {
  url: "https://ehr.example.org/qr/Y9xwkUdtmN9wwoJoN3ffJIhX2UGvCL1JnlPVNL3kDWM/m",
  flag: "LP",
  key: "rxTgYlOaKJPFtcEd0qcceN8wEU4p94SqAwIWQe6uX7Q",
  label: "Back-to-school immunizations for Oliver Brown",
};

const payload = (over: Partial<ShlinkPayload> = {}): ShlinkPayload => ({ url: `https://portal.example.nz/shl/${randomBase64url(32)}`, key: randomBase64url(32), exp: 1_800_000_000, flag: "P", label: "For Dr Smith", v: 1, ...over });

describe("the shlink:/ encoding", () => {
  it("reads the specification's example link, and writes its payload back to the same link", () => {
    expect(decodeShlink(SPEC_LINK)).toEqual(SPEC_PAYLOAD);
    expect(encodeShlink(SPEC_PAYLOAD)).toBe(SPEC_LINK);
  });

  it("is the minified JSON, base64url without padding, after shlink:/; a viewer's address before # is read too", () => {
    const p = payload({ label: "Mō te tākuta: ā, ē" });
    const link = encodeShlink(p);
    expect(link).toMatch(/^shlink:\/[A-Za-z0-9_-]+$/);
    expect(Buffer.from(link.slice("shlink:/".length), "base64url").toString("utf8")).toBe(JSON.stringify(p));
    expect(decodeShlink(link)).toEqual(p);
    expect(decodeShlink(`https://viewer.example.org/#${link}`)).toEqual(p);
  });

  it("refuses what is not a link, and a payload the specification does not allow", () => {
    expect(() => decodeShlink("https://portal.example.nz/shl/abc")).toThrow(/Not a SMART Health Link/);
    expect(() => decodeShlink(`xshlink:/${encodeShlink(payload()).slice(8)}`)).toThrow(/Not a SMART Health Link/);
    expect(() => decodeShlink("shlink:/not json!")).toThrow();
    expect(payloadProblems(payload())).toEqual([]);
    expect(payloadProblems(payload({ url: `https://portal.example.nz/${"a".repeat(120)}` }))).toEqual(["url is longer than 128 characters"]);
    expect(payloadProblems(payload({ key: "short" }))).toEqual(["key is not 32 bytes of base64url"]);
    expect(payloadProblems(payload({ flag: "PL" }))).toEqual(["flag is not letters in alphabetical order"]);
    expect(payloadProblems(payload({ flag: "PU" }))).toEqual(["flag U is not allowed with P"]);
    expect(payloadProblems(payload({ label: "x".repeat(81) }))).toEqual(["label is longer than 80 characters"]);
    expect(payloadProblems(payload({ exp: 1.5 }))).toEqual(["exp is not whole seconds since the epoch"]);
    expect(() => encodeShlink(payload({ key: "short" }))).toThrow(/key is not 32 bytes/);
  });

  it("refuses a manifest address that is none or not http(s), an expiry not after the epoch, and flags not in capitals; takes each limit's edge", () => {
    expect(payloadProblems(payload({ url: "not an address" }))).toEqual(["url is not an address"]);
    expect(payloadProblems(payload({ url: `ftp://portal.example.nz/shl/${randomBase64url(32)}` }))).toEqual(["url is not http(s)"]);
    expect(payloadProblems(payload({ url: `http://localhost:5173/shl/${randomBase64url(32)}` }))).toEqual([]);
    expect(payloadProblems(payload({ exp: 0 }))).toEqual(["exp is not whole seconds since the epoch"]);
    expect(payloadProblems(payload({ exp: 1 }))).toEqual([]);
    expect(payloadProblems(payload({ flag: "p" }))).toEqual(["flag is not letters in alphabetical order"]);
    expect(payloadProblems(payload({ flag: "LP" }))).toEqual([]);
    expect(payloadProblems(payload({ flag: "U" }))).toEqual([]);
    expect(payloadProblems(payload({ flag: undefined, exp: undefined, label: undefined }))).toEqual([]);
    expect(payloadProblems(payload({ label: "x".repeat(80) }))).toEqual([]);
    expect(payloadProblems(payload({ url: `https://p.nz/${"a".repeat(MANIFEST_URL_MAX - "https://p.nz/".length)}` }))).toEqual([]);
    // A key with a character that is not base64url, before or after 43 that are, or one short.
    const key = randomBase64url(32);
    for (const wrong of [`=${key}`, `${key}=`, `${key.slice(0, 42)}=`, key.slice(0, 42), `${key}A`]) expect(payloadProblems(payload({ key: wrong }))).toEqual(["key is not 32 bytes of base64url"]);
    expect(() => decodeShlink(`shlink:/${Buffer.from(JSON.stringify(payload({ exp: -5 }))).toString("base64url")}`)).toThrow(/exp is not whole seconds/);
  });

  it("refuses a link written in plain base64 (+ and /), or of a length no bytes have", () => {
    const marked = { ...SPEC_PAYLOAD, label: "~~~???>>>" };
    const link = encodeShlink(marked);
    // This label's link holds both - and _ in base64url.
    expect(link).toMatch(/-/);
    expect(link).toMatch(/_/);
    expect(decodeShlink(link)).toEqual(marked);
    expect(() => decodeShlink(link.replace(/-/g, "+").replace(/_/g, "/"))).toThrow();
    expect(() => decodeShlink(`${link}=`)).toThrow();
    expect(() => decodeShlink(`${SPEC_LINK}AAA`)).toThrow();
  });

  it("random ids of any size are base64url without padding: 16 bytes are 22 characters, 2 bytes 3", () => {
    expect(randomBase64url(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomBase64url(2)).toMatch(/^[A-Za-z0-9_-]{3}$/);
    expect(randomBase64url(3)).toMatch(/^[A-Za-z0-9_-]{4}$/);
  });

  it("random ids are the length asked and base64url: 32 bytes are 43 characters, 256 bits", () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomBase64url(32)));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from([...ids][0], "base64url")).toHaveLength(32);
  });
});

describe("the origin a link names", () => {
  const request = new Request("http://10.0.0.5:3000/summary");
  /** An origin of this many characters, its labels within DNS's 63. */
  const originOf = (length: number) => `https://portal.${"x".repeat(length - "https://portal..example.nz".length)}.example.nz`;

  it("is PORTAL_ORIGIN when set, else the request's own", () => {
    expect(publicOriginOf(request, "https://portal.example.nz")).toBe("https://portal.example.nz");
    expect(publicOriginOf(request, undefined)).toBe("http://10.0.0.5:3000");
  });

  it("may be 80 characters at most: then the manifest's address is the spec's 128 exactly", () => {
    expect(SHARE_ORIGIN_MAX).toBe(80);
    const url = manifestUrlOf(originOf(SHARE_ORIGIN_MAX), randomBase64url(32));
    expect(url).toHaveLength(MANIFEST_URL_MAX);
    expect(payloadProblems(payload({ url }))).toEqual([]);
    expect(payloadProblems(payload({ url: manifestUrlOf(originOf(SHARE_ORIGIN_MAX + 1), randomBase64url(32)) }))).toEqual(["url is longer than 128 characters"]);
  });

  it("longer, no link is made: refused as such before anything is encrypted or kept", async () => {
    // A store that cannot be opened: reaching it would be refused as ShareLinksUnavailable instead.
    const closed = shareLinkStore(() => undefined);
    const maker = { apiBase: "https://practice.example.nz/api", patientId: "p1", holderKey: "h1" };
    const form = { passcode: "kiwi-fruit-42", expiryDays: 7, label: undefined };
    await expect(makeShareLink(closed, maker, "{}", form, originOf(SHARE_ORIGIN_MAX + 1))).rejects.toBeInstanceOf(ShareOriginTooLong);
    await expect(makeShareLink(closed, maker, "{}", form, originOf(SHARE_ORIGIN_MAX))).rejects.toBeInstanceOf(ShareLinksUnavailable);
  });
});

describe("the form that makes a link", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return parseForm(data, ShareLinkFormSchema);
  };

  it("takes a passcode, the days (7 unless chosen) and an optional label", () => {
    expect(form({ passcode: "kiwi-fruit", expiryDays: "7", label: "" })).toEqual({ ok: true, value: { passcode: "kiwi-fruit", expiryDays: 7, label: undefined } });
    expect(form({ passcode: "kiwi-fruit", expiryDays: " 90 ", label: "  For Dr Smith " })).toEqual({ ok: true, value: { passcode: "kiwi-fruit", expiryDays: 90, label: "For Dr Smith" } });
    // Each limit's own value is taken: a passcode of 6 or 40 characters, a day.
    expect(form({ passcode: "kiwi-f", expiryDays: "1" })).toEqual({ ok: true, value: { passcode: "kiwi-f", expiryDays: 1, label: undefined } });
    expect(form({ passcode: "k".repeat(40), expiryDays: "7" })).toMatchObject({ ok: true, value: { passcode: "k".repeat(40) } });
  });

  it("says plainly what is wrong with each field", () => {
    const refused = (fields: Record<string, string>) => {
      const parsed = form(fields);
      if (parsed.ok) throw new Error("accepted");
      return parsed.errors;
    };
    expect(refused({ passcode: "", expiryDays: "7" })).toMatchObject({ passcode: t.passcodeEmpty });
    expect(refused({ passcode: "12345", expiryDays: "7" })).toMatchObject({ passcode: t.passcodeShort });
    expect(refused({ passcode: "x".repeat(41), expiryDays: "7" })).toMatchObject({ passcode: t.passcodeLong });
    expect(refused({ passcode: " kiwifruit", expiryDays: "7" })).toMatchObject({ passcode: t.passcodeSpaces });
    expect(refused({ passcode: "kiwi\nfruit", expiryDays: "7" })).toMatchObject({ passcode: t.passcodeCharacters });
    expect(refused({ passcode: "kiwifruit", expiryDays: "91" })).toMatchObject({ expiryDays: t.expiryTooLong });
    expect(t.expiryTooLong).toMatch(/at most 90 days/);
    expect(refused({ passcode: "kiwifruit", expiryDays: "0" })).toMatchObject({ expiryDays: t.expiryTooShort });
    expect(refused({ passcode: "kiwifruit", expiryDays: "a week" })).toMatchObject({ expiryDays: t.expiryNumber });
    expect(refused({ passcode: "kiwifruit", expiryDays: "7 days" })).toMatchObject({ expiryDays: t.expiryNumber });
    expect(refused({ passcode: "kiwifruit", expiryDays: "x7" })).toMatchObject({ expiryDays: t.expiryNumber });
    expect(refused({ passcode: "kiwifruit", expiryDays: "" })).toMatchObject({ expiryDays: t.expiryEmpty });
    expect(refused({ passcode: "kiwifruit", expiryDays: "7", label: "x".repeat(81) })).toMatchObject({ label: t.labelLong });
  });
});

describe("a link's status and passcode", () => {
  const now = new Date("2026-11-26T00:00:00Z");
  const link = { expiresAt: new Date("2026-12-03T00:00:00Z"), revokedAt: null, endedAt: null };

  it("is active until it expires, and revoked or ended whatever its expiry", () => {
    expect(shareLinkStatus(link, now)).toBe("active");
    expect(shareLinkStatus(link, link.expiresAt)).toBe("expired");
    expect(shareLinkStatus({ ...link, revokedAt: now }, now)).toBe("revoked");
    expect(shareLinkStatus({ ...link, endedAt: now }, now)).toBe("ended");
  });

  it("keeps the passcode as a salted scrypt hash that only the same passcode matches", async () => {
    const [a, b] = await Promise.all([hashPasscode("kiwi-fruit"), hashPasscode("kiwi-fruit")]);
    expect(a).toMatch(/^scrypt\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("kiwi");
    expect(await passcodeMatches("kiwi-fruit", a)).toBe(true);
    expect(await passcodeMatches("kiwi-fruiT", a)).toBe(false);
    expect(await passcodeMatches("", a)).toBe(false);
  });
});
