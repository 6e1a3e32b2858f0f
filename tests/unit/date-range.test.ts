import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkRangeOrder, dateRangeFields, queryDateOf } from "~/lib/date-range";
import { dateRangeTexts } from "~/lib/texts/date-range";

describe("the date fields of a date search (2§5)", () => {
  it("reads DD-MM-YYYY, with one-digit days and months and / or . too, as YYYY-MM-DD", () => {
    expect(queryDateOf("01-03-2026")).toBe("2026-03-01");
    expect(queryDateOf(" 1/3/2026 ")).toBe("2026-03-01");
    expect(queryDateOf("1-3-2025")).toBe("2025-03-01");
    expect(queryDateOf("29.02.2024")).toBe("2024-02-29");
  });

  it("refuses days the calendar lacks and other shapes", () => {
    for (const wrong of ["29-02-2026", "31-04-2026", "00-01-2026", "01-13-2026", "2026-03-01", "1-3-26", "01-03-1850", "", "tomorrow"]) expect(queryDateOf(wrong), wrong).toBeNull();
  });

  const Range = z.object(dateRangeFields).superRefine(checkRangeOrder);
  const issues = (value: object) => Range.safeParse(value).error?.issues.map((i) => [i.path[0], i.message]) ?? [];

  it("leaves both dates optional, trimmed", () => {
    expect(Range.parse({})).toEqual({ from: "", to: "" });
    expect(Range.parse({ from: " 01-03-2025 ", to: "01-03-2025" })).toEqual({ from: "01-03-2025", to: "01-03-2025" });
  });

  it("names the field that is not a date, in the one wording every screen uses", () => {
    expect(issues({ from: "31-02-2025", to: "tomorrow" })).toEqual([
      ["from", dateRangeTexts.fromInvalid],
      ["to", dateRangeTexts.toInvalid],
    ]);
  });

  it("refuses an end before the start on the end field, and compares across months and years by date", () => {
    expect(issues({ from: "02-03-2025", to: "01-03-2025" })).toEqual([["to", dateRangeTexts.toBeforeFrom]]);
    expect(issues({ from: "31-12-2024", to: "1-1-2025" })).toEqual([]);
    expect(issues({ from: "9-10-2025", to: "10-9-2025" })).toEqual([["to", dateRangeTexts.toBeforeFrom]]);
  });
});
