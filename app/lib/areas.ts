import type { Counters } from "../../contract/patient";
import { dashboardMessages } from "./messages/dashboard";

/**
 * The areas of the portal (1§2 Shell): one line each, read by app/routes.ts (the route), the side
 * menu (the server's type code mapped to a link) and the dashboard (the card). An area's screen
 * exists once its line names the route module that builds it; until then the area has no route
 * (its path is the 404 page), no menu link and no card link: there are no placeholder pages
 * (docs/decisions/004 and 045). Building a screen is adding `module` to its line.
 */

/** A dashboard card: the area's count from the practice's counters (1§2 Dashboard). */
export interface CountedCard {
  title: string;
  counter: keyof Counters;
  /** Shown when the count is 0. */
  empty: string;
  /** What the count counts, for screen readers; the link says "View" and its last word(s). */
  unit: string;
  /** Where the card's link goes inside the area, when not its landing view. */
  search?: string;
}

/** A card of the portal's own area, which no counter counts: a sentence saying what is there, and the link. */
export interface TextCard {
  title: string;
  text: string;
  /** The link says "View" and this. */
  unit: string;
}

export type AreaCard = CountedCard | TextCard;

/** An area's screen is a route module in the area's folder (decisions/271). */
type AreaModule = `areas/${string}.route.tsx`;

export interface Area {
  /** The server's PatientMenu type code. */
  code: string;
  label: string;
  path: `/${string}`;
  /** The route module, relative to app/, that builds the screen; absent while there is none. */
  module?: AreaModule;
  card?: AreaCard;
  /**
   * The portal's own area, which the practice's menu does not name (its `code` is no practice type
   * code): linked, after the practice's items, when the practice's menu offers every one of these
   * areas, since it shows what they show (decisions/275).
   */
  offeredWith?: readonly string[];
}

const d = dashboardMessages;

/** The health summary's code: the portal's own area, no practice type code (decisions/275). */
export const SUMMARY_CODE = "summary";

// The dashboard shows the cards in this order; the menu follows the server's order, not this one.
export const AREAS: readonly Area[] = [
  { code: "16", label: "Medications", path: "/medications", module: "areas/medications/page.route.tsx", card: { title: "Long Term Medications", counter: "MedicationsCounter", empty: d.noLongTermMedication, unit: "long term medications" } },
  { code: "15", label: "Test Results", path: "/reports", module: "areas/results/page.route.tsx", card: { title: "New Results", counter: "TestResultsCounter", empty: d.noNewResults, unit: "new results", search: "?show=unread" } },
  { code: "11", label: "Messages", path: "/emails", module: "areas/messaging/page.route.tsx", card: { title: "Unread Messages", counter: "InboxCounter", empty: d.noUnreadMessages, unit: "unread messages" } },
  { code: "14", label: "Appointments", path: "/appointments", module: "areas/appointments/page.route.tsx", card: { title: "Future Appointments", counter: "AppointmentsCounter", empty: d.noFutureAppointments, unit: "future appointments", search: "?id=2" } },
  { code: "26", label: "Diagnosis", path: "/diagnosis", module: "areas/health/diagnosis/page.route.tsx" },
  { code: "17", label: "Allergies", path: "/allergies", module: "areas/health/allergies/page.route.tsx" },
  { code: "19", label: "Immunisation", path: "/immunisation", module: "areas/health/immunisation/page.route.tsx" },
  { code: "18", label: "Vitals", path: "/vitals", module: "areas/health/vitals/page.route.tsx" },
  { code: "28", label: "Timeline", path: "/timeline", module: "areas/health/timeline/page.route.tsx" },
  { code: "29", label: "Reminders", path: "/reminders", module: "areas/health/reminders/page.route.tsx" },
  { code: "24", label: "Resources", path: "/resources", module: "areas/resources/page.route.tsx" },
  { code: "56", label: "Letters", path: "/letters", module: "areas/letters/page.route.tsx" },
  { code: "50", label: "Accounts", path: "/accounts", module: "areas/accounts/page.route.tsx" },
  {
    code: SUMMARY_CODE,
    label: "My health summary",
    path: "/summary",
    module: "areas/summary/page.route.tsx",
    card: { title: "My health summary", text: d.summaryCard, unit: "health summary" },
    // Diagnosis, Medications, Allergies, Immunisation, Test Results, Vitals: what the summary holds.
    offeredWith: ["26", "16", "17", "19", "15", "18"],
  },
];

/** The messaging area, whose menu item carries the unread count. */
export const MESSAGING_CODE = "11";

export type BuiltArea = Area & { module: AreaModule };

export function builtAreas(areas: readonly Area[] = AREAS): BuiltArea[] {
  return areas.filter((a): a is BuiltArea => a.module !== undefined);
}
