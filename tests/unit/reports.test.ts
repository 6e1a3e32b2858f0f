import { describe, expect, it } from "vitest";
import { LabResultSchema, LabResultSlots } from "@contract/documents";
import { sanitiseResultHtml } from "~/.server/sanitise-html.server";
import { applyReadFilter, pagesOf, readFilterOf, ReportFiltersSchema, reportsSearch } from "~/areas/results/filters";
import { chartSeriesOf, numericValue, pointsOfShownResults, observationOf, resultCardOf, resultDetailOf } from "~/lib/reports-view";
import { HOSTILE_HTML } from "../../fixtures/builders/documents";
import { dateRangeTexts } from "~/lib/texts/date-range";

/** The Test Results screen's mappers, filters and HTML sanitiser (2§2-2§5). */

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

function labResult(overrides: { read?: string; date?: string; observation?: unknown; presentedForm?: unknown } = {}) {
  // Written through the slot layout, as the practice's positional extensions are.
  return LabResultSchema.parse({
    resourceType: "DiagnosticReport",
    id: "r1",
    description: "HbA1c",
    author: { display: "Dr Aroha Ngata" },
    extension: LabResultSlots.write({ laboratory: "Awanui Labs", date: overrides.date ?? "2025-06-30T23:30:00+12:00", comments: "Normal, no action needed.", folder: "Lab Results", read: overrides.read ?? "False" }),
    ...(overrides.observation ? { observation: overrides.observation } : {}),
    ...(overrides.presentedForm ? { presentedForm: overrides.presentedForm } : {}),
  });
}

describe("a result card", () => {
  it("reads the positional extensions: laboratory, date in Pacific/Auckland as DD-MM-YYYY, comments, folder and the read flag", () => {
    expect(resultCardOf(labResult())).toEqual({
      id: "r1",
      test: "HbA1c",
      chartCode: "HbA1c",
      date: "30-06-2025",
      time: "11:30 pm",
      laboratory: "Awanui Labs",
      author: "Dr Aroha Ngata",
      folder: "Lab Results",
      comments: "Normal, no action needed.",
      read: false,
      summary: "30-06-2025 · Awanui Labs · Dr Aroha Ngata",
    });
  });

  it("keeps the practice's day whatever the instant's offset: 11:30 UTC on 30 June is the 1st of July in Auckland", () => {
    expect(resultCardOf(labResult({ date: "2025-06-30T12:30:00Z" })).date).toBe("01-07-2025");
  });

  it("is read only when the flag is True, in any case", () => {
    expect(resultCardOf(labResult({ read: "True" })).read).toBe(true);
    expect(resultCardOf(labResult({ read: "true" })).read).toBe(true);
    expect(resultCardOf(labResult({ read: "False" })).read).toBe(false);
    expect(resultCardOf(labResult({ read: "" })).read).toBe(false);
  });
});

describe("a result's content", () => {
  it("makes observations a table, with Abnormal, Low and High flagged (in any case) and other flags not", () => {
    const rows = [
      { ObservationText: "Haemoglobin", ObservationValue: "118 g/L", AbnormalFlagDesc: "Low", ObservationSummary: "(130 - 175)" },
      { ObservationText: "White cell count", ObservationValue: "14.4", AbnormalFlagDesc: "HIGH", ObservationSummary: "(4 - 11)" },
      { ObservationText: "Blood film", ObservationValue: "Target cells", AbnormalFlagDesc: "Abnormal", ObservationSummary: "" },
      { ObservationText: "Platelets", ObservationValue: "250", AbnormalFlagDesc: "", ObservationSummary: "(150 - 400)" },
      { ObservationText: "Sodium", ObservationValue: "140", AbnormalFlagDesc: "Pending", ObservationSummary: "" },
    ];
    const detail = resultDetailOf(labResult({ observation: rows }), sanitiseResultHtml);
    expect(detail.kind).toBe("table");
    if (detail.kind !== "table") return;
    expect(detail.rows.map((r) => r.flagged)).toEqual([true, true, true, false, false]);
    expect(detail.rows[0]).toEqual({ text: "Haemoglobin", value: "118 g/L", flag: "Low", flagged: true, range: "(130 - 175)" });
    expect(observationOf({ ObservationText: "x", ObservationValue: "1", AbnormalFlagDesc: " high ", ObservationSummary: "" }).flag).toBe("high");
  });

  it("gives a PDF's bytes for the viewer, and HTML sanitised", () => {
    const pdf = resultDetailOf(labResult({ presentedForm: [{ contentType: "application/pdf", data: base64("%PDF-1.7") }] }), sanitiseResultHtml);
    expect(pdf).toEqual({ kind: "pdf", pdf: base64("%PDF-1.7") });
    const html = resultDetailOf(labResult({ presentedForm: [{ contentType: "text/html", data: base64("<p onclick=\"x()\">Kia ora, Māori text kept</p><script>x()</script>") }] }), sanitiseResultHtml);
    expect(html).toEqual({ kind: "html", html: "<p>Kia ora, Māori text kept</p>" });
  });

  it("is empty with no observations and no form, with an empty table, or with HTML that is nothing once made safe", () => {
    expect(resultDetailOf(undefined, sanitiseResultHtml)).toEqual({ kind: "empty" });
    expect(resultDetailOf(labResult(), sanitiseResultHtml)).toEqual({ kind: "empty" });
    expect(resultDetailOf(labResult({ observation: [] }), sanitiseResultHtml)).toEqual({ kind: "empty" });
    expect(resultDetailOf(labResult({ presentedForm: [{ contentType: "text/html", data: base64("<script>alert(1)</script><img src=x>") }] }), sanitiseResultHtml)).toEqual({ kind: "empty" });
  });
});

describe("the HTML sanitiser", () => {
  const safe = sanitiseResultHtml(HOSTILE_HTML);

  it("leaves nothing that runs, fetches or restyles the page", () => {
    for (const pattern of [/<script/i, /<style/i, /<iframe/i, /<img/i, /<svg/i, /<object/i, /<embed/i, /<form/i, /<input/i, /<link/i, /<meta/i, /<base/i, /\son\w+=/i, /javascript:/i, /style=/i, /class=/i, /id=/i, /evil\.example/i, /__hostile/]) {
      expect(safe, String(pattern)).not.toMatch(pattern);
    }
  });

  it("keeps the report's words and structure, headings below the dialog's title", () => {
    expect(safe).toContain("<h3>Liver Function</h3>");
    expect(safe).toContain("<p>ALT and AST are within the normal range.</p>");
    expect(safe).toContain("Bilirubin is slightly raised");
    expect(sanitiseResultHtml("<table><tr><th scope=\"col\" style=\"color:red\">Test</th></tr><tr><td colspan=\"2\">1</td></tr></table>")).toBe('<table><tr><th scope="col">Test</th></tr><tr><td colspan="2">1</td></tr></table>');
  });

  it("keeps links that lead out only when followed, opened apart from the portal; inline images only", () => {
    expect(sanitiseResultHtml('<a href="https://labtests.co.nz/" target="_top">About this test</a>')).toBe('<a href="https://labtests.co.nz/" target="_blank" rel="noopener noreferrer">About this test</a>');
    expect(sanitiseResultHtml('<a href="//evil.example/">x</a>')).not.toContain("evil");
    expect(sanitiseResultHtml('<img src="data:image/png;base64,iVBORw0KGgo=" alt="graph">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" alt="graph" />');
    expect(sanitiseResultHtml('<img src="/assets/x.png" alt="x"><img src="https://evil.example/x.png">')).toBe("");
    expect(sanitiseResultHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe("");
  });
});

describe("the chart's points", () => {
  it("groups by observation, oldest first, dated DD-MM-YYYY, with numbers read from the values; an unreadable date is kept last, as sent", () => {
    const series = chartSeriesOf([
      { observationtext: "Haemoglobin", observationvalue: "140", resultdate: "2025-03-01T09:00:00+13:00" },
      { observationtext: "Platelets", observationvalue: "250", resultdate: "2025-03-01T09:00:00+13:00" },
      { observationtext: "Haemoglobin", observationvalue: "128", resultdate: "2024-11-20T10:00:00+13:00" },
      { observationtext: "Blood film", observationvalue: "Target cells seen", resultdate: "2025-03-01T09:00:00+13:00" },
      { observationtext: "Haemoglobin", observationvalue: "131", resultdate: "not a date" },
    ]);
    expect(series.map((s) => s.name)).toEqual(["Haemoglobin", "Platelets", "Blood film"]);
    expect(series[0].points.map((p) => [p.date, p.value])).toEqual([
      ["20-11-2024", 128],
      ["01-03-2025", 140],
      ["not a date", 131],
    ]);
    expect(series[0].points[2].at).toBeNull();
    expect(series[2].points[0]).toMatchObject({ text: "Target cells seen", value: null });
  });

  it("a proxy's chart keeps only the points of the results they are shown: a confidential result's value is not drawn beside its test's others (decisions/388)", () => {
    const point = (value: string, resultdate: string) => ({ observationtext: "hCG", observationvalue: value, resultdate });
    const points = [point("2", "2025-01-10T09:00:00+13:00"), point("1840", "2025-06-02T11:30:00+12:00"), point("3", "2025-09-20T08:15:00+12:00")];
    // The June result is confidential: the proxy's list has January's and September's, written as the practice writes them.
    expect(pointsOfShownResults(points, ["2025-01-09T20:00:00Z", "2025-09-20T08:15:00+12:00"]).map((p) => p.observationvalue)).toEqual(["2", "3"]);
    // A result dated by day alone keeps the points of that day in the practice's zone (20 Sept, 8:15 am there).
    expect(pointsOfShownResults(points, ["2025-09-20"]).map((p) => p.observationvalue)).toEqual(["3"]);
    expect(pointsOfShownResults(points, ["2025-09-19"])).toEqual([]);
    // Nothing shown, or dates that cannot be read, draw nothing; a point that cannot be read is never kept.
    expect(pointsOfShownResults(points, [])).toEqual([]);
    expect(pointsOfShownResults(points, ["not a date"])).toEqual([]);
    expect(pointsOfShownResults([point("9", "not a date")], ["2025-01-10"])).toEqual([]);
  });

  it("reads numbers as labs write them", () => {
    expect(numericValue("5.2 mmol/L")).toBe(5.2);
    expect(numericValue("<0.5")).toBe(0.5);
    expect(numericValue("-3")).toBe(-3);
    expect(numericValue("Negative")).toBeNull();
  });
});

describe("the filters", () => {
  it("accepts an empty or a real range, and refuses a wrong date or an end before the start with the catalogue's words", () => {
    expect(ReportFiltersSchema.parse({})).toEqual({ from: "", to: "", q: "" });
    expect(ReportFiltersSchema.parse({ from: " 01-03-2025 ", to: "01-03-2025", q: " HbA1c " })).toEqual({ from: "01-03-2025", to: "01-03-2025", q: "HbA1c" });
    const wrong = ReportFiltersSchema.safeParse({ from: "31-02-2025", to: "" });
    expect(wrong.error?.issues.map((i) => [i.path[0], i.message])).toEqual([["from", dateRangeTexts.fromInvalid]]);
    const backwards = ReportFiltersSchema.safeParse({ from: "02-03-2025", to: "01-03-2025" });
    expect(backwards.error?.issues.map((i) => [i.path[0], i.message])).toEqual([["to", dateRangeTexts.toBeforeFrom]]);
    expect(ReportFiltersSchema.safeParse({ q: "x".repeat(101) }).success).toBe(false);
  });

  it("applies the badge over the results the page has", () => {
    const results = [
      { id: "a", read: true },
      { id: "b", read: false },
      { id: "c", read: true },
    ];
    expect(applyReadFilter(results, "read").map((r) => r.id)).toEqual(["a", "c"]);
    expect(applyReadFilter(results, "unread").map((r) => r.id)).toEqual(["b"]);
    expect(applyReadFilter(results, "all")).toHaveLength(3);
    expect(readFilterOf("unread")).toBe("unread");
    expect(readFilterOf("everything")).toBe("all");
    expect(readFilterOf(null)).toBe("all");
  });

  it("writes only what differs from the defaults into the address, and bounds the pages asked for", () => {
    expect(reportsSearch({ show: "all", from: "", to: "", q: "", pages: 1 })).toBe("");
    expect(reportsSearch({ show: "unread", from: "01-03-2025", to: "31-03-2025", q: "Full Blood", pages: 2 })).toBe("?from=01-03-2025&to=31-03-2025&q=Full+Blood&show=unread&pages=2");
    expect([pagesOf(null), pagesOf("3"), pagesOf("0"), pagesOf("999"), pagesOf("x")]).toEqual([1, 3, 1, 30, 1]);
  });
});
