import { Notice, ToastProvider } from "~/components/ui/toast";

export interface PageNotice {
  tone: "success" | "error";
  title: string;
  detail?: string | null;
}

/** The page's passing notice (2§8) with its own region, so the toast code stays off the first load. */
export function NoticeHost({ notice, onClose }: { notice: PageNotice | null; onClose(): void }) {
  return (
    <ToastProvider>
      <Notice open={notice !== null} onOpenChange={(open) => (open ? undefined : onClose())} tone={notice?.tone ?? "success"} title={notice?.title ?? ""}>
        {notice?.detail ?? undefined}
      </Notice>
    </ToastProvider>
  );
}
