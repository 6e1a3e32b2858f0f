import { Link, useNavigation } from "react-router";
import { loadDiagnosesPage } from "./page.server";
import { AddressTabs } from "../components/address-tabs";
import { DiagnosisList } from "./components/diagnosis-list";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { buttonClass } from "~/components/ui/button";
import { DIAGNOSIS_TABS, diagnosisSearch } from "./view";
import { healthTexts } from "../texts";
import type { Route } from "./+types/page.route";
import { diagnosisTexts } from "./texts";

export const meta: Route.MetaFunction = () => [{ title: diagnosisTexts.diagnosisPageTitle }];

export function loader({ request }: Route.LoaderArgs) {
  return loadDiagnosesPage(request);
}

const t = healthTexts;

export default function Diagnosis({ loaderData }: Route.ComponentProps) {
  const { tab, diagnoses, total, pages, more } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/diagnosis";
  const label = DIAGNOSIS_TABS.find((d) => d.value === tab)!.label;

  return (
    <div className="flex flex-col gap-6">
      <Breadcrumb current={diagnosisTexts.diagnosis} />
      <h1 className="text-3xl font-bold">{diagnosisTexts.diagnosis}</h1>
      <AddressTabs label={diagnosisTexts.diagnoses} tabs={DIAGNOSIS_TABS} current={tab} hrefOf={(value) => `/diagnosis${diagnosisSearch({ tab: value })}`}>
        <div aria-busy={loading} className="flex flex-col gap-4">
          {loading ? <p role="status">{t.loading}</p> : null}
          {diagnoses.length === 0 ? (
            <p className="font-semibold text-danger">{t.noRecords}</p>
          ) : (
            <DiagnosisList label={label} diagnoses={diagnoses} />
          )}
          {total === undefined ? <p className="text-muted">{diagnosisTexts.diagnosesShown(diagnoses.length)}</p> : total > diagnoses.length ? <p className="text-muted">{diagnosisTexts.diagnosesShown(diagnoses.length, total)}</p> : null}
          {more ? (
            <Link to={`/diagnosis${diagnosisSearch({ tab, pages: pages + 1 })}`} preventScrollReset className={`${buttonClass("secondary")} self-start`}>
              {diagnosisTexts.moreDiagnoses}
            </Link>
          ) : null}
        </div>
      </AddressTabs>
    </div>
  );
}
