import { useFetcher } from "react-router";
import { loadSharingPage, saveSharingChoice, type SharingParent } from "./page.server";
import { sharingTexts as t } from "./texts";
import { shellTexts } from "~/shell/texts";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { Button } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";
import type { Route } from "./+types/page.route";

export const meta: Route.MetaFunction = () => [{ title: shellTexts.pageTitle(t.title) }];

export function loader({ request }: Route.LoaderArgs) {
  return loadSharingPage(request);
}

export function action({ request }: Route.ActionArgs) {
  return saveSharingChoice(request);
}

export default function Sharing({ loaderData }: Route.ComponentProps) {
  const { parents, decides, notYet, rules, limited } = loaderData;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <Breadcrumb current={t.title} />
      <h1 className="text-3xl font-bold">{t.title}</h1>
      <p>{t.intro}</p>
      <p>{rules}</p>
      <p>{t.confidential}</p>
      {notYet ? <Alert tone="info">{notYet}</Alert> : null}
      <section aria-labelledby="parents-heading" className="flex flex-col gap-4">
        <h2 id="parents-heading" className="text-xl font-bold">
          {t.listLabel}
        </h2>
        {parents.length === 0 ? (
          <p className="rounded bg-white p-4 shadow-sm">{t.none}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {parents.map((parent) => (
              <li key={parent.key}>
                <ParentCard parent={parent} decides={decides} limited={limited} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ParentCard({ parent, decides, limited }: { parent: SharingParent; decides: boolean; limited: string }) {
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const headingId = `parent-${parent.key}`;
  const options: { value: SharingParent["choice"]; label: string }[] = [
    { value: "rules", label: t.options.rules(parent.byRules) },
    { value: "full", label: t.options.full },
    { value: "limited", label: t.options.limited(limited) },
    { value: "none", label: t.options.none },
  ];
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded bg-white p-4 shadow-sm">
      <h3 id={headingId} className="text-lg font-bold">
        {parent.name}
      </h3>
      <p className="text-muted">{t.since(parent.since)}</p>
      <p>
        <span className="font-semibold">{t.seesNow}: </span>
        {parent.sees}
      </p>
      {decides ? (
        // A plain form: it posts without JavaScript too; with it, each parent's answer stays on its own card.
        <fetcher.Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="parent" value={parent.key} />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold">{t.legend(parent.name)}</legend>
            {options.map((option) => (
              <label key={option.value} className="flex min-h-11 items-center gap-3">
                <input type="radio" name="view" value={option.value} defaultChecked={parent.choice === option.value} required className="size-5" />
                {option.label}
              </label>
            ))}
          </fieldset>
          <div>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? t.saving : t.save(parent.name)}
            </Button>
          </div>
          {answer ? <Alert tone={answer.ok ? "info" : "error"}>{answer.message}</Alert> : null}
        </fetcher.Form>
      ) : null}
    </article>
  );
}
