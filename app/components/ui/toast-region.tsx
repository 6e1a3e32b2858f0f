import { noticeTexts } from "~/lib/texts/notices";

/** The notices' region, shared by the radix viewport (toast.tsx) and its stand-in below. */
export const TOAST_VIEWPORT_CLASS = "fixed bottom-4 right-4 z-[60] flex w-[min(92vw,24rem)] flex-col gap-2 outline-none";

/** The same region at the top right, where 2§8 puts a notice ("No Chart Data Available"). */
export const TOAST_VIEWPORT_TOP_CLASS = "fixed top-4 right-4 z-[60] flex w-[min(92vw,24rem)] flex-col gap-2 outline-none";

/**
 * What radix's toast viewport renders while no notice is open, without radix: the sign-in page shows
 * this until the notices' code arrives with the sign-in steps (issue 12, decisions/070), so a
 * screen reader finds the same "Notifications (F8)" region from the first paint. A unit test keeps it
 * identical to radix's markup.
 */
export function ToastRegionPlaceholder() {
  return (
    <div role="region" aria-label={noticeTexts.region("F8")} tabIndex={-1} style={{ pointerEvents: "none" }}>
      <ol tabIndex={-1} className={TOAST_VIEWPORT_CLASS} />
    </div>
  );
}
