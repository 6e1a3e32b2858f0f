import { describe, expect, it } from "vitest";
import { LetterSlots, LettersReplySchema, MediaReplySchema } from "@contract/documents";
import { toBundle } from "@contract/fhir";
import { parseForm } from "~/lib/form-data";
import { LetterRangeSchema, rangeQuery } from "~/areas/letters/search";
import { letterFileName, letterTileOf, newestFirst } from "~/lib/letters-view";
import { listingSearch, MAX_PAGES, pagesOf } from "~/lib/listing";
import { dateRangeTexts } from "~/lib/texts/date-range";
import { lettersTexts } from "~/areas/letters/texts";
import { resourceFileName, resourceItemOf } from "~/areas/resources/view";

/** The Letters and Resources screens' mappers (read through the contract's slot layout) and the date range form. */

/** A letter as the practice sends it: the date in extension[0] (contract/documents.ts LetterSlots). */
function wireLetters(letters: Array<{ id: string; type: string; date: string; contentType?: string }>) {
  return LettersReplySchema.parse(
    toBundle(
      letters.map((l) => ({
        resourceType: "DocumentReference",
        id: l.id,
        type: { coding: [{ display: l.type }] },
        extension: LetterSlots.write({ date: l.date }),
        content: [{ attachment: { contentType: l.contentType ?? "application/pdf" } }],
      })),
    ),
  ).resources;
}

function wireMedia(items: Array<{ id: string; title: string; contentType: "application/pdf" | "link"; url?: string }>) {
  return MediaReplySchema.parse(toBundle(items.map((m) => ({ resourceType: "Media", id: m.id, content: { title: m.title, contentType: m.contentType, ...(m.url === undefined ? {} : { url: m.url }) } })))).resources;
}

describe("letter tiles", () => {
  it("reads the type and the positional date, shown DD-MM-YYYY in Pacific/Auckland whatever offset it came with", () => {
    const [letter] = wireLetters([{ id: "l1", type: "Referral Letter", date: "2026-02-28T12:30:00Z" }]);
    // 12:30 UTC on the 28th is 01:30 on 1 March in Auckland (NZDT, +13).
    expect(letterTileOf(letter)).toEqual({ id: "l1", type: "Referral Letter", date: "01-03-2026", isoDate: "2026-03-01", pdf: true, format: "" });
  });

  it("reads a letter without its date slot, which 2§3 does not require, as not recorded (decisions/396)", () => {
    const wire = toBundle([{ resourceType: "DocumentReference", id: "l1", type: { coding: [{ display: "Letter" }] }, extension: [], content: [{ attachment: { contentType: "application/pdf" } }] }]);
    const [letter] = LettersReplySchema.parse(wire).resources;
    expect(letterTileOf(letter)).toMatchObject({ date: "Not recorded", isoDate: "" });
  });

  it("marks anything but a PDF as download only, and names a blank type", () => {
    const [word, blank] = wireLetters([
      { id: "l1", type: "Specialist Letter", date: "2025-06-01T09:00:00+12:00", contentType: "application/msword" },
      { id: "l2", type: "  ", date: "2025-06-02T09:00:00+12:00", contentType: "APPLICATION/PDF" },
    ]);
    expect(letterTileOf(word).pdf).toBe(false);
    expect(letterTileOf(word).format).toBe("application/msword");
    expect(letterTileOf(blank)).toMatchObject({ type: "Not recorded", pdf: true, format: "" });
  });

  it("keeps an unreadable date as it came, and sorts newest first with unreadable dates last", () => {
    const tiles = wireLetters([
      { id: "a", type: "A", date: "2025-01-05T10:00:00+13:00" },
      { id: "b", type: "B", date: "not a date" },
      { id: "c", type: "C", date: "2026-01-05T10:00:00+13:00" },
      { id: "d", type: "D", date: "2025-07-05T10:00:00+12:00" },
    ]).map(letterTileOf);
    expect(tiles[1]).toMatchObject({ date: "not a date", isoDate: "" });
    expect(newestFirst(tiles).map((t) => t.id)).toEqual(["c", "d", "a", "b"]);
  });

  it("gives a downloaded letter a plain file name", () => {
    expect(letterFileName({ type: "Discharge Summary", date: "01-03-2026", pdf: true })).toBe("Discharge-Summary-01-03-2026.pdf");
    expect(letterFileName({ type: '../"x"\r\n', date: "01-03-2026", pdf: false })).toBe("x-01-03-2026");
  });
});

describe("the letters date range (2§5)", () => {
  const parse = (from: string, to: string) => parseForm(new URLSearchParams({ from, to }), LetterRangeSchema);
  const t = lettersTexts;

  it("sends the start day from 00:00:00 and the end day to 23:59:59", () => {
    const parsed = parse("01-03-2026", "31-3-2026");
    expect(parsed.ok && rangeQuery(parsed.value)).toEqual({ StartDate: "2026-03-01 00:00:00", EndDate: "2026-03-31 23:59:59" });
    const same = parse("05-05-2025", "05-05-2025");
    expect(same.ok && rangeQuery(same.value)).toEqual({ StartDate: "2025-05-05 00:00:00", EndDate: "2025-05-05 23:59:59" });
  });

  it("takes no dates as every letter (clearing the range)", () => {
    const parsed = parse("", "");
    expect(parsed.ok && rangeQuery(parsed.value)).toBeNull();
    const missing = parseForm(new URLSearchParams(), LetterRangeSchema);
    expect(missing.ok && rangeQuery(missing.value)).toBeNull();
  });

  it("says what is wrong: an end before the start, one date alone, a date that is not one", () => {
    const before = parse("10-03-2026", "01-03-2026");
    expect(before.ok ? null : before.errors).toEqual({ to: dateRangeTexts.toBeforeFrom });
    const fromOnly = parse("10-03-2026", "");
    expect(fromOnly.ok ? null : fromOnly.errors).toEqual({ to: t.toMissing });
    const toOnly = parse("", "10-03-2026");
    expect(toOnly.ok ? null : toOnly.errors).toEqual({ from: t.fromMissing });
    const wrong = parse("31-02-2026", "tomorrow");
    expect(wrong.ok ? null : wrong.errors).toEqual({ from: dateRangeTexts.fromInvalid, to: dateRangeTexts.toInvalid });
  });

  it("hands back what was typed with a refusal, so nothing is lost", () => {
    const refused = parse("10-03-2026", "1-3-2026");
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.result.initialValue).toEqual({ from: "10-03-2026", to: "1-3-2026" });
  });
});

describe("listings in the address", () => {
  it("reads pages from 1 to the cap, anything else as 1", () => {
    expect(pagesOf(null)).toBe(1);
    expect(pagesOf("3")).toBe(3);
    expect(pagesOf("0")).toBe(1);
    expect(pagesOf("-4")).toBe(1);
    expect(pagesOf("abc")).toBe(1);
    expect(pagesOf("100000")).toBe(MAX_PAGES);
  });

  it("writes only what differs from the defaults", () => {
    expect(listingSearch({})).toBe("");
    expect(listingSearch({ pages: 1 })).toBe("");
    expect(listingSearch({ pages: 2 })).toBe("?pages=2");
    expect(listingSearch({ from: "01-03-2026", to: "31-03-2026" })).toBe("?from=01-03-2026&to=31-03-2026");
  });
});

describe("resource items", () => {
  it("tells PDFs from links, and keeps a link's address and host", () => {
    const [pdf, link] = wireMedia([
      { id: "m1", title: " Managing your blood pressure ", contentType: "application/pdf" },
      { id: "m4", title: "Healthify", contentType: "link", url: "https://healthify.nz/hauora-wellbeing/" },
    ]);
    expect(resourceItemOf(pdf)).toEqual({ id: "m1", title: "Managing your blood pressure", kind: "pdf", fileName: "Managing-your-blood-pressure.pdf" });
    expect(resourceItemOf(link)).toEqual({ id: "m4", title: "Healthify", kind: "link", url: "https://healthify.nz/hauora-wellbeing/", host: "healthify.nz" });
  });

  it("never makes a link of an address that is missing, relative or not http(s)", () => {
    const wrong = wireMedia([
      { id: "a", title: "Script", contentType: "link", url: "javascript:alert(1)" },
      { id: "b", title: "Data", contentType: "link", url: "data:text/html,<script>alert(1)</script>" },
      { id: "c", title: "None", contentType: "link" },
      { id: "d", title: "Relative", contentType: "link", url: "/letters" },
      { id: "e", title: "Mail", contentType: "link", url: "mailto:someone@example.com" },
    ]);
    for (const item of wrong) expect(resourceItemOf(item).kind, item.id).toBe("unavailable");
  });

  it("gives a downloaded resource a plain file name", () => {
    expect(resourceFileName("Before your cervical screening")).toBe("Before-your-cervical-screening.pdf");
    expect(resourceFileName("../../")).toBe("resource.pdf");
  });
});
