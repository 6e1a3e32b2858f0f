import { Toast } from "radix-ui";
import type { ReactNode } from "react";
import { TOAST_VIEWPORT_CLASS, TOAST_VIEWPORT_TOP_CLASS } from "./toast-region";

/**
 * Passing notices (1§8 "Ohh. We hit a snag.", the help request's result). Announced politely by
 * radix's viewport, kept until dismissed or for 8 seconds, and never the only place an error shows
 * up for a form that needs correcting. They show at the bottom right, or at the top right where the
 * spec says so (2§8, the result chart's "No Chart Data Available").
 */
export function ToastProvider({ children, at = "bottom-right" }: { children?: ReactNode; at?: "bottom-right" | "top-right" }) {
  return (
    <Toast.Provider swipeDirection="right" duration={8000} label="Notification">
      {children}
      <Toast.Viewport className={at === "top-right" ? TOAST_VIEWPORT_TOP_CLASS : TOAST_VIEWPORT_CLASS} />
    </Toast.Provider>
  );
}

export function Notice({ open, onOpenChange, tone, title, children }: { open: boolean; onOpenChange: (open: boolean) => void; tone: "error" | "success"; title: string; children?: ReactNode }) {
  return (
    <Toast.Root
      open={open}
      onOpenChange={onOpenChange}
      type={tone === "error" ? "foreground" : "background"}
      className={`flex items-start gap-3 rounded border-l-8 bg-white p-4 shadow-lg ${tone === "error" ? "border-danger" : "border-success"}`}
    >
      <div className="flex-1">
        <Toast.Title className="font-bold">{title}</Toast.Title>
        {children ? <Toast.Description>{children}</Toast.Description> : null}
      </div>
      <Toast.Close className="min-h-11 rounded px-2 font-semibold text-brand underline">Dismiss</Toast.Close>
    </Toast.Root>
  );
}
