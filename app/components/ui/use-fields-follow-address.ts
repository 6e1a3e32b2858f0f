import { useEffect, useRef } from "react";

/**
 * A filter form whose values live in the address: a later navigation on the same screen (Clear, Back,
 * a shared link) shows its address's values in the fields. The form stays mounted rather than being
 * re-keyed, so the focus stays where the patient was. Never on the first render: what the patient
 * chose or typed before the page came alive (hydration) is theirs, and the server drew the address's
 * values already. A field the last check refused keeps what was typed.
 */
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
