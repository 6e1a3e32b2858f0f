import { Notice, ToastProvider } from "~/components/ui/toast";

export interface PageNotice {
  tone: "success" | "error";
  title: string;
  detail?: string | null;
}

/** A notice as shown: each one told is a new `id`, so words the same as the one still open are announced again. */
export interface ShownNotice extends PageNotice {
  id: number;
}

/** The page's passing notice (2§8) with its own region, so the toast code stays off the first load. */
export function NoticeHost({ notice, onClose }: { notice: ShownNotice | null; onClose(): void }) {
  return (
    <ToastProvider>
      {/* A notice of its own for each one told: a toast is announced when it opens, not when its words change. */}
      <Notice key={notice?.id ?? 0} open={notice !== null} onOpenChange={(open) => (open ? undefined : onClose())} tone={notice?.tone ?? "success"} title={notice?.title ?? ""}>
        {notice?.detail ?? undefined}
      </Notice>
    </ToastProvider>
  );
}
