import { DomUtils, parseDocument } from "htmlparser2";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MedicationTable, PrintableList } from "~/areas/medications/components/medication-table";
import type { MedicationRow } from "~/areas/medications/view";
import { medicationsTexts } from "~/areas/medications/texts";

/**
 * The medicines list is drawn twice, a table where there is room and a card per medicine on a phone
 * (issue 33, item 7); CSS shows one. What the browser tests see at one width, this checks for both:
 * each says the same things about each medicine, under the same words.
 */

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

const rows: MedicationRow[] = [
  { id: "m1", name: "Metformin 500 mg tablets", code: "metformin", dose: "500 mg", instructions: "One tablet twice a day with food", quantity: "60", prescriber: "Dr Aroha Ngata", prescribed: "03-11-2026", ends: "03-05-2027", longTerm: true },
  { id: "m2", name: "Amoxicillin 250 mg capsules", code: "amoxicillin", dose: "250 mg", instructions: "One capsule three times a day", quantity: "15", prescriber: "Dr Sam Lee", prescribed: "20-11-2026", ends: "", longTerm: false },
];

function render(markup: string) {
  const document = parseDocument(markup);
  const all = (tag: string, within: Element | typeof document = document) => DomUtils.getElementsByTagName(tag, within, true);
  const text = (node: Element) => DomUtils.textContent(node).replace(/\s+/g, " ").trim();
  return { document, all, text };
}

describe("MedicationTable", () => {
  it("names a medicine without a code in plain text, no link, and says when its long-term flag is not recorded (decisions/396)", () => {
    const bare: MedicationRow = { ...rows[0], id: "m3", name: "Not recorded", code: null, longTerm: null };
    const { all, text } = render(renderToStaticMarkup(<MedicationTable caption="All medicines" rows={[bare, rows[1]]} />));
    const [table] = all("table");
    const heads = all("th", all("tbody", table)[0]).map(text);
    expect(heads[0]).toBe(`Not recorded${medicationsTexts.longTermNotRecorded}`);
    expect(all("span", all("th", all("tbody", table)[0])[0]).map(text)).toEqual([medicationsTexts.longTermNotRecorded]);
    expect(all("a", all("tr", all("tbody", table)[0])[0])).toHaveLength(0);
    // The medicine the practice flagged neither way is said to be so; the one flagged false says nothing.
    expect(heads[1]).toBe("Amoxicillin 250 mg capsules (opens in a new tab)");
  });

  it("lists each medicine with the same fields under the same headings in the table and on its card", () => {
    const { all, text } = render(renderToStaticMarkup(<MedicationTable caption="Current medications" rows={rows} />));
    const [table] = all("table");
    const headings = all("th", all("thead", table)[0]).map(text);
    expect(headings).toEqual(["Medicine", "Dose", "Instructions", "Quantity", "Prescriber", "Prescribed", "Ends"]);
    expect(text(all("caption", table)[0])).toBe("Current medications");

    const tableRows = all("tr", all("tbody", table)[0]);
    const cards = all("li");
    // Each card is named by its medicine's name, the element a te reo page marks as the practice's words.
    const nameOf = (card: Element) => text(DomUtils.getElementById(card.attribs["aria-labelledby"], card)!);
    expect(cards.map(nameOf)).toEqual(rows.map((r) => r.name));
    rows.forEach((row, i) => {
      const cells = all("td", tableRows[i]).map(text);
      const terms = all("dt", cards[i]).map(text);
      const details = all("dd", cards[i]).map(text);
      expect(cells).toEqual([row.dose, row.instructions, row.quantity, row.prescriber, row.prescribed, row.ends]);
      expect(terms).toEqual(headings.slice(1));
      expect(details).toEqual(cells);
    });
    // Neither view offers a choice when nothing can be chosen.
    expect(all("input")).toHaveLength(0);
  });

  it("links each name to its guidance in a new tab, saying so in the link's words; long-term medicines say it", () => {
    const { all, text } = render(renderToStaticMarkup(<MedicationTable caption="Current medications" rows={rows} />));
    const links = all("a");
    // One link per medicine in each view.
    expect(links).toHaveLength(rows.length * 2);
    for (const link of links) {
      expect(link.attribs.target).toBe("_blank");
      expect(link.attribs.rel).toContain("noopener");
      expect(text(link)).toMatch(new RegExp(`\\(${medicationsTexts.newTab}\\)$`));
    }
    const [firstRowName] = all("th", all("tbody", all("table")[0])[0]);
    expect(text(firstRowName)).toContain("Long term");
    expect(text(all("li")[1])).not.toContain("Long term");
  });

  it("with a selection, offers Select all and a Select box per medicine in both views, checked as chosen", () => {
    const { all } = render(renderToStaticMarkup(<MedicationTable caption="Repeatable medications" rows={rows} selected={new Set(["m2"])} onToggle={() => {}} onToggleAll={() => {}} />));
    const boxes = all("input").map((box) => ({ name: box.attribs["aria-label"], checked: "checked" in box.attribs }));
    const expected = [
      { name: "Select all medicines shown", checked: false },
      { name: `Select ${rows[0].name}`, checked: false },
      { name: `Select ${rows[1].name}`, checked: true },
    ];
    // The table's three boxes, then the cards' three.
    expect(boxes).toEqual([...expected, ...expected]);
  });

  it("checks Select all once every medicine shown is chosen", () => {
    const { all } = render(renderToStaticMarkup(<MedicationTable caption="Repeatable medications" rows={rows} selected={new Set(["m1", "m2"])} onToggle={() => {}} />));
    const selectAll = all("input").filter((box) => box.attribs["aria-label"] === "Select all medicines shown");
    expect(selectAll.map((box) => "checked" in box.attribs)).toEqual([true, true]);
  });
});

describe("PrintableList", () => {
  it("prints whose list it is, when, and every chosen medicine's fields", () => {
    const { all, text } = render(renderToStaticMarkup(<PrintableList rows={rows} patient={{ name: "Aroha Ngata", nhi: "ZZZ0016" }} printedOn="25-11-2026" />));
    expect(text(all("p")[0])).toBe("Aroha Ngata · NHI ZZZ0016 · Printed 25-11-2026");
    expect(all("tr", all("tbody")[0]).map((tr) => all("td", tr).map(text))).toEqual(rows.map((r) => [r.name, r.dose, r.instructions, r.quantity, r.prescriber, r.prescribed, r.ends]));
  });
});
