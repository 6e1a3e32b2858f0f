import { loadSummaryPage } from "./page.server";
import { shareLinksOf } from "./share-page.server";
import { SummaryContents } from "./components/summary-contents";
import { ShareLinks } from "./components/share-links";
import { KeepCard } from "./card/components/keep-card";
import { lockablePasskeysOf } from "./card/offer.server";
import { summaryTexts } from "./texts";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { buttonClass } from "~/components/ui/button";
import type { Route } from "./+types/page.route";

/**
 * "My health summary" (issue 32, decisions/275): what the summary of the person viewed holds, and its
 * two downloads, made on the server from the practice's record each time they are asked for.
 */

export const meta: Route.MetaFunction = () => [{ title: summaryTexts.metaTitle }];

export async function loader({ request }: Route.LoaderArgs) {
  const [page, shareLinks, lockablePasskeys] = await Promise.all([loadSummaryPage(request), shareLinksOf(request), lockablePasskeysOf(request)]);
  return { ...page, shareLinks, lockablePasskeys };
}

const t = summaryTexts;

export default function Summary({ loaderData }: Route.ComponentProps) {
  const { patientName, nhi, birthDate, practiceName, generated, sections, shareLinks, lockablePasskeys } = loaderData;
  const facts: [string, string][] = [
    [t.patient, patientName || t.notRecorded],
    [t.nhi, nhi || t.notRecorded],
    [t.born, birthDate || t.notRecorded],
    [t.practice, practiceName || t.notRecorded],
    [t.generated, generated],
  ];
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <Breadcrumb current={t.title} />
      <h1 className="text-3xl font-bold">{t.title}</h1>
      <p>{t.intro}</p>

      <section aria-labelledby="summary-whose" className="rounded bg-white p-4 shadow-sm">
        <h2 id="summary-whose" className="sr-only">
          {t.patient}
        </h2>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd className="mb-2 break-words sm:mb-0">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="summary-contents" className="rounded bg-white p-4 shadow-sm">
        <h2 id="summary-contents" className="mb-3 text-xl font-bold">
          {t.contentsHeading}
        </h2>
        <SummaryContents sections={sections} />
        <p className="mt-3 text-sm text-muted">{t.emptyNote}</p>
      </section>

      <section aria-labelledby="summary-downloads" className="flex flex-col gap-4 rounded bg-white p-4 shadow-sm">
        <h2 id="summary-downloads" className="text-xl font-bold">
          {t.downloadsHeading}
        </h2>
        <p>{t.downloadsInEnglish}</p>
        {/* Plain links: the file comes as an attachment and the page stays; a failure is a page of its own. */}
        <div className="flex flex-col gap-1">
          <a href="/summary/pdf" className={buttonClass("primary", "self-start")} aria-describedby="summary-pdf-hint">
            {t.downloadPdf}
          </a>
          <p id="summary-pdf-hint" className="text-sm text-muted">
            {t.downloadPdfHint}
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <a href="/summary/fhir" className={buttonClass("secondary", "self-start")} aria-describedby="summary-fhir-hint">
            {t.downloadFhir}
          </a>
          <p id="summary-fhir-hint" className="text-sm text-muted">
            {t.downloadFhirHint}
          </p>
        </div>
      </section>

      <ShareLinks links={shareLinks} />

      <KeepCard lockablePasskeys={lockablePasskeys} />
    </div>
  );
}
