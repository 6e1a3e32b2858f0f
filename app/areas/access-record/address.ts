/** The access record's address (issue 31), without zod so that the page draws without it (decisions/357). */

/** The position of a page in the record (the store's cursor: milliseconds and an id); anything else is the newest page. */
export function cursorOf(value: string | null | undefined): string | null {
  return value && /^\d{1,15}\.\d{1,18}$/.test(value) ? value : null;
}

/** The address of a view of the record: the filters that are set, and the page's cursor. */
export function accessSearch(filters: Partial<Record<"person" | "area" | "from" | "to", string>>, after?: string | null): string {
  const params = new URLSearchParams();
  for (const name of ["person", "area", "from", "to"] as const) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  if (after) params.set("after", after);
  const query = params.toString();
  return query ? `?${query}` : "";
}
