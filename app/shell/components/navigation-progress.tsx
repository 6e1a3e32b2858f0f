import { useLocation, useNavigation } from "react-router";

/**
 * 1§2: "A spinner shows while the token is being checked", and every screen checks it on load. A move to
 * another page (a menu link, a card, Back) asks the portal's server, which asks the practice: a bar
 * across the top of the page shows that at once, and a status line says it to a screen reader. The
 * status line stays in the page, empty while nothing loads, so that its words are announced when they
 * come. A form's own post is left to its busy button, and a page's own tabs and filters (the same page,
 * another address) to the page's own loading state; the bar is for moves between pages.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const moving = navigation.state === "loading" && navigation.formMethod === undefined && navigation.location.pathname !== pathname;
  return (
    <>
      <p role="status" className="sr-only">
        {moving ? "Loading the page…" : ""}
      </p>
      {moving ? (
        <div aria-hidden="true" className="no-print fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-dark">
          <div className="page-loading-bar h-full w-1/3 bg-focus" />
        </div>
      ) : null}
    </>
  );
}
