import { useRef } from "react";
import type { SubmissionResult } from "@conform-to/react";
import type { TimelineFilter } from "~/lib/timeline-filter";
import { Dialog } from "~/components/ui/dialog";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { useDeferredSchemaForm } from "~/components/ui/use-deferred-schema-form";
import { timelinePageTexts } from "../texts";

/**
 * The Timeline Search Filter (2§2): start, end, free text and provider (All plus IndiciLookup 14),
 * with Close, Reset and Filter. The 2§5 date rules are checked here with the loader's own schema (fetched when the
 * patient reaches for the form, decisions/357), so
 * nothing wrong is asked for; Close (or Escape) is cancelling, which returns to All (2§4).
 */
export function TimelineFilterDialog({
  open,
  today,
  filter,
  filterResult,
  providers,
  onCancel,
  onFilter,
}: {
  open: boolean;
  today: string;
  filter: TimelineFilter;
  filterResult: SubmissionResult<string[]> | null;
  providers: ReadonlyArray<{ id: string; name: string }>;
  onCancel(): void;
  onFilter(filter: TimelineFilter): void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useDeferredSchemaForm({
    load: () => import("../filter-schema"),
    schema: (schemas) => schemas.timelineFilterSchema(today, providers.map((p) => p.id)),
    lastResult: filterResult,
    onValid: (data) => {
      const text = (name: string) => String(data.get(name) ?? "").trim();
      onFilter({ from: text("from"), to: text("to"), q: text("q"), provider: text("provider") });
    },
  });

  const reset = () => {
    const fields = formRef.current?.elements;
    for (const name of ["from", "to", "q", "provider"]) {
      const field = fields?.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = "";
      form.clear(name);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())} title={timelinePageTexts.filterTitle} description={timelinePageTexts.filterDescription}>
      <form ref={formRef} {...form.formProps} aria-label={timelinePageTexts.filterTitle} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={timelinePageTexts.startDate} inputMode="numeric" autoComplete="off" defaultValue={filter.from} {...form.field("from")} />
          <TextField label={timelinePageTexts.endDate} inputMode="numeric" autoComplete="off" defaultValue={filter.to} {...form.field("to")} />
        </div>
        <TextField label={timelinePageTexts.searchText} type="search" defaultValue={filter.q} hint={timelinePageTexts.searchHint} {...form.field("q")} />
        <SelectField label={timelinePageTexts.provider} defaultValue={filter.provider} options={[{ value: "", label: timelinePageTexts.all }, ...providers.map((p) => ({ value: p.id, label: p.name }))]} {...form.field("provider")} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onCancel}>
            {timelinePageTexts.close}
          </Button>
          <Button variant="secondary" onClick={reset}>
            {timelinePageTexts.reset}
          </Button>
          <Button type="submit">{timelinePageTexts.filter}</Button>
        </div>
      </form>
    </Dialog>
  );
}
