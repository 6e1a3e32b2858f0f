import type { ToldNotice } from "~/components/ui/notice";
import { Notice, ToastProvider } from "~/components/ui/toast";

/** The page's passing notice (2§8) with its own region, so the toast code stays off the first load. */
export function NoticeHost({ notice, onDismiss }: { notice: ToldNotice | null; onDismiss(): void }) {
  return (
    <ToastProvider>
      <Notice notice={notice} onDismiss={onDismiss} />
    </ToastProvider>
  );
}
