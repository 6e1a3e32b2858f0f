import { useLocation, useNavigation } from "react-router";
import { shellTexts } from "../texts";

/** 1§2's spinner while the token is checked: a bar across the page and a status line for a move between pages (decisions/371). */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const moving = navigation.state === "loading" && navigation.formMethod === undefined && navigation.location.pathname !== pathname;
  return (
    <>
      <p role="status" className="sr-only">
        {moving ? shellTexts.loadingPage : ""}
      </p>
      {moving ? (
        <div aria-hidden="true" className="no-print fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-dark">
          <div className="page-loading-bar h-full w-1/3 bg-focus" />
        </div>
      ) : null}
    </>
  );
}
