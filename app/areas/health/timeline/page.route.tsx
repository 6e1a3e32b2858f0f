import { useState } from "react";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { loadTimelinePage } from "./page.server";
import { TimelineDays } from "./components/timeline-days";
import { TimelineFilterDialog } from "./components/timeline-filter-dialog";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { buttonClass } from "~/components/ui/button";
import { healthTexts } from "../texts";
import { RANGES, timelineSearch, type TimelineView } from "~/lib/timeline-filter";
import type { Route } from "./+types/page.route";
import { badgeClass } from "~/components/ui/choice-styles";
import { timelinePageTexts } from "./texts";

export const meta: Route.MetaFunction = () => [{ title: timelinePageTexts.timelinePageTitle }];

export function loader({ request }: Route.LoaderArgs) {
  return loadTimelinePage(request);
}

const t = healthTexts;

export default function Timeline({ loaderData }: Route.ComponentProps) {
  const { today, view, filter, filterResult, providers, summary, days, shown, total, pages, more } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/timeline";
  // A filter refused in the address opens the dialog with its messages; a navigation starts closed.
  const [open, setOpen] = useState(filterResult !== null);
  const [seen, setSeen] = useState(location.key);
  if (seen !== location.key) {
    setSeen(location.key);
    setOpen(filterResult !== null);
  }
  const go = (next: TimelineView) => void navigate(`/timeline${timelineSearch(next)}`, { preventScrollReset: true });

  return (
    <div className="flex flex-col gap-6">
      <Breadcrumb current={timelinePageTexts.timeline} />
      <h1 className="text-3xl font-bold">{timelinePageTexts.timeline}</h1>

      <div role="group" aria-label={timelinePageTexts.showEntries} className="no-print flex flex-wrap gap-2">
        {RANGES.map((days) => (
          <Link key={days} to={`/timeline${timelineSearch({ kind: "range", days })}`} preventScrollReset aria-current={view.kind === "range" && view.days === days ? "true" : undefined} className={badgeClass(view.kind === "range" && view.days === days)}>
            {timelinePageTexts.rangeDays(days)}
            <span className="sr-only"> {timelinePageTexts.rangeDaysSaid(days)}</span>
          </Link>
        ))}
        <Link to="/timeline" preventScrollReset aria-current={view.kind === "all" ? "true" : undefined} className={badgeClass(view.kind === "all")}>
          {timelinePageTexts.all}
        </Link>
        <button type="button" aria-haspopup="dialog" aria-pressed={view.kind === "filter"} onClick={() => setOpen(true)} className={badgeClass(view.kind === "filter")}>
          {timelinePageTexts.filter}
        </button>
      </div>

      <div aria-busy={loading} className="flex flex-col gap-4">
        {loading ? <p role="status">{t.loading}</p> : null}
        <p className="text-muted">{timelinePageTexts.entriesShown(shown, total, summary)}</p>
        {days.length === 0 ? <p className="font-semibold text-danger">{t.noRecords}</p> : <TimelineDays days={days} />}
        {more ? (
          <Link to={`/timeline${timelineSearch(view, pages + 1)}`} preventScrollReset className={`${buttonClass("secondary")} self-start`}>
            {timelinePageTexts.moreEntries}
          </Link>
        ) : null}
      </div>

      <TimelineFilterDialog
        key={location.key}
        open={open}
        today={today}
        filter={filter}
        filterResult={filterResult}
        providers={providers}
        onCancel={() => {
          setOpen(false);
          // Cancelling the filter returns to All (2§4).
          if (view.kind !== "all" || location.search !== "") go({ kind: "all" });
        }}
        onFilter={(next) => {
          setOpen(false);
          go(Object.values(next).some(Boolean) ? { kind: "filter", filter: next } : { kind: "all" });
        }}
      />
    </div>
  );
}
