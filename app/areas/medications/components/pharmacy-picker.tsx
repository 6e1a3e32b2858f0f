import { useDeferredValue, useId, useMemo, useState } from "react";
import type { PharmacyOption } from "../view";
import { medicationsTexts } from "../texts";
import { repeatTexts } from "../repeat-texts";
import { FieldError } from "~/components/ui/field";

/**
 * Choosing one of up to 1,965 pharmacies (2§7, 2§9): a search box over a radio group, quick to type into as the
 * filtering is deferred and only the first matches are drawn, the chosen one always among them (decisions/090).
 */

const SHOWN = 30;

interface Props {
  pharmacies: readonly PharmacyOption[];
  selectedId: string | null;
  error?: string;
  onSelect(pharmacy: PharmacyOption): void;
}

export function PharmacyPicker({ pharmacies, selectedId, error, onSelect }: Props) {
  const ids = { search: useId(), legend: useId(), count: useId(), error: useId() };
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  // Lower-cased once per list, not once per keystroke.
  const index = useMemo(() => pharmacies.map((p) => ({ p, text: p.name.toLowerCase() })), [pharmacies]);
  const { matches, count } = useMemo(() => {
    const words = deferred.toLowerCase().split(/\s+/).filter(Boolean);
    const found = words.length === 0 ? index : index.filter(({ text }) => words.every((w) => text.includes(w)));
    const first = found.slice(0, SHOWN).map(({ p }) => p);
    const chosen = selectedId ? pharmacies.find((p) => p.id === selectedId) : undefined;
    return { matches: chosen && !first.includes(chosen) ? [chosen, ...first] : first, count: found.length };
  }, [deferred, index, pharmacies, selectedId]);

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? ids.error : undefined}>
      <legend id={ids.legend} className="mb-1 font-semibold">
        {repeatTexts.pharmacy}
      </legend>
      {error ? <FieldError id={ids.error}>{error}</FieldError> : null}
      <label htmlFor={ids.search}>{repeatTexts.searchPharmacies}</label>
      <input
        id={ids.search}
        type="search"
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-describedby={ids.count}
        className="min-h-11 w-full rounded border-2 border-ink bg-white px-3 py-2"
      />
      <p id={ids.count} role="status" className="text-muted">
        {count === 0 ? medicationsTexts.noPharmacyMatch : count > SHOWN ? repeatTexts.tooManyPharmacies(count, SHOWN) : repeatTexts.pharmacyMatches(count)}
      </p>
      <div role="radiogroup" aria-labelledby={ids.legend} className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded border border-muted/40 p-2">
        {matches.map((p) => (
          <label key={p.id} className="flex min-h-11 items-center gap-3">
            <input type="radio" name="pharmacy" value={p.id} className="size-5" checked={p.id === selectedId} onChange={() => onSelect(p)} />
            <span>
              {p.name}
              {p.favourite ? <span className="text-muted"> {repeatTexts.preferredPharmacy}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
