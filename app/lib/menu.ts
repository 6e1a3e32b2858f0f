import type { Counters, MenuItem } from "@contract/patient";
import { AREAS, builtAreas, MESSAGING_CODE, type Area } from "./areas";

/** The side menu is the server's, each item's code mapped through the area registry; a code with no screen is left out (decisions/004, 396). */
export interface MenuLink {
  code: string;
  label: string;
  path: string;
  /** The unread badge, on the messaging item only. */
  badge?: number;
}

/** Maps the server's menu to links, in the server's order, keeping only known and built areas. */
export function menuLinks(items: readonly MenuItem[], unread: number, areas: readonly Area[] = AREAS): MenuLink[] {
  const built = builtAreas(areas);
  const links: MenuLink[] = [];
  const seen = new Set<string>();
  const offered = new Set(items.map((item) => item.extension.typeCode?.trim()));
  for (const item of items) {
    // An item with no code finds no area with one: it is skipped below.
    const area = built.find((a) => !a.offeredWith && a.code === item.extension.typeCode?.trim());
    if (!area?.code || seen.has(area.code)) continue;
    seen.add(area.code);
    const link: MenuLink = { code: area.code, label: area.label, path: area.path };
    links.push(area.code === MESSAGING_CODE && unread > 0 ? { ...link, badge: unread } : link);
  }
  // The portal's own areas, after the practice's: each where the practice offers all it draws on.
  for (const area of built) {
    if (area.code && area.offeredWith?.every((code) => offered.has(code))) links.push({ code: area.code, label: area.label, path: area.path });
  }
  return links;
}

/** The dashboard links a card only where the user's menu has that area (1§2 Dashboard, 1§6). */
export function hasArea(links: readonly MenuLink[], path: string): boolean {
  return links.some((l) => l.path === path);
}

interface CardLink {
  title: string;
  unit: string;
  link: string;
  /** Where the card links, or null when the user's menu does not offer the area. */
  href: string | null;
}

/**
 * A card with the practice's count (null where the practice did not send it, which the dashboard says as
 * "Not recorded", issue 68), or (the portal's own areas) a sentence.
 */
export type DashboardCard = CardLink & ({ count: number | null; empty: string } | { count: null; text: string });

/** The dashboard's cards, in the registry's order, each linked only where the menu links its area. */
export function dashboardCards(counters: Counters, menu: readonly MenuLink[], areas: readonly Area[] = AREAS): DashboardCard[] {
  return areas.flatMap(({ path, card }): DashboardCard[] => {
    if (!card) return [];
    if (!("counter" in card)) return [{ title: card.title, unit: card.unit, link: card.link, text: card.text, count: null, href: hasArea(menu, path) ? path : null }];
    const { counter, search, ...texts } = card;
    return [{ ...texts, count: counters[counter], href: hasArea(menu, path) ? path + (search ?? "") : null }];
  });
}
