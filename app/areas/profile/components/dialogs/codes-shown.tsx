import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { RecoveryCodes } from "~/components/recovery-codes";
import { keepOutcome } from "~/lib/kept-outcome";
import { profileDialogTexts as dt } from "../../dialog-texts";

interface Props {
  codes: string[];
  title: string;
  description: string;
  /** What the codes stand in for (decisions/321): the e-mailed code's words unless a passkey made them. */
  instead?: "email" | "passkey";
  /** What the change did, in the page's words once the codes are put away. */
  saved: string;
  onOpenChange(open: boolean): void;
  onSaved(message: string): void;
}

/**
 * Recovery codes, shown once, printable, closed only once the holder says they have kept them: the
 * profile's one dialog for them, whether the e-mailed code, new codes or a first passkey made them.
 * The step that made them did not read the page again (`useSecurityPost`): it is read once they are
 * put away, and if that read fails, its failure still says what was done (decisions/386).
 */
export function CodesShown({ codes, title, description, instead, saved, onOpenChange, onSaved }: Props) {
  const revalidator = useRevalidator();
  const readPageAgain = () => {
    keepOutcome(window.location.pathname, saved);
    void revalidator.revalidate();
  };
  const done = () => {
    readPageAgain();
    onSaved(saved);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) readPageAgain();
        onOpenChange(open);
      }}
      printable
      title={title}
      description={description}
    >
      <div className="flex flex-col gap-4">
        <RecoveryCodes codes={codes} instead={instead} />
        <div className="flex flex-wrap gap-3">
          <Button onClick={done}>{dt.codesKept}</Button>
        </div>
      </div>
    </Dialog>
  );
}
