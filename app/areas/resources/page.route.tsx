import { useState } from "react";
import { Link, useNavigation } from "react-router";
import { loadResourcesPage } from "./page.server";
import { DocumentDialog, type OpenDocument } from "~/components/pdf/document-dialog";
import { ResourceGrid } from "./components/resource-grid";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { buttonClass } from "~/components/ui/button";
import { listingSearch } from "~/lib/listing";
import { resourcesTexts } from "./texts";
import type { Route } from "./+types/page.route";
import { practiceLang } from "~/lib/language";

export const meta: Route.MetaFunction = () => [{ title: resourcesTexts.pageTitle }];

export function loader({ request }: Route.LoaderArgs) {
  return loadResourcesPage(request);
}

const t = resourcesTexts;
const TEXTS = { loading: t.loadingResource, failed: t.pdfFailed, pageFailed: t.pdfPageFailed };

export default function Resources({ loaderData }: Route.ComponentProps) {
  const { items, total, pages, more } = loaderData;
  const navigation = useNavigation();
  const [open, setOpen] = useState<OpenDocument | null>(null);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/resources";

  return (
    <div className="flex flex-col gap-6">
      <Breadcrumb current={t.resources} />
      <h1 className="text-3xl font-bold">{t.resources}</h1>
      <p>{t.intro}</p>

      <div aria-busy={loading} className="flex flex-col gap-4">
        {loading ? <p role="status">{t.loading}</p> : null}
        {items.length === 0 ? (
          <p className="font-semibold text-danger">{t.noRecords}</p>
        ) : (
          <ResourceGrid
            items={items}
            onOpen={(item) => setOpen({ title: item.title, titleLang: practiceLang(item.title), url: `/resources/file/${encodeURIComponent(item.id)}`, fileName: item.fileName, pdf: true })}
          />
        )}
        {more ? (
          <Link to={`/resources${listingSearch({ pages: pages + 1 })}`} preventScrollReset className={`${buttonClass("secondary")} self-start`}>
            {t.more}
          </Link>
        ) : null}
        {total === undefined && !more ? <p className="text-muted">{t.shown(items.length)}</p> : null}
        {total !== undefined && total > items.length && !more ? <p className="text-muted">{t.shown(items.length, total)}</p> : null}
      </div>

      <DocumentDialog document={open} onClose={() => setOpen(null)} texts={TEXTS} />
    </div>
  );
}
