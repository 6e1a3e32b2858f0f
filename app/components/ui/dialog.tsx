import { Dialog as D } from "radix-ui";
import { useCallback, useRef, useState, type ReactNode } from "react";
import { dialogTexts } from "~/lib/texts/dialog";

interface DialogProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  /** The title's language when it is the practice's words (a test's name, a letter's title): PRACTICE_LANG. */
  titleLang?: string;
  description?: ReactNode;
  /** The description's language when it is the practice's words. */
  descriptionLang?: string;
  children: ReactNode;
  /** Dialogs that must be answered (a forced choice) ignore the backdrop; Escape still reaches onOpenChange. */
  dismissOnBackdrop?: boolean;
  /** Only a dialog that must not be left unanswered (the forced password update) ignores Escape. */
  dismissOnEscape?: boolean;
  /** Where the focus goes on closing when not back to the opener (an element the change removes). */
  returnFocusTo?: () => HTMLElement | null;
  /**
   * 1§9 and 2§9 widths: "wide" up to 1500 px (a test result), "document" up to 1000 px (a letter, a
   * resource, an invoice, an attachment), "chart" up to 700 px, "message" up to 800 px (compose, reply,
   * draft); otherwise 640 px, a readable line length for forms and confirmations.
   */
  size?: "default" | "wide" | "document" | "chart" | "message";
  /** Printing while it is open prints this dialog alone, on A4 (app.css, .print-dialog). */
  printable?: boolean;
  /**
   * A Close at the dialog's top (issue 21), so leaving never needs a scroll: `true` always, `false`
   * never; by default whenever the dialog is longer than the screen and has no Close of its own.
   */
  closeAtTop?: boolean;
}

const WIDTHS = { default: "w-[min(92vw,40rem)]", wide: "w-[min(96vw,93.75rem)]", document: "w-[min(96vw,62.5rem)]", chart: "w-[min(96vw,43.75rem)]", message: "w-[min(92vw,50rem)]" } as const;

/**
 * A focus-trapped modal dialog over radix-ui. Controlled, with no radix Trigger, so it gives the focus back to its opener itself;
 * a long one scrolls inside itself with its last row of buttons kept in view (decisions/162).
 */
export function Dialog({ open, onOpenChange, title, titleLang, description, descriptionLang, children, dismissOnBackdrop = true, dismissOnEscape = true, returnFocusTo, size = "default", printable = false, closeAtTop }: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  const [long, setLong] = useState(false);
  // Whether the open dialog outgrows the screen, followed as its content changes (a step, a list
  // loaded, an error shown) and as the window is resized. Only a dialog that may be left (Escape) asks.
  const watchLength = useCallback(
    (content: HTMLDivElement | null) => {
      if (!content || closeAtTop !== undefined || !dismissOnEscape) return;
      const check = () => setLong(content.scrollHeight > content.clientHeight + 1 && !hasOwnClose(content));
      const sizes = new ResizeObserver(check);
      const observe = () => {
        sizes.disconnect();
        sizes.observe(content);
        for (const child of content.children) sizes.observe(child);
      };
      const changes = new MutationObserver(() => {
        observe();
        check();
      });
      changes.observe(content, { childList: true, subtree: true });
      observe();
      check();
      return () => {
        sizes.disconnect();
        changes.disconnect();
        setLong(false);
      };
    },
    [closeAtTop, dismissOnEscape],
  );
  const showClose = closeAtTop ?? (dismissOnEscape && long);
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="no-print fixed inset-0 z-50 bg-ink/60" />
        <D.Content
          ref={watchLength}
          className={`portal-dialog fixed left-1/2 top-1/2 z-50 max-h-[90dvh] ${WIDTHS[size]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded bg-white p-6 shadow-xl ${printable ? "print-dialog" : ""}`}
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
          {showClose ? (
            <D.Close data-dialog-close="" className="no-print float-right -mr-2 -mt-2 ml-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded text-2xl text-ink" aria-label={dialogTexts.close}>
              <span aria-hidden="true">×</span>
            </D.Close>
          ) : null}
          <D.Title className="mb-2 text-2xl font-bold" lang={titleLang}>
            {title}
          </D.Title>
          {description ? (
            <D.Description className="mb-4 text-muted" lang={descriptionLang}>
              {description}
            </D.Description>
          ) : (
            <D.Description className="sr-only" lang={titleLang}>
              {title}
            </D.Description>
          )}
          {children}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

/** The dialog already offers a Close (a document viewer's, a finished step's): no second one at its top. */
function hasOwnClose(content: HTMLElement): boolean {
  return [...content.querySelectorAll("button, a")].some((control) => !control.hasAttribute("data-dialog-close") && (control.getAttribute("aria-label") ?? control.textContent ?? "").trim() === dialogTexts.close);
}
