import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a move to another page (a link, Back, a redirect), the focus goes to the new page's heading,
 * as GOV.UK and NHS.UK do: a screen reader announces where the patient now is, and the next Tab
 * starts from the page rather than from a link that is no longer there. The first load keeps the
 * browser's own start; a change of the address's query alone (a tab, a page of a list) is the same
 * page and leaves the focus where it is. A dialog the new page opened at once keeps the focus.
 */
export function useHeadingFocusOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')) return;
    const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus();
  }, [pathname]);
}
