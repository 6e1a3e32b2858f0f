import { Link, useNavigation } from "react-router";
import { loadImmunisationsPage } from "./page.server";
import { AddressTabs } from "../components/address-tabs";
import { ImmunisationList } from "./components/immunisation-list";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { Button, buttonClass } from "~/components/ui/button";
import { IMMUNISATION_TABS, immunisationSearch } from "./view";
import { healthTexts } from "../texts";
import type { Route } from "./+types/page.route";
import { immunisationTexts } from "./texts";

export const meta: Route.MetaFunction = () => [{ title: immunisationTexts.immunisationPageTitle }];

export function loader({ request }: Route.LoaderArgs) {
  return loadImmunisationsPage(request);
}

const t = healthTexts;

export default function Immunisation({ loaderData }: Route.ComponentProps) {
  const { tab, immunisations, total, pages, more } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/immunisation";
  const label = IMMUNISATION_TABS.find((i) => i.value === tab)!.label;

  return (
    <div className="print-landscape flex flex-col gap-6">
      <Breadcrumb current={immunisationTexts.immunisation} />
      <h1 className="text-3xl font-bold">{immunisationTexts.immunisation}</h1>
      <AddressTabs label={immunisationTexts.immunisations} tabs={IMMUNISATION_TABS} current={tab} hrefOf={(value) => `/immunisation${immunisationSearch({ tab: value })}`}>
        <div aria-busy={loading} className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-2xl font-bold">{immunisationTexts.tabImmunisations(label)}</h2>
            {/* Prints the tab shown, on A4 landscape (2§2, 2§9). */}
            <Button variant="secondary" className="no-print" onClick={() => window.print()} disabled={immunisations.length === 0}>
              {immunisationTexts.print}
              <span className="sr-only">{immunisationTexts.printWhat(label.toLowerCase())}</span>
            </Button>
          </div>
          {loading ? <p role="status">{t.loading}</p> : null}
          {immunisations.length === 0 ? <p className="font-semibold text-danger">{t.noRecords}</p> : <ImmunisationList label={immunisationTexts.tabImmunisations(label)} immunisations={immunisations} />}
          {total === undefined ? <p className="text-muted">{immunisationTexts.immunisationsShown(immunisations.length)}</p> : total > immunisations.length ? <p className="text-muted">{immunisationTexts.immunisationsShown(immunisations.length, total)}</p> : null}
          {more ? (
            <Link to={`/immunisation${immunisationSearch({ tab, pages: pages + 1 })}`} preventScrollReset className={`${buttonClass("secondary")} no-print self-start`}>
              {immunisationTexts.moreImmunisations}
            </Link>
          ) : null}
        </div>
      </AddressTabs>
    </div>
  );
}
