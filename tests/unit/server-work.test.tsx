import { once } from "node:events";
import { DateTime } from "luxon";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { coalescedBody } from "~/.server/coalesced-body.server";
import { AreaChart, type AreaSeries } from "~/components/charts/area-chart";
import { drawAreaChart, drawColumnChart, drawnOnce, drawPieChart } from "~/components/charts/chart-drawing.server";
import type { Datum } from "~/components/charts/chart-figure";
import { formatClockTime, formatDate, practiceDateTime } from "~/lib/dates";
import { keptByText, recentlyUsed } from "~/lib/recently-used";
import { ColumnChart } from "~/components/charts/column-chart";
import { PieChart } from "~/components/charts/pie-chart";

/** Work a page's render no longer repeats (decisions/350): what it hands on must be what it made before. */

const data = (completed: number): Datum[] => [
  { label: "Completed", value: completed, colour: "#007f3b" },
  { label: "Upcoming", value: 2, colour: "#005eb8" },
];

describe("the dashboard's drawings, kept by what they show", () => {
  it("draws a chart once for the same numbers, and again when one changes", () => {
    let drawn = 0;
    const draw = () => `<svg>${++drawn}</svg>`;
    const first = drawnOnce("test-kind", data(3), draw);
    expect(drawnOnce("test-kind", data(3), draw)).toBe(first);
    expect(drawn).toBe(1);
    expect(drawnOnce("test-kind", data(4), draw)).toBe("<svg>2</svg>");
    // Another kind of chart of the same numbers is another drawing.
    expect(drawnOnce("other-kind", data(3), draw)).toBe("<svg>3</svg>");
  });

  it("hands back the markup a fresh render makes", () => {
    for (let i = 0; i < 2; i++) {
      expect(drawColumnChart(data(5))).toBe(renderToStaticMarkup(<ColumnChart data={data(5)} />));
      expect(drawPieChart(data(5))).toBe(renderToStaticMarkup(<PieChart data={data(5)} />));
    }
  });

  it("a vital's chart is kept by its readings: the same readings give the same markup, a changed reading or date a new drawing", () => {
    const dates = [
      { at: Date.UTC(2026, 0, 5), date: "05-01-2026" },
      { at: Date.UTC(2026, 3, 9), date: "09-04-2026" },
    ];
    const series = (second: number): AreaSeries[] => [{ name: "Weight (kg)", colour: "#005eb8", points: [{ at: dates[0].at, value: 80 }, { at: dates[1].at, value: second }] }];
    const fresh = (s: AreaSeries[], d: typeof dates) => renderToStaticMarkup(<AreaChart series={s} dates={d} />);
    expect(drawAreaChart(series(82), dates)).toBe(fresh(series(82), dates));
    expect(drawAreaChart(series(82), dates)).toBe(fresh(series(82), dates));
    expect(drawAreaChart(series(90), dates)).toBe(fresh(series(90), dates));
    expect(drawAreaChart(series(90), dates)).not.toBe(drawAreaChart(series(82), dates));
    const moved = [dates[0], { ...dates[1], date: "10-04-2026" }];
    expect(drawAreaChart(series(90), moved)).toBe(fresh(series(90), moved));
  });
});

describe("a page's body, in fewer pieces", () => {
  const read = (body: ReturnType<typeof coalescedBody>) => {
    const pieces: string[] = [];
    body.on("data", (chunk: Buffer) => pieces.push(chunk.toString()));
    return pieces;
  };

  it("hands on what one round wrote as one piece at React's flush, in order", () => {
    const body = coalescedBody(() => undefined);
    const pieces = read(body);
    body.write("<html>");
    body.write("<body>");
    (body as unknown as { flush(): void }).flush();
    expect(pieces).toEqual(["<html><body>"]);
  });

  it("hands on a round that ends without a flush on the next turn, and the rest at the end", async () => {
    let finished = 0;
    const body = coalescedBody(() => finished++);
    const pieces = read(body);
    body.write("first");
    await new Promise((resolve) => setImmediate(resolve));
    expect(pieces).toEqual(["first"]);
    body.write("second");
    body.end("third");
    await once(body, "end");
    expect(pieces).toEqual(["first", "secondthird"]);
    expect(finished).toBe(1);
  });
});

describe("a clock time, read without luxon's parser", () => {
  /** What it was, with luxon's `fromFormat`: the new reading must say the same of every input. */
  const withLuxon = (value: string) => {
    const parsed = DateTime.fromFormat(value.trim().slice(0, 5), "HH:mm", { zone: "Pacific/Auckland" });
    return parsed.isValid ? parsed.toFormat("h:mm a").toLowerCase() : value;
  };

  it("reads every hour and minute as luxon did, and leaves what it cannot read as it came", () => {
    const values = ["08:00:00", " 8:00", "8:00", "  17:45:00  ", "07:30 ", "ab:cd", "", "9", "09:5", "09:05pm", "１２:００", "-1:00", "+1:00", "1e:00"];
    for (let hour = 0; hour <= 25; hour++) for (let minute = 0; minute <= 61; minute++) values.push(`${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`);
    for (const value of values) expect(formatClockTime(value), JSON.stringify(value)).toBe(withLuxon(value));
    expect(formatClockTime("00:05")).toBe("12:05 am");
    expect(formatClockTime("12:30:00")).toBe("12:30 pm");
  });
});

describe("the practice's dates, read once by their text", () => {
  const samples = ["2026-04-09", "2026-04-09T10:15:00", "2026-04-08T22:15:00Z", "2026-04-09T10:15:00+12:00", "2026-09-27T02:30:00", "2026-04-05T02:30:00", "09-04-2026", "", "not a date"];

  it("reads each as luxon does in the practice's zone, and formats DD-MM-YYYY, the first time and when kept", () => {
    for (let round = 0; round < 2; round++) {
      for (const text of samples) {
        const fresh = DateTime.fromISO(text, { zone: "Pacific/Auckland" });
        const kept = practiceDateTime(text);
        expect(kept.isValid, text).toBe(fresh.isValid);
        if (fresh.isValid) {
          expect(kept.toISO(), text).toBe(fresh.toISO());
          expect(kept.zoneName).toBe("Pacific/Auckland");
        }
        expect(formatDate(text), text).toBe(fresh.isValid ? fresh.toFormat("dd-MM-yyyy") : text);
      }
    }
    // A moment written in UTC is the practice's next day when its evening is past midnight there.
    expect(formatDate("2026-04-08T22:15:00Z")).toBe("09-04-2026");
  });

  it("hands back the same reading for the same text, and a new one for another", () => {
    expect(practiceDateTime("2026-01-02T03:04:05")).toBe(practiceDateTime("2026-01-02T03:04:05"));
    expect(practiceDateTime("2026-01-02T03:04:06").toMillis() - practiceDateTime("2026-01-02T03:04:05").toMillis()).toBe(1000);
  });
});

describe("what a process keeps to save work", () => {
  it("keeps at most its limit, dropping the least recently used, a read counting as a use", () => {
    const kept = recentlyUsed<number>(2);
    kept.set("a", 1);
    kept.set("b", 2);
    expect(kept.get("a")).toBe(1);
    kept.set("c", 3);
    expect([kept.get("a"), kept.get("b"), kept.get("c")]).toEqual([1, undefined, 3]);
    kept.delete("a");
    expect(kept.get("a")).toBeUndefined();
  });

  it("computes a text's value once while it is kept", () => {
    let computed = 0;
    const length = keptByText(2, (text) => (computed++, text.length));
    expect([length("ab"), length("ab"), length("abc"), length("ab")]).toEqual([2, 2, 3, 2]);
    expect(computed).toBe(2);
  });
});
