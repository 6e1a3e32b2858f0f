import { useCallback, useState } from "react";

/** The rows ticked for Delete selected (2§4): one at a time, all or none, and forgotten when the list starts again. */
export function useSelection(rows: ReadonlyArray<{ id: string }>) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));

  const toggle = (id: string) =>
    setSelected((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)));
  const clear = useCallback(() => setSelected(new Set()), []);

  return { selected, allSelected, toggle, toggleAll, clear };
}
