import { Dialog as D } from "radix-ui";
import { useRef, type ReactNode } from "react";

interface DialogProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Dialogs that must be answered (a forced choice) ignore the backdrop; Escape still reaches onOpenChange. */
  dismissOnBackdrop?: boolean;
  /** Only a dialog that must not be left unanswered (the forced password update) ignores Escape. */
  dismissOnEscape?: boolean;
  /** Where the focus goes on closing when not back to the opener (an element the change removes). */
  returnFocusTo?: () => HTMLElement | null;
  /** 2§9 widths: "wide" up to 1500 px (a test result), "chart" up to 700 px, "message" up to 800 px (compose, reply, draft); otherwise 640 px. */
  size?: "default" | "wide" | "chart" | "message";
  /** Printing while it is open prints this dialog alone, on A4 (app.css, .print-dialog). */
  printable?: boolean;
  /** A long dialog's Close at its top (issue 21), so leaving never needs a scroll to its foot. */
  closeAtTop?: boolean;
}

const WIDTHS = { default: "w-[min(92vw,40rem)]", wide: "w-[min(96vw,93.75rem)]", chart: "w-[min(96vw,43.75rem)]", message: "w-[min(92vw,50rem)]" } as const;

/**
 * A focus-trapped modal dialog over radix-ui, titled for screen readers. The pages open it from their
 * own buttons (it is controlled, with no radix Trigger), so it remembers what had the focus and gives
 * it back on closing; radix alone would leave the focus on the page's body.
 */
export function Dialog({ open, onOpenChange, title, description, children, dismissOnBackdrop = true, dismissOnEscape = true, returnFocusTo, size = "default", printable = false, closeAtTop = false }: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="no-print fixed inset-0 z-50 bg-ink/60" />
        <D.Content
          className={`fixed left-1/2 top-1/2 z-50 max-h-[90vh] ${WIDTHS[size]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded bg-white p-6 shadow-xl ${printable ? "print-dialog" : ""}`}
          onPointerDownOutside={dismissOnBackdrop ? undefined : (event) => event.preventDefault()}
          onEscapeKeyDown={dismissOnEscape ? undefined : (event) => event.preventDefault()}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.() ?? opener.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          {closeAtTop ? (
            <D.Close className="no-print float-right -mr-2 -mt-2 ml-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded text-2xl text-ink" aria-label="Close">
              <span aria-hidden="true">×</span>
            </D.Close>
          ) : null}
          <D.Title className="mb-2 text-2xl font-bold">{title}</D.Title>
          {description ? <D.Description className="mb-4 text-muted">{description}</D.Description> : <D.Description className="sr-only">{title}</D.Description>}
          {children}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
