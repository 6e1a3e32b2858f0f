import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { RecoveryCodes } from "~/components/recovery-codes";

interface Props {
  codes: string[];
  title: string;
  description: string;
  /** What the codes stand in for (decisions/321): the e-mailed code's words unless a passkey made them. */
  instead?: "email" | "passkey";
  onOpenChange(open: boolean): void;
  done(): void;
}

/**
 * Recovery codes, shown once, printable, closed only once the holder says they have kept them: the
 * profile's one dialog for them, whether the e-mailed code, new codes or a first passkey made them.
 */
export function CodesShown({ codes, title, description, instead, onOpenChange, done }: Props) {
  return (
    <Dialog open onOpenChange={onOpenChange} printable title={title} description={description}>
      <div className="flex flex-col gap-4">
        <RecoveryCodes codes={codes} instead={instead} />
        <div className="flex flex-wrap gap-3">
          <Button onClick={done}>I have kept my codes: done</Button>
        </div>
      </div>
    </Dialog>
  );
}
