import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { emptySectionText, summaryBundle, summaryDocument } from "~/areas/summary/fhir";
import { cellText, columnWidths, COLUMN_SHARES, wrapText } from "~/areas/summary/pdf-layout";
import { summaryPdf } from "~/areas/summary/pdf.server";
import { summaryViewOf } from "~/areas/summary/view";
import { readPdf } from "../helpers/pdf-text";
import { AT, conditions, emptyRecord, fullRecord, patientReply } from "../helpers/summary-record";

/**
 * What a person reads of the summary (issue 32, decisions/275): the heading and the sections' tables,
 * the same rows as the FHIR document's narratives; the screen's counts; the A4 PDF read back as text.
 */

describe("the tables the screen and the PDF show", () => {
  it("are the narratives' rows, in the IPS sections' order, with the practice's words and DD-MM-YYYY dates", () => {
    const { tables, bundle } = summaryDocument(fullRecord(), AT);
    expect(tables.map((t) => [t.key, t.title, t.rows.length])).toEqual([
      ["problems", "Problems", 1],
      ["medications", "Medication Summary", 2],
      ["allergies", "Allergies and Intolerances", 4],
      ["immunisations", "Immunisations", 2],
      ["results", "Results", 1],
      ["vitals", "Vital Signs", 3],
    ]);
    const rows = Object.fromEntries(tables.map((t) => [t.key, t.rows]));
    expect(rows.problems[0]).toEqual(["Type 2 diabetes mellitus. Managed with metformin.", "14-03-2019", "Yes"]);
    expect(rows.medications[0]).toEqual(["Metformin 500 mg tablet", "Take one tablet twice a day with food", "01-10-2026", "30-12-2026", "Yes", "Dr Mere Tane"]);
    expect(rows.allergies[0]).toEqual(["Penicillin", "Drug", "Severe", "Anaphylaxis", "Carries an adrenaline auto-injector."]);
    expect(rows.allergies[3]).toEqual(["Kiwifruit", "Food", "Not recorded", "", "Tingling mouth"]);
    // A vaccinator the practice left out is said not recorded, as the screens say it (decisions/396).
    expect(rows.immunisations[1]).toEqual(["Td (ADT Booster)", "Not recorded", "Adult schedule: 45 years", "Not recorded", "Given"]);
    expect(rows.results[0]).toEqual(["HbA1c", "02-11-2026", "Awanui Labs", "Improved since May."]);
    expect(rows.vitals[0]).toEqual(["Blood Pressure", "02-11-2026", "128/82 mmHg"]);
    // Every cell of every table is in its section's narrative: the PDF says what the document says.
    const narratives = JSON.stringify((bundle.entry![0].resource as { section: { text: { div: string } }[] }).section.map((s) => s.text.div));
    for (const table of tables) for (const row of table.rows) for (const cell of row) expect(narratives).toContain(cell);
    for (const table of tables) expect(table.headers).toHaveLength(COLUMN_SHARES[table.key].length);
  });

  it("the bundle is unchanged by drawing tables from it: summaryBundle is summaryDocument's bundle", () => {
    expect(summaryBundle(fullRecord(), AT)).toEqual(summaryDocument(fullRecord(), AT).bundle);
  });

  it("an empty section has no rows and says none are recorded, not that there are none", () => {
    const { tables } = summaryDocument(emptyRecord(), AT);
    expect(tables.every((t) => t.rows.length === 0)).toBe(true);
    expect(tables[0].empty).toBe("The practice's record holds no problems for this person. This does not say that there are none.");
    expect(tables.map((t) => t.empty)).toEqual(tables.map((t) => emptySectionText(t.key)));
  });

  it("the heading: the patient with NHI and birth date, the practice, and the time made in the practice's time", () => {
    expect(summaryDocument(fullRecord(), AT).heading).toEqual({
      patientName: "Aroha Ngata",
      nhi: "ZZZ0016",
      birthDate: "09-04-1968",
      practiceName: "Kōwhai Medical Centre",
      practiceAddress: "12 Queen Street, Auckland 1010",
      // 01:30 UTC is 2:30 pm in Auckland (NZDT).
      generated: "25-11-2026 14:30",
    });
    const noNhi = summaryDocument({ ...emptyRecord(), patient: patientReply({ nhi: "" }) }, AT).heading;
    expect(noNhi.nhi).toBe("");
  });

  it("the screen counts each section and says which were cut at the bound", () => {
    const view = summaryViewOf(summaryDocument({ ...fullRecord(), partial: { problems: { read: 1, total: 1200 } } }, AT));
    expect(view.sections.map((s) => [s.title, s.count, s.noun])).toEqual([
      ["Problems", 1, "problem"],
      ["Medication Summary", 2, "medicines"],
      ["Allergies and Intolerances", 4, "allergies or intolerances"],
      ["Immunisations", 2, "immunisations"],
      ["Results", 1, "test result"],
      ["Vital Signs", 3, "vital sign readings"],
    ]);
    expect(view.sections[0].partial).toEqual({ read: 1, total: 1200 });
    expect(view.sections[1].partial).toBeUndefined();
    expect(summaryViewOf(summaryDocument(emptyRecord(), AT)).sections.every((s) => s.count === 0)).toBe(true);
  });
});

describe("the PDF's layout", () => {
  const measure = (s: string) => s.length; // one point a character

  it("wraps on spaces, cuts a word wider than a line, and keeps an empty cell one line", () => {
    expect(wrapText("Take one tablet twice a day", 10, measure)).toEqual(["Take one", "tablet", "twice a", "day"]);
    expect(wrapText("Pneumonoultramicroscopic disease", 10, measure)).toEqual(["Pneumonoul", "tramicrosc", "opic", "disease"]);
    expect(wrapText("", 10, measure)).toEqual([""]);
    for (const line of wrapText("a bb ccc dddd eeeee ffffff ggggggg hhhhhhhhhhhhhhhhhhhhhhhhh", 7, measure)) expect(line.length).toBeLessThanOrEqual(7);
  });

  it("reads the practice's line breaks, tabs and control characters as spaces", () => {
    expect(cellText("Line one\nLine\ttwo\u0007 end  ")).toBe("Line one Line two end");
  });

  it("fills the table's width with each section's columns", () => {
    for (const key of Object.keys(COLUMN_SHARES) as (keyof typeof COLUMN_SHARES)[]) {
      const widths = columnWidths(key, 500);
      expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(500, 6);
      expect(Math.min(...widths)).toBeGreaterThan(40);
    }
  });
});

describe("the PDF read back", () => {
  it("holds the practice, the patient with NHI, each section's table with its headings and rows, and the time made; macrons kept", async () => {
    const doc = summaryDocument(fullRecord(), AT);
    const { text, title, author, numPages } = await readPdf(await summaryPdf(doc, AT));
    expect(title).toBe("Health summary: Aroha Ngata");
    expect(author).toBe("Kōwhai Medical Centre");
    expect(text).toContain("Kōwhai Medical Centre");
    expect(text).toMatch(/Patient:\s*Aroha Ngata/);
    expect(text).toMatch(/NHI:\s*ZZZ0016/);
    expect(text).toMatch(/Date of birth:\s*09-04-1968/);
    expect(text).toContain("25-11-2026 14:30 (New Zealand time)");
    for (const heading of ["Problems", "Medication Summary", "Allergies and Intolerances", "Immunisations", "Results", "Vital Signs"]) expect(text).toContain(heading);
    for (const header of ["Medicine", "Instructions", "Substance", "Vaccine", "Laboratory", "Vital sign"]) expect(text).toContain(header);
    for (const cell of ["Metformin 500 mg tablet", "Anaphylaxis", "Nurse Hine Walker", "Awanui Labs", "128/82 mmHg", "71.4 kg"]) expect(text).toContain(cell);
    expect(text).not.toContain("None recorded");
    expect(text).toContain(`Page ${numPages} of ${numPages}`);
  });

  it("states each empty section", async () => {
    const { text } = await readPdf(await summaryPdf(summaryDocument(emptyRecord(), AT), AT));
    expect(text.match(/None recorded\./g)).toHaveLength(6);
    expect(text.replace(/\s+/g, " ")).toContain("The practice's record holds no allergies or intolerances for this person.");
  });

  it("runs a long table on over pages, its header row repeated, every page's foot naming the patient", async () => {
    const many = conditions(Array.from({ length: 120 }, (_, k) => `Condition number ${k + 1} written at some length by the practice, Māori word: whānau`));
    const { text, numPages } = await readPdf(await summaryPdf(summaryDocument({ ...emptyRecord(), conditions: many }, AT), AT));
    expect(numPages).toBeGreaterThan(2);
    expect(text).toContain("Condition number 120");
    expect(text).toContain("whānau");
    expect(text.match(/Problems \(continued\)/g)?.length).toBe(numPages - 1);
    expect(text.match(/Aroha Ngata, NHI ZZZ0016/g)?.length).toBe(numPages);
    expect(text).toContain(`Page ${numPages} of ${numPages}`);
  });

  it("draws every run of text inside the A4 page's margins, long words and long tables included", async () => {
    // A note of 2,500 words is taller than a page in its column: it goes on over pages, never past the foot.
    const tall = Array.from({ length: 2500 }, (_, k) => `word${k + 1}`).join(" ");
    const long = conditions([`${"Pneumonoultramicroscopicsilicovolcanoconiosis".repeat(3)} and a note`, tall, ...Array.from({ length: 60 }, (_, k) => `Condition ${k + 1} with a long note written by the practice about it`)]);
    const bytes = await summaryPdf(summaryDocument({ ...fullRecord(), conditions: long }, AT), AT);
    const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
    try {
      const outside: string[] = [];
      for (let n = 1; n <= doc.numPages; n++) {
        const page = await doc.getPage(n);
        const [, , width, height] = page.view;
        expect([width, height].map(Math.round)).toEqual([595, 842]);
        for (const item of (await page.getTextContent()).items) {
          if (!("str" in item) || item.str.trim() === "") continue;
          const [x, y] = [item.transform[4], item.transform[5]];
          if (x < 40 || x + item.width > width - 40 || y < 40 || y > height - 40) outside.push(`page ${n}: "${item.str}" at ${Math.round(x)}–${Math.round(x + item.width)}, ${Math.round(y)}`);
        }
      }
      expect(outside).toEqual([]);
      const text = (await Promise.all(Array.from({ length: doc.numPages }, async (_, n) => (await (await doc.getPage(n + 1)).getTextContent()).items.map((i) => ("str" in i ? i.str : "")).join(" ")))).join(" ");
      expect(text).toContain("word2500");
      expect(text).toContain("Condition 60 with");
    } finally {
      await doc.destroy();
    }
  });
});
