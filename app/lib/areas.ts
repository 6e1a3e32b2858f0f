import type { Counters } from "@contract/patient";
import type { AccessArea } from "./access-kinds";
import { areaTexts } from "./texts/areas";
import { dashboardTexts } from "./texts/dashboard";

/** The areas of the portal (1§2 Shell), one line each, read by the routes, the side menu and the dashboard; no placeholder pages (decisions/004, 045). */

/** A dashboard card: the area's count from the practice's counters (1§2 Dashboard). */
export interface CountedCard {
  title: string;
  counter: keyof Counters;
  /** Shown when the count is 0. */
  empty: string;
  /** What the count counts, for screen readers. */
  unit: string;
  /** The card's link to the area. */
  link: string;
  /** Where the card's link goes inside the area, when not its landing view. */
  search?: string;
}

/** A card of the portal's own area, which no counter counts: a sentence saying what is there, and the link. */
export interface TextCard {
  title: string;
  text: string;
  unit: string;
  /** The card's link to the area. */
  link: string;
}

export type AreaCard = CountedCard | TextCard;

/** An area's screen is a route module in the area's folder (decisions/271). */
type AreaModule = `areas/${string}.route.tsx`;
/** An area's other addresses (a step endpoint, a file, a download) are resource routes in its folder. */
type AreaResourceModule = `areas/${string}.route.ts`;

export interface Area {
  /**
   * The server's PatientMenu type code. The portal's own screens, which the practice's menu never
   * lists, have none when they are reached from the account menu and the profile (the access record),
   * or a word of the portal's when the menu links them (the health summary, SUMMARY_CODE).
   */
  code?: string;
  label: string;
  path: `/${string}`;
  /** The route module, relative to app/, that builds the screen; absent while there is none. */
  module?: AreaModule;
  card?: AreaCard;
  /**
   * The area's other addresses, outside the shell (decisions/319): its step endpoint, its files and
   * downloads, an old address it answers; each path (without the leading slash) and its route module.
   * Routed with the screen, so an area without a screen has none of them either.
   */
  routes?: Readonly<Record<string, AreaResourceModule>>;
  /** The area the access record names a view of this screen by (decisions/274): declared here, recorded by the shell. */
  access: AccessArea;
  /**
   * The portal's own area, which the practice's menu does not name (its `code` is no practice type
   * code): linked, after the practice's items, when the practice's menu offers every one of these
   * areas, since it shows what they show (decisions/275).
   */
  offeredWith?: readonly string[];
}

const d = dashboardTexts;
const a = areaTexts;

/** The health summary's code: the portal's own area, no practice type code (decisions/275). */
export const SUMMARY_CODE = "summary";

// The dashboard shows the cards in this order; the menu follows the server's order, not this one.
export const AREAS: readonly Area[] = [
  { code: "16", label: a.medications.label, path: "/medications", module: "areas/medications/page.route.tsx", routes: { "medications/repeat": "areas/medications/repeat.route.ts", medication: "areas/medications/old-address.route.ts" }, card: { ...a.medications.card, counter: "MedicationsCounter", empty: d.noLongTermMedication }, access: "medications" },
  { code: "15", label: a.results.label, path: "/reports", module: "areas/results/page.route.tsx", routes: { "reports/result/:id": "areas/results/result.route.ts", "reports/chart": "areas/results/chart.route.ts" }, card: { ...a.results.card, counter: "TestResultsCounter", empty: d.noNewResults, search: "?show=unread" }, access: "results" },
  { code: "11", label: a.messages.label, path: "/emails", module: "areas/messaging/page.route.tsx", routes: { "emails/step": "areas/messaging/step.route.ts", "emails/attachment/:id/:n": "areas/messaging/attachment.route.ts" }, card: { ...a.messages.card, counter: "InboxCounter", empty: d.noUnreadMessages }, access: "messages" },
  { code: "14", label: a.appointments.label, path: "/appointments", module: "areas/appointments/page.route.tsx", routes: { "appointments/book": "areas/appointments/book.route.ts" }, card: { ...a.appointments.card, counter: "AppointmentsCounter", empty: d.noFutureAppointments, search: "?id=2" }, access: "appointments" },
  { code: "26", label: a.diagnoses.label, path: "/diagnosis", module: "areas/health/diagnosis/page.route.tsx", access: "diagnoses" },
  { code: "17", label: a.allergies.label, path: "/allergies", module: "areas/health/allergies/page.route.tsx", access: "allergies" },
  { code: "19", label: a.immunisations.label, path: "/immunisation", module: "areas/health/immunisation/page.route.tsx", access: "immunisations" },
  { code: "18", label: a.vitals.label, path: "/vitals", module: "areas/health/vitals/page.route.tsx", access: "vitals" },
  { code: "28", label: a.timeline.label, path: "/timeline", module: "areas/health/timeline/page.route.tsx", access: "timeline" },
  { code: "29", label: a.reminders.label, path: "/reminders", module: "areas/health/reminders/page.route.tsx", access: "reminders" },
  { code: "24", label: a.resources.label, path: "/resources", module: "areas/resources/page.route.tsx", routes: { "resources/file/:id": "areas/resources/file.route.ts" }, access: "resources" },
  { code: "56", label: a.letters.label, path: "/letters", module: "areas/letters/page.route.tsx", routes: { "letters/letter/:id": "areas/letters/file.route.ts" }, access: "letters" },
  { code: "50", label: a.accounts.label, path: "/accounts", module: "areas/accounts/page.route.tsx", routes: { "accounts/pay": "areas/accounts/pay.route.ts", "accounts/invoice/:id": "areas/accounts/invoice.route.ts" }, access: "accounts" },
  // The portal's own screen (issue 31): no practice menu code; the account menu and the profile link it.
  // The young person's own choices for each parent or guardian (issue 55): the account menu links it from the age they decide at.
  { label: a.sharing.label, path: "/sharing", module: "areas/who-can-see/page.route.tsx", access: "sharing" },
  { label: a.accessRecord.label, path: "/access-record", module: "areas/access-record/page.route.tsx", routes: { "access-record/download": "areas/access-record/download.route.ts" }, access: "access-record" },
  {
    code: SUMMARY_CODE,
    label: a.summary.label,
    path: "/summary",
    module: "areas/summary/page.route.tsx",
    routes: {
      "summary/step": "areas/summary/step.route.ts",
      "summary/fhir": "areas/summary/fhir.route.ts",
      "summary/pdf": "areas/summary/pdf.route.ts",
      // A share link's receiving side, for other apps with no session (SMART Health Links, decisions/308).
      "shl/file/:ticket": "areas/summary/share-file.route.ts",
      "shl/:id": "areas/summary/share-manifest.route.ts",
    },
    card: { ...a.summary.card, text: d.summaryCard },
    // Diagnosis, Medications, Allergies, Immunisation, Test Results, Vitals: what the summary holds.
    offeredWith: ["26", "16", "17", "19", "15", "18"],
    access: "summary",
  },
];

/**
 * The signed-in shell's other pages (app/routes.ts), with the area a view of each is recorded under;
 * a page that shows one document names it from its address (decisions/274). Addresses are matched
 * as the router matches them, in app/.server/request-address.server.ts (decisions/392).
 */
export type ShellPage = { access: AccessArea } | { item: (search: URLSearchParams) => { area: AccessArea; itemId: string } | null };

export const SHELL_PAGES: Readonly<Record<string, ShellPage>> = {
  "/": { access: "dashboard" },
  "/profile": { access: "profile" },
  "/profile-old": { access: "profile" },
  "/zoom": { access: "video" },
  "/account/switch": { access: "switch-account" },
  // One document, of the area its kind belongs to; an address naming none shows nothing to record.
  "/preview": {
    item(search) {
      const area = PREVIEW_ACCESS[search.get("type") ?? ""];
      const id = (search.get("id") ?? "").trim();
      return area && /^[A-Za-z0-9._:-]{1,128}$/.test(id) ? { area, itemId: id } : null;
    },
  },
};

const PREVIEW_ACCESS: Readonly<Record<string, AccessArea>> = { invoice: "accounts", letter: "letters", result: "results" };

/**
 * The signed-in addresses outside the shell that no area's line names (app/routes.ts): the profile's
 * photo and step, the video consult's signature, Refresh Configurations (the shell's own).
 */
export const SHELL_RESOURCES: Readonly<Record<string, AccessArea>> = {
  "/profile/photo": "profile",
  "/profile/step": "profile",
  "/zoom/signature": "video",
  "/refresh": "dashboard",
};

/** The access record's screen, linked from the account menu and the profile rather than the practice's menu. */
export const ACCESS_RECORD_PATH = "/access-record";

/** The young person's own choices of who sees their record (whānau access), linked from the account menu. */
export const SHARING_PATH = "/sharing";

/** The messaging area, whose menu item carries the unread count. */
export const MESSAGING_CODE = "11";

export type BuiltArea = Area & { module: AreaModule };

export function builtAreas(areas: readonly Area[] = AREAS): BuiltArea[] {
  return areas.filter((a): a is BuiltArea => a.module !== undefined);
}
