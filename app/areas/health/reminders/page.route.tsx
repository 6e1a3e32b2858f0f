import { Link, useNavigation } from "react-router";
import { loadRemindersPage } from "./page.server";
import { ReminderList } from "./components/reminder-list";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { buttonClass } from "~/components/ui/button";
import { listingSearch } from "~/lib/listing";
import { healthTexts } from "../texts";
import type { Route } from "./+types/page.route";
import { remindersTexts } from "./texts";

export const meta: Route.MetaFunction = () => [{ title: remindersTexts.remindersPageTitle }];

export function loader({ request }: Route.LoaderArgs) {
  return loadRemindersPage(request);
}

const t = healthTexts;

export default function Reminders({ loaderData }: Route.ComponentProps) {
  const { reminders, total, pages, more } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/reminders";

  return (
    <div className="flex flex-col gap-6">
      <Breadcrumb current={remindersTexts.reminders} />
      <h1 className="text-3xl font-bold">{remindersTexts.reminders}</h1>
      <div aria-busy={loading} className="flex flex-col gap-4">
        {loading ? <p role="status">{t.loading}</p> : null}
        {reminders.length === 0 ? <p className="font-semibold text-danger">{t.noRecords}</p> : <ReminderList reminders={reminders} />}
        {total === undefined ? <p className="text-muted">{remindersTexts.remindersShown(reminders.length)}</p> : total > reminders.length ? <p className="text-muted">{remindersTexts.remindersShown(reminders.length, total)}</p> : null}
        {more ? (
          <Link to={`/reminders${listingSearch({ pages: pages + 1 })}`} preventScrollReset className={`${buttonClass("secondary")} self-start`}>
            {remindersTexts.moreReminders}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
