import { Toast } from "radix-ui";
import type { ReactNode } from "react";
import type { ToldNotice } from "./notice";
import { noticeTexts } from "~/lib/texts/notices";
import { TOAST_VIEWPORT_CLASS, TOAST_VIEWPORT_TOP_CLASS } from "./toast-region";

/**
 * Passing notices (1§8 "Ohh. We hit a snag.", the help request's result). Announced politely by
 * radix's viewport, kept until dismissed or for 8 seconds, and never the only place an error shows
 * up for a form that needs correcting. They show at the bottom right, or at the top right where the
 * spec says so (2§8, the result chart's "No Chart Data Available").
 */
export function ToastProvider({ children, at = "bottom-right" }: { children?: ReactNode; at?: "bottom-right" | "top-right" }) {
  return (
    <Toast.Provider swipeDirection="right" duration={8000} label={noticeTexts.notification}>
      {children}
      <Toast.Viewport label={noticeTexts.region("{hotkey}")} className={at === "top-right" ? TOAST_VIEWPORT_TOP_CLASS : TOAST_VIEWPORT_CLASS} />
    </Toast.Provider>
  );
}

/**
 * The notice told, if any. A toast of its own for each `id`: radix announces a toast when it opens,
 * so new words in one already open would go unheard.
 */
export function Notice({ notice, onDismiss }: { notice: ToldNotice | null; onDismiss(): void }) {
  return <NoticeToast key={notice?.id ?? 0} notice={notice} onDismiss={onDismiss} />;
}

function NoticeToast({ notice, onDismiss }: { notice: ToldNotice | null; onDismiss(): void }) {
  const tone = notice?.tone ?? "success";
  return (
    <Toast.Root
      open={notice !== null}
      onOpenChange={(open) => (open ? undefined : onDismiss())}
      type={tone === "error" ? "foreground" : "background"}
      className={`flex items-start gap-3 rounded border-l-8 bg-white p-4 shadow-lg ${tone === "error" ? "border-danger" : "border-success"}`}
    >
      <div className="flex-1">
        <Toast.Title className="font-bold">{notice?.title}</Toast.Title>
        {notice?.detail ? <Toast.Description>{notice.detail}</Toast.Description> : null}
      </div>
      <Toast.Close className="min-h-11 rounded px-2 font-semibold text-brand underline">{noticeTexts.dismiss}</Toast.Close>
    </Toast.Root>
  );
}
