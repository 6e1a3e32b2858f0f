import { Link } from "react-router";
import { shellTexts } from "../texts";

/** Every screen's breadcrumb: a Dashboard link, then the current page (1§2), after its parent page when it has one. */
export function Breadcrumb({ current, currentLang, parent }: { current: string; /** Where the page is named by the practice's words (a letter's title): PRACTICE_LANG. */ currentLang?: string; parent?: { to: string; label: string } }) {
  return (
    <nav aria-label={shellTexts.breadcrumb} className="no-print mb-4">
      <ol className="flex flex-wrap items-center gap-2 text-muted">
        <li>
          <Link to="/" className="text-brand underline underline-offset-4">
            {shellTexts.dashboard}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        {parent ? (
          <>
            <li>
              <Link to={parent.to} className="text-brand underline underline-offset-4">
                {parent.label}
              </Link>
            </li>
            <li aria-hidden="true">/</li>
          </>
        ) : null}
        <li aria-current="page" className="font-semibold text-ink" lang={currentLang}>
          {current}
        </li>
      </ol>
    </nav>
  );
}
