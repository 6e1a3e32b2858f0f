import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { loadLettersPage } from "./page.server";
import { LetterGrid, type LetterGridHandle } from "./components/letter-grid";
import { DocumentDialog, type OpenDocument } from "~/components/pdf/document-dialog";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { Button, buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { previewTexts } from "~/lib/texts/preview";
import { useDeferredSchemaForm } from "~/components/ui/use-deferred-schema-form";
import { useFieldsFollowAddress } from "~/components/ui/use-fields-follow-address";
import { letterFileName, type LetterTile } from "~/lib/letters-view";
import { listingSearch } from "~/lib/listing";
import { lettersTexts } from "./texts";
import { previewHref } from "~/lib/preview-view";
import type { Route } from "./+types/page.route";
import { practiceLang } from "~/lib/language";

export const meta: Route.MetaFunction = () => [{ title: lettersTexts.pageTitle }];

export function loader({ request }: Route.LoaderArgs) {
  return loadLettersPage(request);
}

const t = lettersTexts;
const TEXTS = { loading: t.loadingLetter, failed: t.pdfFailed, pageFailed: t.pdfPageFailed, notPdf: t.notPdf };

function documentOf(letter: LetterTile, print: boolean, back: string): OpenDocument {
  return {
    title: letter.type,
    titleLang: practiceLang(letter.type),
    description: previewTexts.dated(letter.date),
    url: `/letters/letter/${encodeURIComponent(letter.id)}`,
    fileName: letterFileName(letter),
    pdf: letter.pdf,
    print,
    fullPage: previewHref("letter", letter.id, back),
  };
}

export default function Letters({ loaderData }: Route.ComponentProps) {
  const { letters, total, pages, more, range, ranged, rangeResult } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [open, setOpen] = useState<OpenDocument | null>(null);
  const location = useLocation();
  const here = location.pathname + location.search;

  // The range lives in the address (reload, back and a shared link show the same letters); the
  // browser checks it with the loader's own schema (fetched when the patient reaches for the form) before navigating, so a wrong date is never sent.
  const form = useDeferredSchemaForm({
    load: () => import("./search"),
    schema: (search) => search.LetterRangeSchema,
    lastResult: rangeResult,
    onValid: (data) => {
      const text = (name: string) => String(data.get(name) ?? "").trim();
      void navigate(`/letters${listingSearch({ from: text("from"), to: text("to") })}`);
    },
  });

  useFieldsFollowAddress(form.formProps.id, { from: range.from, to: range.to });

  // After "more", the focus goes to the first letter it brought, not back to the top of the page.
  const grid = useRef<LetterGridHandle>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from !== null && letters.length > from) {
      focusFrom.current = null;
      grid.current?.focusLetter(from);
    }
  }, [letters]);

  const loading = navigation.state === "loading" && navigation.location.pathname === "/letters";
  const hasRange = range.from !== "" || range.to !== "";

  return (
    <div className="flex flex-col gap-6">
      <Breadcrumb current={t.letters} />
      <h1 className="text-3xl font-bold">{t.letters}</h1>

      <Form method="get" action="/letters" {...form.formProps} role="search" aria-label={t.searchByDate} className="no-print flex flex-col gap-4 rounded bg-white p-4 shadow-sm">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t.from} inputMode="numeric" autoComplete="off" defaultValue={range.from} hint={t.fromHint} {...form.field("from")} />
          <TextField label={t.to} inputMode="numeric" autoComplete="off" defaultValue={range.to} hint={t.toHint} {...form.field("to")} />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit">{t.search}</Button>
          {hasRange ? (
            <Link to="/letters" className={buttonClass("secondary")}>
              {t.clearDates}
            </Link>
          ) : null}
        </div>
      </Form>

      <div aria-busy={loading} className="flex flex-col gap-4">
        <p aria-live="polite" className="text-muted">
          {loading ? t.loading : ranged ? t.inRange(letters.length, range.from, range.to) : t.shown(letters.length, total)}
        </p>
        {letters.length === 0 ? (
          <p className="font-semibold text-danger">{ranged ? t.noRecordsInRange : t.noRecords}</p>
        ) : (
          <LetterGrid ref={grid} letters={letters} onView={(l) => setOpen(documentOf(l, false, here))} onPrint={(l) => setOpen(documentOf(l, true, here))} />
        )}
        {more ? (
          <Link to={`/letters${listingSearch({ pages: pages + 1 })}`} preventScrollReset onClick={() => (focusFrom.current = letters.length)} className={`${buttonClass("secondary")} no-print self-start`}>
            {t.more}
          </Link>
        ) : null}
      </div>

      <DocumentDialog document={open} onClose={() => setOpen(null)} texts={TEXTS} printable />
    </div>
  );
}
