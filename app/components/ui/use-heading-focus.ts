import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** After a move to another page, the focus goes to its heading (or to the `#place` linked), so a screen reader says where the patient is (decisions/120). */
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
