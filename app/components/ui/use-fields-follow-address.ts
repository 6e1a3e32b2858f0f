import { useEffect, useRef } from "react";

/** A filter form whose fields follow the address on later navigations, staying mounted so the focus stays put (decisions/066). */
export function useFieldsFollowAddress(formId: string, values: Readonly<Record<string, string>>, refused: (name: string) => boolean = () => false) {
  const address = JSON.stringify(values);
  const shown = useRef(address);
  useEffect(() => {
    if (shown.current === address) return;
    shown.current = address;
    const fields = document.forms.namedItem(formId)?.elements;
    for (const [name, value] of Object.entries(values)) {
      const field = fields?.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field.value !== value && !refused(name)) field.value = value;
    }
    // The address is the dependency: `values` and `refused` are new objects on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formId, address]);
}
