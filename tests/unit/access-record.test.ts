import { describe, expect, it } from "vitest";
import { ACCESS_AREAS, isAccessArea } from "~/lib/access-kinds";
import { AREAS, builtAreas, SHELL_PAGES } from "~/lib/areas";
import { addressOfUrl, requestAddressOf } from "~/.server/request-address.server";
import { csvCell, csvOf } from "~/areas/access-record/csv";
import { AccessFiltersSchema, accessSearch, cursorOf } from "~/areas/access-record/filters";
import { AREA_WORDS } from "~/areas/access-record/texts";
import { describeAccess, whoOf } from "~/areas/access-record/view";
import { parseForm } from "~/lib/form-data";
import routes from "~/routes";
import { PUBLIC_ROUTE_FILES } from "../helpers/public-routes";
import type { RouteConfigEntry } from "@react-router/dev/routes";

/** The access record's pure rules (issue 31, decisions/274): what a page records, the words, the filters, the CSV. */

const page = (address: string) => addressOfUrl(new URL(`http://portal.test${address}`)).view;

describe("which area a page view records", () => {
  it("names each registry screen by its line's access area, with no item", () => {
    expect(page("/letters?from=01-03-2026&to=31-03-2026")).toEqual({ area: "letters", itemId: null });
    expect(page("/reports")).toEqual({ area: "results", itemId: null });
    expect(page("/emails?box=sent")).toEqual({ area: "messages", itemId: null });
    expect(page("/access-record")).toEqual({ area: "access-record", itemId: null });
    expect(page("/")).toEqual({ area: "dashboard", itemId: null });
    expect(page("/profile")).toEqual({ area: "profile", itemId: null });
  });

  it("names the one document /preview shows, of its kind's area; an address naming none records nothing", () => {
    expect(page("/preview?type=letter&id=L-7")).toEqual({ area: "letters", itemId: "L-7" });
    expect(page("/preview?type=invoice&id=123")).toEqual({ area: "accounts", itemId: "123" });
    expect(page("/preview?type=result&id=R.9")).toEqual({ area: "results", itemId: "R.9" });
    expect(page("/preview?type=letter&id=<script>")).toBeNull();
    expect(page("/preview?type=other&id=1")).toBeNull();
  });

  it("records nothing for an address that is no page", () => {
    expect(page("/nowhere")).toBeNull();
    expect(page("/toString")).toBeNull();
  });

  it("declares an area for every page inside the signed-in shell", () => {
    const flatten = (entries: readonly RouteConfigEntry[]): RouteConfigEntry[] => entries.flatMap((e) => [e, ...flatten(e.children ?? [])]);
    const shell = flatten(routes).find((r) => r.file === "shell/layout.route.tsx");
    const pages = flatten(shell?.children ?? []).filter((r) => r.path !== undefined || r.index);
    const undeclared = pages.map((r) => `/${r.path ?? ""}`).filter((path) => !builtAreas().some((a) => a.path === path) && !Object.hasOwn(SHELL_PAGES, path));
    expect(undeclared).toEqual([]);
    expect(pages.length).toBeGreaterThan(builtAreas().length);
  });

  it("keeps every area's word in the closed set, named for the screen", () => {
    for (const area of AREAS) expect(isAccessArea(area.access)).toBe(true);
    for (const area of ACCESS_AREAS) expect(AREA_WORDS[area]).toMatch(/^[A-Z]/);
    expect(isAccessArea("Letters")).toBe(false);
  });
});

describe("which area any signed-in address belongs to (whānau access decides by it, decisions/382)", () => {
  const area = (address: string) => addressOfUrl(new URL(`http://portal.test${address}`)).area;

  it("names a page, a step, a file and a download by the area they show", () => {
    expect(area("/reports")).toBe("results");
    expect(area("/reports/result/R-1")).toBe("results");
    expect(area("/reports/chart")).toBe("results");
    expect(area("/emails/step")).toBe("messages");
    expect(area("/emails/attachment/9/0")).toBe("messages");
    expect(area("/summary/fhir")).toBe("summary");
    expect(area("/summary/pdf/")).toBe("summary");
    expect(area("/accounts/pay")).toBe("accounts");
    expect(area("/appointments/book")).toBe("appointments");
    expect(area("/profile/photo")).toBe("profile");
    expect(area("/zoom/signature")).toBe("video");
    expect(area("/preview?type=invoice&id=7")).toBe("accounts");
  });

  it("names every spelling the router serves as the address it serves: capitals, percent-encoded letters, data requests, a trailing slash (issue 67, F3)", () => {
    expect(page("/REPORTS.data?_routes=areas%2Fresults%2Fpage.route")).toEqual({ area: "results", itemId: null });
    expect(page("/%72eports.data")).toEqual({ area: "results", itemId: null });
    expect(page("/Letters")).toEqual({ area: "letters", itemId: null });
    expect(page("/EMAILS.data")).toEqual({ area: "messages", itemId: null });
    expect(page("/Profile.data")).toEqual({ area: "profile", itemId: null });
    expect(page("/letters/_.data")).toEqual({ area: "letters", itemId: null });
    expect(page("/%50review?type=result&id=R-1")).toEqual({ area: "results", itemId: "R-1" });
    expect(area("/REPORTS/Result/R-1")).toBe("results");
    expect(area("/%65mails/step")).toBe("messages");
    expect(area("/Summary/FHIR")).toBe("summary");
    // What the router does not serve is no address here either: an encoded slash is no separator, a doubled one no page.
    expect(area("/reports%2Fchart")).toBeNull();
    expect(area("//reports")).toBeNull();
    expect(area("/reports%2Edata")).toBeNull();
  });

  it("reads each parameter once: a repeated one is named, and a request with one is refused before anything reads it (issue 67, F1)", () => {
    expect(addressOfUrl(new URL("http://portal.test/preview.data?type=invoice&id=1&type=result")).repeated).toBe("type");
    expect(addressOfUrl(new URL("http://portal.test/preview?type=invoice&id=1&_routes=x")).repeated).toBeNull();
    const refused = (() => {
      try {
        requestAddressOf(new Request("http://portal.test/preview.data?type=invoice&id=1&type=result"));
      } catch (error) {
        return error as { init?: { status?: number }; data?: { message?: string } };
      }
      return null;
    })();
    expect(refused?.init?.status).toBe(400);
    expect(refused?.data?.message).toMatch(/more than once/);
    const request = new Request("http://portal.test/Preview?type=letter&id=L-7");
    expect(requestAddressOf(request)).toBe(requestAddressOf(request));
    expect(requestAddressOf(request).view).toEqual({ area: "letters", itemId: "L-7" });
  });

  it("names none for an address of no area, which a partial view is refused", () => {
    expect(area("/reports/result")).toBeNull();
    expect(area("/reports/result/1/more")).toBeNull();
    expect(area("/preview?type=other&id=1")).toBeNull();
    expect(area("/nowhere")).toBeNull();
  });

  it("has an area for every route a signed-in session reaches; only the sign-in's and the public routes (tests/helpers/public-routes.ts) have none", () => {
    const flatten = (entries: readonly RouteConfigEntry[]): RouteConfigEntry[] => entries.flatMap((e) => [e, ...flatten(e.children ?? [])]);
    const reached = flatten(routes).filter((r) => (r.path !== undefined || r.index) && !r.file.startsWith("areas/sign-in/") && !PUBLIC_ROUTE_FILES.has(r.file));
    const addresses = reached.map((r) => `/${(r.path ?? "").replace(/:[A-Za-z]+/g, "x")}${r.file === "areas/preview/page.route.tsx" ? "?type=letter&id=1" : ""}`);
    expect(addresses.filter((address) => area(address) === null)).toEqual([]);
    expect(addresses.length).toBeGreaterThan(30);
  });
});

describe("an entry in words", () => {
  it("says what was done in which area, and whether one item", () => {
    expect(describeAccess("letters", "view", false)).toBe("Viewed Letters");
    expect(describeAccess("results", "view", true)).toBe("Opened an item in Test Results");
    expect(describeAccess("messages", "download", true)).toBe("Downloaded a file from Messages");
    expect(describeAccess("appointments", "change", false)).toBe("Made a change in Appointments");
  });

  it("names who: you, a proxy by the recorded name, the person by their name, or another holder", () => {
    const viewer = { holderKey: "me", names: new Map([["child", "Mia Ngata"]]) };
    expect(whoOf({ holderKey: "me", proxyName: null }, viewer)).toBe("You");
    expect(whoOf({ holderKey: "me", proxyName: "Aroha Ngata" }, viewer)).toBe("You");
    expect(whoOf({ holderKey: "other", proxyName: "Aroha Ngata" }, viewer)).toBe("Aroha Ngata");
    expect(whoOf({ holderKey: "child", proxyName: null }, viewer)).toBe("Mia Ngata");
    expect(whoOf({ holderKey: "unknown", proxyName: null }, viewer)).toBe("Another account holder");
  });
});

describe("the filters", () => {
  const parse = (fields: Record<string, string>) => parseForm(new URLSearchParams(fields), AccessFiltersSchema);

  it("takes none, an area, a person and either end of a range", () => {
    expect(parse({})).toEqual({ ok: true, value: { person: "", area: "", from: "", to: "" } });
    expect(parse({ area: "letters", person: "1001", from: "1-3-2026" })).toEqual({ ok: true, value: { person: "1001", area: "letters", from: "1-3-2026", to: "" } });
  });

  it("refuses an unknown area, a day that does not exist, an end before the start and a person id with other characters", () => {
    const errors = (fields: Record<string, string>) => {
      const parsed = parse(fields);
      return parsed.ok ? {} : parsed.errors;
    };
    expect(errors({ area: "passwords" })).toEqual({ area: "Choose an area from the list" });
    expect(errors({ from: "31-02-2026" })).toEqual({ from: "Enter the start date as DD-MM-YYYY, for example 01-03-2025" });
    expect(errors({ from: "02-03-2026", to: "01-03-2026" })).toEqual({ to: "The end date cannot be before the start date" });
    expect(Object.keys(errors({ person: "1001' or 1=1" }))).toEqual(["person"]);
  });

  it("puts only the set filters and the page's cursor in the address", () => {
    expect(accessSearch({ person: "", area: "letters", from: "", to: "" })).toBe("?area=letters");
    expect(accessSearch({ person: "1001", from: "01-03-2026", to: "31-03-2026" }, "1764100000000.42")).toBe("?person=1001&from=01-03-2026&to=31-03-2026&after=1764100000000.42");
    expect(accessSearch({})).toBe("");
  });

  it("reads a cursor only in the store's shape", () => {
    expect(cursorOf("1764100000000.42")).toBe("1764100000000.42");
    expect(cursorOf("abc")).toBeNull();
    expect(cursorOf("1.2.3")).toBeNull();
    expect(cursorOf(null)).toBeNull();
  });
});

describe("the CSV writer", () => {
  it("quotes every cell and doubles quotes; commas and line breaks stay inside their cell", () => {
    expect(csvCell('Says "hi", then\nleaves')).toBe('"Says ""hi"", then\nleaves"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
  });

  it("guards cells a spreadsheet would run as a formula", () => {
    for (const cell of ["=1+2", "+SUM(A1)", "-2+3", "@cmd", "\t=1", "\r=1"]) expect(csvCell(cell).startsWith(`"'`)).toBe(true);
    expect(csvCell("O'Brien")).toBe(`"O'Brien"`);
    expect(csvCell("Aroha - Ngata")).toBe('"Aroha - Ngata"');
  });

  it("writes a header row and CRLF lines", () => {
    expect(csvOf(["A", "B"], [["1", null], ["=x", "y"]])).toBe('"A","B"\r\n"1",""\r\n"\'=x","y"\r\n');
  });
});
