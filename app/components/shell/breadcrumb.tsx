import { Link } from "react-router";

/** Every screen's breadcrumb: a Dashboard link, then the current page (1§2). */
export function Breadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="no-print mb-4">
      <ol className="flex flex-wrap items-center gap-2 text-muted">
        <li>
          <Link to="/" className="text-brand underline underline-offset-4">
            Dashboard
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="font-semibold text-ink">
          {current}
        </li>
      </ol>
    </nav>
  );
}
