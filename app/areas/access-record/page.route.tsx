import { Form, Link, useNavigate, useNavigation } from "react-router";
import { loadAccessRecordPage } from "./page.server";
import { AccessList } from "./components/access-list";
import { accessSearch } from "./address";
import { accessRecordTexts as t, AREA_WORDS } from "./texts";
import { shellTexts } from "~/shell/texts";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { Button, buttonClass } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { useDeferredSchemaForm } from "~/components/ui/use-deferred-schema-form";
import { useFieldsFollowAddress } from "~/components/ui/use-fields-follow-address";
import { ACCESS_AREAS } from "~/lib/access-kinds";
import type { Route } from "./+types/page.route";

export const meta: Route.MetaFunction = () => [{ title: shellTexts.pageTitle(t.title) }];

export function loader({ request }: Route.LoaderArgs) {
  return loadAccessRecordPage(request);
}

const AREA_OPTIONS = ACCESS_AREAS.map((area) => ({ value: area, label: AREA_WORDS[area] })).sort((a, b) => a.label.localeCompare(b.label));

export default function AccessRecord({ loaderData }: Route.ComponentProps) {
  const { rows, filters, person, people, filtersResult, older, paged, filtered, download } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/access-record";

  // The filters live in the address (reload, Back and a shared link show the same view); the browser
  // checks them with the loader's own schema first, so a wrong date is told at once and never sent.
  const form = useDeferredSchemaForm({
    load: () => import("./filters"),
    schema: (filters) => filters.AccessFiltersSchema,
    lastResult: filtersResult,
    onValid: (data) => {
      const text = (name: string) => String(data.get(name) ?? "");
      void navigate(`/access-record${accessSearch({ person: text("person"), area: text("area"), from: text("from"), to: text("to") })}`);
    },
  });

  useFieldsFollowAddress(form.formProps.id, { person, area: filters.area, from: filters.from, to: filters.to }, (name) => !!form.errors[name]);

  return (
    <div className="flex flex-col gap-6">
      <Breadcrumb current={t.title} />
      <h1 className="text-3xl font-bold">{t.title}</h1>
      <p className="max-w-3xl">{t.intro}</p>

      <Form method="get" action="/access-record" {...form.formProps} role="search" aria-label={t.filtersLabel} className="no-print flex flex-col gap-4 rounded bg-white p-4 shadow-sm">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t.person} options={people} defaultValue={person} {...form.field("person")} />
          <SelectField label={t.area} placeholder={t.everyArea} options={AREA_OPTIONS} defaultValue={filters.area} {...form.field("area")} />
          <TextField label={t.from} inputMode="numeric" autoComplete="off" defaultValue={filters.from} hint={t.fromHint} {...form.field("from")} />
          <TextField label={t.to} inputMode="numeric" autoComplete="off" defaultValue={filters.to} hint={t.toHint} {...form.field("to")} />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit">{t.show}</Button>
          {filtered || filters.person !== "" ? (
            <Link to="/access-record" className={buttonClass("secondary")}>
              {t.clear}
            </Link>
          ) : null}
        </div>
      </Form>

      <div className="no-print flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => window.print()} disabled={rows.length === 0}>
          {t.print}
        </Button>
        {filtersResult ? null : (
          <a href={download} download className={buttonClass("secondary")}>
            {t.download}
          </a>
        )}
      </div>

      <div aria-busy={loading} className="flex flex-col gap-4">
        <p aria-live="polite" className="text-muted">
          {loading ? t.loading : filtersResult ? "" : rows.length > 0 ? t.shown(rows.length, older !== null) : ""}
        </p>
        {filtersResult ? null : rows.length === 0 ? <p className="font-semibold">{filtered || paged ? t.noneFiltered : t.none}</p> : <AccessList rows={rows} />}
        <div className="no-print flex flex-wrap gap-3">
          {paged ? (
            <Link to={`/access-record${accessSearch(filters)}`} className={buttonClass("secondary")}>
              {t.newest}
            </Link>
          ) : null}
          {older ? (
            <Link to={older} className={buttonClass("secondary")}>
              {t.older}
            </Link>
          ) : null}
        </div>
      </div>
    </div>
  );
}
