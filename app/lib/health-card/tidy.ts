import { CARD_DATABASE } from "./copy-shape";

/**
 * The health cards kept in this browser are tidied whenever a page of the portal loads online, and at
 * once after a change that ends them (a passkey removed, signed out everywhere else: decisions/405), so
 * a copy the portal no longer vouches for is wiped here without waiting for /card. A browser that keeps
 * none loads nothing more: the copies' code is imported only where their database exists.
 */

export async function tidyKeptCards(): Promise<void> {
  // /card tidies its copies itself, and says what it wiped.
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function" || !navigator.onLine || location.pathname === "/card") return;
  try {
    if (!(await indexedDB.databases()).some((database) => database.name === CARD_DATABASE)) return;
    await (await import("./device-copies")).tidyCopies();
  } catch {
    // A browser that will not say, or a store that will not open: /card tries again when drawn.
  }
}
