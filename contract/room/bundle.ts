import { asSent, bundleEntryAbsent, bundleEntryNull, bundleTotalAbsent, bundleTotalAsText, bundleTypeAbsent, extras, type RoomRow, type Shape } from "./shapes";

/**
 * The row of a call answered with 1§1's list whose first item is a bundle: the wrapper's shapes every
 * such call shares, with the record shapes of its own resource (the first is always ours as sent).
 */
export function bundleRow(row: { fixes: string; open: string; records?: readonly Shape[]; replies?: readonly Shape[] }): RoomRow {
  return {
    fixes: `1§1: a list whose first item holds \`entry\`, each entry a \`resource\`. ${row.fixes}`,
    open: `The wrapper's resourceType and total may be absent, the total a number or numeric text; an empty list may come as an empty, null or missing entry (1§7). ${row.open}`,
    replies: [asSent, bundleTotalAbsent, bundleTotalAsText, bundleTypeAbsent, bundleEntryNull, bundleEntryAbsent, ...(row.replies ?? [])],
    records: { at: "bundle", shapes: [asSent, extras, ...(row.records ?? [])] },
  };
}
