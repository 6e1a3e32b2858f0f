import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a move to another page (a link, Back, a redirect), the focus goes to the new page's heading,
 * as GOV.UK and NHS.UK do: a screen reader announces where the patient now is, and the next Tab
 * starts from the page rather than from a link that is no longer there. The first load keeps the
 * browser's own start; a change of the address's query alone (a tab, a page of a list) is the same
 * page and leaves the focus where it is. A dialog the new page opened at once keeps the focus. A link
 * to a place on the new page (`/profile-old#old-notifications`) takes the focus to that place, which
 * scrolls it into view: a section's heading carries its id.
 */
export function useHeadingFocusOnNavigation() {
  const { pathname, hash } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')) return;
    const place = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    const heading = place ?? document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus();
  }, [pathname, hash]);
}
