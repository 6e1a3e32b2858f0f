import type { MenuItem } from "../../contract/patient";

/**
 * The side menu is the server's: each item's type code names an area (1§2 Shell). A code the portal
 * has no screen for yet is not linked: there are no placeholder pages.
 */
export interface MenuArea {
  code: string;
  label: string;
  path: string;
}

export const MENU_AREAS: readonly MenuArea[] = [
  { code: "14", label: "Appointments", path: "/appointments" },
  { code: "16", label: "Medications", path: "/medications" },
  { code: "15", label: "Test Results", path: "/reports" },
  { code: "11", label: "Messages", path: "/emails" },
  { code: "26", label: "Diagnosis", path: "/diagnosis" },
  { code: "17", label: "Allergies", path: "/allergies" },
  { code: "19", label: "Immunisation", path: "/immunisation" },
  { code: "18", label: "Vitals", path: "/vitals" },
  { code: "28", label: "Timeline", path: "/timeline" },
  { code: "29", label: "Reminders", path: "/reminders" },
  { code: "24", label: "Resources", path: "/resources" },
  { code: "56", label: "Letters", path: "/letters" },
  { code: "50", label: "Accounts", path: "/accounts" },
];

/** Paths whose screens exist. A path joins this list in the change that builds its screen. */
export const BUILT_PATHS: ReadonlySet<string> = new Set<string>(["/accounts"]);

export interface MenuLink extends MenuArea {
  /** The unread badge, on the messaging item only. */
  badge?: number;
}

/** Maps the server's menu to links, in the server's order, keeping only known and built areas. */
export function menuLinks(items: readonly MenuItem[], unread: number, built: ReadonlySet<string> = BUILT_PATHS): MenuLink[] {
  const links: MenuLink[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const area = MENU_AREAS.find((a) => a.code === item.extension.typeCode.trim());
    if (!area || seen.has(area.code) || !built.has(area.path)) continue;
    seen.add(area.code);
    links.push(area.code === "11" && unread > 0 ? { ...area, badge: unread } : { ...area });
  }
  return links;
}

/** The dashboard links a card only where the user's menu has that area (1§2 Dashboard, 1§6). */
export function hasArea(links: readonly MenuLink[], path: string): boolean {
  return links.some((l) => l.path === path);
}
