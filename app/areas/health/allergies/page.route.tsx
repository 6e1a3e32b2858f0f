import { Link, useNavigation } from "react-router";
import { loadAllergiesPage } from "./page.server";
import { AllergyList, SeverityLegend } from "./components/allergy-list";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { buttonClass } from "~/components/ui/button";
import { listingSearch } from "~/lib/listing";
import { healthTexts } from "../texts";
import type { Route } from "./+types/page.route";
import { allergiesTexts } from "./texts";

export const meta: Route.MetaFunction = () => [{ title: allergiesTexts.allergiesPageTitle }];

export function loader({ request }: Route.LoaderArgs) {
  return loadAllergiesPage(request);
}

const t = healthTexts;

export default function Allergies({ loaderData }: Route.ComponentProps) {
  const { allergies, total, pages, more } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/allergies";

  return (
    <div className="flex flex-col gap-6">
      <Breadcrumb current={allergiesTexts.allergies} />
      <h1 className="text-3xl font-bold">{allergiesTexts.allergies}</h1>
      <SeverityLegend />
      <div aria-busy={loading} className="flex flex-col gap-4">
        {loading ? <p role="status">{t.loading}</p> : null}
        {allergies.length === 0 ? <p className="font-semibold text-danger">{t.noRecords}</p> : <AllergyList allergies={allergies} />}
        {total === undefined ? <p className="text-muted">{allergiesTexts.allergiesShown(allergies.length)}</p> : total > allergies.length ? <p className="text-muted">{allergiesTexts.allergiesShown(allergies.length, total)}</p> : null}
        {more ? (
          <Link to={`/allergies${listingSearch({ pages: pages + 1 })}`} preventScrollReset className={`${buttonClass("secondary")} self-start`}>
            {allergiesTexts.moreAllergies}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
