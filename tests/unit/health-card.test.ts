import { describe, expect, it } from "vitest";
import { CardContentsSchema, type CardContents } from "~/areas/summary/card/contents";
import { cardContentsOf } from "~/areas/summary/card/contents.server";
import { isPastItsTime, isSealedCard, newSalt } from "~/lib/health-card/copy-shape";
import { CardNotOpened, openCard, sealCard } from "~/areas/summary/card/lock";
import { standingOf } from "~/lib/health-card/status";
import { AT, emptyRecord, fullRecord } from "../helpers/summary-record";

/**
 * The health card kept on a device (issue 71, decisions/405): what the card holds, made from the
 * practice's record; its seal under a passkey's secret (Web Crypto, as the browser has it); the shape a
 * copy must have to be read from the device; the portal's answer about which copies stand.
 */

const DAY = 24 * 60 * 60 * 1000;
const making = { copyId: "AAAAAAAAAAAAAAAAAAAAAA", madeAt: AT, expiresAt: new Date(AT.getTime() + 30 * DAY), contacts: true };
const secret = (fill: number) => new Uint8Array(32).fill(fill);

describe("what a card holds", () => {
  it("the person, the practice and its phone, allergies with severity and reaction, current medicines only, conditions, immunisations given, and when it was made and ends", () => {
    const card = cardContentsOf(fullRecord(), making);
    expect(CardContentsSchema.parse(card)).toEqual(card);
    expect(card.patient).toEqual({ name: "Aroha Ngata", nhi: "ZZZ0016", birthDate: "09-04-1968" });
    expect(card.practice).toEqual({ name: "Kōwhai Medical Centre", phone: "09 555 0199" });
    expect(card.allergies).toEqual([
      { name: "Penicillin", severity: "Severe", reaction: "Anaphylaxis" },
      { name: "Codeine", severity: "Moderate", reaction: "Nausea" },
      { name: "Latex", severity: "Mild", reaction: "" },
      { name: "Kiwifruit", severity: "", reaction: "" },
    ]);
    // Metformin is long term and runs to December; amoxicillin ended in June 2025: not a current medicine.
    expect(card.medicines).toEqual([{ name: "Metformin 500 mg tablet", instructions: "Take one tablet twice a day with food" }]);
    expect(card.conditions).toEqual([{ name: "Type 2 diabetes mellitus. Managed with metformin.", since: "14-03-2019" }]);
    expect(card.immunisations).toEqual([
      { name: "Influenza", given: "03-04-2026" },
      { name: "Td (ADT Booster)", given: "" },
    ]);
    expect([card.madeAt, card.expiresAt]).toEqual([AT.toISOString(), new Date(AT.getTime() + 30 * DAY).toISOString()]);
    expect(card.madeAtText).toBe("25-11-2026 at 2:30 pm");
    expect(card.partial).toEqual([]);
  });

  it("a medicine with no end, or one ending later today, is current; one ended yesterday is not", () => {
    const record = fullRecord();
    const [metformin] = record.medications;
    const ending = (endDate: string | undefined) => ({ ...metformin!, extension: { ...metformin!.extension, longTerm: false, endDate } });
    const medicines = (endDate: string | undefined) => cardContentsOf({ ...record, medications: [ending(endDate)] }, making).medicines.length;
    expect(medicines(undefined)).toBe(1);
    expect(medicines("2026-11-25")).toBe(1);
    expect(medicines("2026-11-24")).toBe(0);
  });

  it("emergency contacts with their relationship and phone, or null where the view does not reach the profile; a section the practice holds more of is said to be partial", () => {
    const record = emptyRecord();
    const withContact = {
      ...record,
      patient: { ...record.patient, contact: [{ id: "ec-1", name: { prefix: [], given: ["Wiremu"], family: "Ngata" }, relationship: [{ coding: [{ display: "Husband" }] }], telecom: [{ system: "phone", use: "home", value: "09 555 0102" }, { system: "phone", use: "mobile", value: "021 555 0102" }] }] },
      partial: { allergies: { read: 300 }, medications: { read: 500, total: 612 } },
    };
    const card = cardContentsOf(withContact, making);
    expect(card.contacts).toEqual([{ name: "Wiremu Ngata", relationship: "Husband", phone: "021 555 0102" }]);
    expect(card.partial).toEqual(["allergies", "medicines"]);
    expect(cardContentsOf(withContact, { ...making, contacts: false }).contacts).toBeNull();
    expect(card.allergies).toEqual([]);
  });
});

describe("the seal", () => {
  const card = (): CardContents => cardContentsOf(fullRecord(), making);
  const CREDENTIAL = "Y3JlZGVudGlhbC1vbmUtaWQ";

  it("opens with the secret it was sealed under, and holds nothing of the person in the clear", async () => {
    const sealed = await sealCard(card(), CREDENTIAL, newSalt(), secret(7));
    expect(isSealedCard(sealed)).toBe(true);
    expect(JSON.stringify(sealed)).not.toMatch(/Aroha|ZZZ0016|Penicillin|Metformin/);
    expect(await openCard(sealed, secret(7))).toEqual(card());
  });

  it("does not open with another passkey's secret, with its end moved on the device, or under another copy's id", async () => {
    const sealed = await sealCard(card(), CREDENTIAL, newSalt(), secret(7));
    await expect(openCard(sealed, secret(8))).rejects.toBeInstanceOf(CardNotOpened);
    await expect(openCard({ ...sealed, expiresAt: new Date(AT.getTime() + 365 * DAY).toISOString() }, secret(7))).rejects.toBeInstanceOf(CardNotOpened);
    await expect(openCard({ ...sealed, copyId: "BBBBBBBBBBBBBBBBBBBBBB" }, secret(7))).rejects.toBeInstanceOf(CardNotOpened);
    await expect(openCard({ ...sealed, credentialId: "b3RoZXItY3JlZGVudGlhbA" }, secret(7))).rejects.toBeInstanceOf(CardNotOpened);
    const flipped = sealed.sealed.startsWith("A") ? `B${sealed.sealed.slice(1)}` : `A${sealed.sealed.slice(1)}`;
    await expect(openCard({ ...sealed, sealed: flipped }, secret(7))).rejects.toBeInstanceOf(CardNotOpened);
  });

  it("seals each copy under its own key: the same card and secret give different seals", async () => {
    const [one, two] = await Promise.all([sealCard(card(), CREDENTIAL, newSalt(), secret(7)), sealCard(card(), CREDENTIAL, newSalt(), secret(7))]);
    expect(one.sealed).not.toBe(two.sealed);
    expect(one.iv).not.toBe(two.iv);
  });
});

describe("a copy as the device keeps it", () => {
  const copy = { version: 1, copyId: "AAAAAAAAAAAAAAAAAAAAAA", credentialId: "Y3JlZA", salt: "c2FsdA", iv: "aXY", sealed: "c2VhbGVk", expiresAt: "2026-12-25T01:30:00.000Z" };

  it("is read only in its whole shape", () => {
    expect(isSealedCard(copy)).toBe(true);
    for (const broken of [null, "text", { ...copy, version: 2 }, { ...copy, sealed: undefined }, { ...copy, iv: "not base64url!" }, { ...copy, expiresAt: "soon" }]) expect(isSealedCard(broken)).toBe(false);
  });

  it("is past its time from the moment it ends, by the device's clock", () => {
    const end = Date.parse(copy.expiresAt);
    expect(isPastItsTime(copy, end - 1)).toBe(false);
    expect(isPastItsTime(copy, end)).toBe(true);
  });
});

describe("the portal's word on which copies stand", () => {
  it("is its list of ids, or nothing at all for an answer of another shape", () => {
    expect(standingOf({ standing: ["a", "b"] })).toEqual(new Set(["a", "b"]));
    expect(standingOf({ standing: [] })).toEqual(new Set());
    for (const other of [null, {}, { standing: "a" }, { standing: [1] }, { message: "down" }]) expect(standingOf(other)).toBeNull();
  });
});
