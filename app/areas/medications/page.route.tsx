import { Tabs } from "radix-ui";
import { Suspense, useEffect, useMemo, useState } from "react";
import { Link, useNavigate, useNavigation } from "react-router";
import { loadMedicationsPage } from "./page.server";
import { MedicationTable, PrintableList } from "./components/medication-table";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FieldError } from "~/components/ui/field";
import { lazyModule } from "~/lib/lazy-module";
import { medicationSearch, type HistoryList, type MedicationRow, type MedicationTab } from "./view";
import { medicationsTexts } from "./texts";
import { useMachineWhenReached } from "~/lib/use-machine-when-reached";
import type { RepeatEvent } from "./repeat-medication.machine";
import { earlyRepeat, isEarlyRepeatEvent, REPEAT_START, repeatViewOf } from "./repeat-selection";
import type { Route } from "./+types/page.route";
import { tabClass } from "~/components/ui/choice-styles";

export const meta: Route.MetaFunction = () => [{ title: medicationsTexts.pageTitle }];

export function loader({ request }: Route.LoaderArgs) {
  return loadMedicationsPage(request);
}

const t = medicationsTexts;
const LISTS: ReadonlyArray<{ value: HistoryList; label: string; caption: string }> = [
  { value: "all", label: t.listAll, caption: t.allList },
  { value: "recent", label: t.listRecent, caption: t.recentList },
  { value: "repeated", label: t.listRepeated, caption: t.repeatedList },
];

// The repeat machine, xstate and the request's schemas and steps (decisions/358).
const repeatCode = lazyModule(() => import("./repeat-actor"));
// The dialog's form, pharmacy search and texts load when the patient asks for a repeat (issue 12).
const repeatDialog = lazyModule(() => import("./components/repeat-dialog"));
const RepeatDialogContent = repeatDialog.component((m) => m.default);

export default function Medications({ loaderData }: Route.ComponentProps) {
  const { view, rows, total, unflagged, more, settings, patient, printedOn } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();

  // The repeat machine arrives when the patient reaches for it (a medicine's box or Repeat pointed at or
  // focused, or any event sent; decisions/358); until then `repeat` is its starting state's answer. It
  // lives as long as the page: the choice stays across tabs and pages.
  const { snapshot: state, early, send, reach } = useMachineWhenReached({
    code: repeatCode,
    start: ({ startRepeat }, queued: readonly RepeatEvent[]) => startRepeat(settings, queued),
    initial: REPEAT_START,
    answer: (shown, event) => (isEarlyRepeatEvent(event) ? earlyRepeat(shown, event) : shown),
  });
  const repeat = state ? repeatViewOf(state) : early;
  const selected = useMemo(() => new Set(repeat.medicationIds), [repeat.medicationIds]);

  // The chosen medicines stay chosen across tabs and pages (the page stays mounted), so the dialog and
  // the printout name them from every list the patient has seen, not only the one on screen.
  const [known, setKnown] = useState(() => new Map(rows.map((r) => [r.id, r])));
  const [seenRows, setSeenRows] = useState(rows);
  if (seenRows !== rows) {
    setSeenRows(rows);
    setKnown((before) => new Map([...before, ...rows.map((r) => [r.id, r] as const)]));
  }
  const chosen = repeat.medicationIds.map((id) => known.get(id)).filter((r): r is MedicationRow => r !== undefined);

  const [printing, setPrinting] = useState<MedicationRow[] | null>(null);
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(null);
    window.addEventListener("afterprint", done, { once: true });
    window.print();
    return () => window.removeEventListener("afterprint", done);
  }, [printing]);

  const go = (next: { tab?: MedicationTab; list?: HistoryList; pages?: number }) => {
    const tab = next.tab ?? view.tab;
    void navigate(`/medications${medicationSearch({ tab, list: next.list ?? (tab === "history" ? view.list : "all"), pages: next.pages ?? 1 })}`, { preventScrollReset: true });
  };
  const loading = navigation.state === "loading" && navigation.location.pathname === "/medications";
  const requesting = repeat.requesting;
  const listName = view.tab === "long-term" ? t.longTermList : LISTS.find((l) => l.value === view.list)!.caption;

  const table =
    rows.length === 0 ? (
      <p className="font-semibold text-danger">{t.noRecords}</p>
    ) : (
      <MedicationTable
        caption={listName}
        rows={rows}
        selected={selected}
        onToggle={(id) => send({ type: "medicine.toggle", id })}
        onToggleAll={(on) => send({ type: "medicine.set", ids: rows.map((r) => r.id), selected: on })}
        onReach={reach}
      />
    );

  return (
    <div className="flex flex-col gap-6">
      <Breadcrumb current={t.title} />
      <h1 className="no-print text-3xl font-bold">{t.title}</h1>

      <Tabs.Root value={view.tab} onValueChange={(value) => go({ tab: value === "history" ? "history" : "long-term" })} className="no-print">
        <Tabs.List aria-label={t.medicines} className="mb-4 flex gap-2 border-b border-muted/40">
          <Tabs.Trigger value="long-term" className={tabClass}>
            {t.longTermTab}
          </Tabs.Trigger>
          <Tabs.Trigger value="history" className={tabClass}>
            {t.historyTab}
          </Tabs.Trigger>
        </Tabs.List>
        {(["long-term", "history"] as const).map((tab) => (
          <Tabs.Content key={tab} value={tab} className="flex flex-col gap-4 focus-visible:outline-2">
            {tab === "history" ? (
              <div role="group" aria-label={t.showMedicines} className="flex flex-wrap gap-2">
                {LISTS.map((l) => (
                  <Link
                    key={l.value}
                    to={`/medications${medicationSearch({ tab: "history", list: l.value })}`}
                    preventScrollReset
                    aria-current={view.list === l.value ? "page" : undefined}
                    className={`inline-flex min-h-11 items-center rounded-full border-2 px-4 font-semibold ${view.list === l.value ? "border-brand bg-brand text-white" : "border-brand bg-white text-brand"}`}
                  >
                    {l.label}
                  </Link>
                ))}
              </div>
            ) : null}

            <div className="flex flex-wrap items-center gap-3">
              <Button onClick={() => send({ type: "repeat.open" })} onPointerEnter={() => (reach(), void repeatDialog.preload())} onFocus={() => (reach(), void repeatDialog.preload())} disabled={requesting}>
                {t.repeat}
              </Button>
              <Button variant="secondary" onClick={() => setPrinting(chosen.length > 0 ? chosen : rows)} disabled={rows.length === 0 && chosen.length === 0}>
                {chosen.length > 0 ? t.printSelected(chosen.length) : t.printAll}
              </Button>
              <span className="text-muted" aria-live="polite">
                {selected.size === 0 ? t.selectToRepeat : t.selectedCount(selected.size)}
              </span>
            </div>
            {repeat.selectionError && !requesting ? <FieldError>{repeat.selectionError}</FieldError> : null}

            <div aria-busy={loading} className="flex flex-col gap-4">
              <p aria-live="polite" className="text-muted">
                {loading ? t.loading : view.tab === "long-term" ? t.longTermCount(rows.length) : total === undefined ? t.showingCount(rows.length) : t.showingOf(rows.length, total)}
              </p>
              {view.tab === "long-term" && unflagged > 0 ? (
                <p>
                  {t.unflagged(unflagged)}{" "}
                  <Link to={`/medications${medicationSearch({ tab: "history" })}`} className="text-brand underline underline-offset-4">
                    {t.showHistory}
                  </Link>
                </p>
              ) : null}
              {table}
              {more ? (
                <Link to={`/medications${medicationSearch({ ...view, pages: view.pages + 1 })}`} preventScrollReset className={`${buttonClass("secondary")} self-start`}>
                  {t.showMore}
                </Link>
              ) : null}
            </div>
          </Tabs.Content>
        ))}
      </Tabs.Root>

      <PrintableList rows={printing ?? (chosen.length > 0 ? chosen : rows)} patient={patient} printedOn={printedOn} />

      {/* The request can outgrow a phone's screen: Close at its top (issue 21); the practice's reply has its own Close. */}
      <Dialog open={requesting} onOpenChange={(open) => (open ? undefined : send({ type: "dialog.close" }))} title={state ? titleOf(state) : t.requestRepeat} dismissOnBackdrop={false} closeAtTop={!state?.matches({ requesting: { form: "sent" } })}>
        {requesting && state ? (
          <Suspense fallback={<p role="status">{t.loadingDialog}</p>}>
            <RepeatDialogContent state={state} send={send} chosen={chosen} />
          </Suspense>
        ) : null}
      </Dialog>
    </div>
  );
}

// The dialog's title is needed before its content has loaded, so it is worked out here, not imported.
function titleOf(state: { matches(value: unknown): boolean }): string {
  if (state.matches({ requesting: { form: "sent" } })) return t.sentTitle;
  if (state.matches({ requesting: { form: "onLeave" } })) return t.onLeaveTitle;
  return t.requestRepeat;
}
