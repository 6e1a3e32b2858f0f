import { Link, useNavigation } from "react-router";
import { loadDiagnosesPage } from "./page.server";
import { AddressTabs } from "../components/address-tabs";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { buttonClass } from "~/components/ui/button";
import { DIAGNOSIS_TABS, diagnosisSearch } from "./view";
import { healthTexts } from "../texts";
import type { Route } from "./+types/page.route";

export const meta: Route.MetaFunction = () => [{ title: "Diagnosis – Patient Portal" }];

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
      <Breadcrumb current="Diagnosis" />
      <h1 className="text-3xl font-bold">Diagnosis</h1>
      <AddressTabs label="Diagnoses" tabs={DIAGNOSIS_TABS} current={tab} hrefOf={(value) => `/diagnosis${diagnosisSearch({ tab: value })}`}>
        <div aria-busy={loading} className="flex flex-col gap-4">
          {loading ? <p role="status">{t.loading}</p> : null}
          {diagnoses.length === 0 ? (
            <p className="font-semibold text-danger">{t.noRecords}</p>
          ) : (
            <ul className="grid gap-4 lg:grid-cols-2" aria-label={label}>
              {diagnoses.map((d, i) => (
                <li key={d.id ?? `#${i}`} className="flex flex-col gap-2 rounded border-l-8 border-brand bg-white p-4 shadow-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h2 className="text-lg font-bold">
                      <time dateTime={d.isoDate || undefined}>{d.date}</time>
                    </h2>
                    {d.longTerm ? <span className="rounded-full border-2 border-brand px-3 py-0.5 text-sm font-bold text-brand">Long term</span> : null}
                  </div>
                  <p>{d.text}</p>
                </li>
              ))}
            </ul>
          )}
          {total > diagnoses.length ? <p className="text-muted">Showing {diagnoses.length} of {total} diagnoses.</p> : null}
          {more ? (
            <Link to={`/diagnosis${diagnosisSearch({ tab, pages: pages + 1 })}`} preventScrollReset className={`${buttonClass("secondary")} self-start`}>
              Show more diagnoses
            </Link>
          ) : null}
        </div>
      </AddressTabs>
    </div>
  );
}
