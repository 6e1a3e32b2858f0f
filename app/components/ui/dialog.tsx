import { Dialog as D } from "radix-ui";
import type { ReactNode } from "react";

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
}

/** A focus-trapped modal dialog over radix-ui, titled for screen readers. */
export function Dialog({ open, onOpenChange, title, description, children, dismissOnBackdrop = true, dismissOnEscape = true }: DialogProps) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 bg-ink/60" />
        <D.Content
          className="fixed left-1/2 top-1/2 max-h-[90vh] w-[min(92vw,40rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded bg-white p-6 shadow-xl"
          onPointerDownOutside={dismissOnBackdrop ? undefined : (event) => event.preventDefault()}
          onEscapeKeyDown={dismissOnEscape ? undefined : (event) => event.preventDefault()}
        >
          <D.Title className="mb-2 text-2xl font-bold">{title}</D.Title>
          {description ? <D.Description className="mb-4 text-muted">{description}</D.Description> : <D.Description className="sr-only">{title}</D.Description>}
          {children}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
