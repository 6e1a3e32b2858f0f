import { Button, buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { SignInAgainLink } from "~/components/ui/sign-in-again-link";
import { messagingTexts } from "../texts";
import { openMessageTexts as o } from "../open-message-texts";
import type { DraftStep } from "../dialogs";
import type { AttachmentView } from "../view";
import { PRACTICE_LANG } from "~/lib/language";

/**
 * The /emails page's smaller dialogs (sending a draft as it is, deleting, an image attachment), fetched when the
 * patient reaches for the messages or first needs one, so their code stays off the first load (decisions/361).
 */

const t = messagingTexts;

export function SendDraftDialog(props: { open: boolean; step: DraftStep; sessionEnded: boolean; busy: boolean; onConfirm(): void; onCheck(): void; onRemoveAgain(): void; onClose(): void }) {
  const { step } = props;
  return (
    <Dialog open={props.open} onOpenChange={(isOpen) => (isOpen ? undefined : props.onClose())} title={o.sendMessage} dismissOnBackdrop={false}>
      <div className="flex flex-col gap-4">
        {step === "confirming" ? <p>{o.sendDraftConfirm}</p> : null}
        {step === "sending" ? <p role="status">{o.sending}</p> : null}
        {step === "removing" ? <p role="status">{o.removingDraft}</p> : null}
        {step === "failed" ? (
          <div role="alert">
            <p className="font-semibold text-danger">{t.sendFailed}</p>
            {props.sessionEnded ? (
              <p>
                {t.draftSessionEnded} <SignInAgainLink />
              </p>
            ) : (
              <p>{o.draftNotSent}</p>
            )}
          </div>
        ) : null}
        {step === "unconfirmed" ? (
          <div role="status">
            <p className="font-semibold">{t.unconfirmedTitle}</p>
            <p id="draft-unconfirmed">{t.unconfirmedDraft}</p>
          </div>
        ) : null}
        {step === "left" ? (
          <div role="alert">
            <p className="font-semibold">{t.sent}</p>
            <p>{t.oldDraftLeftAfterSend}</p>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-3">
          {step === "confirming" || step === "failed" ? <Button onClick={props.onConfirm}>{step === "failed" ? o.tryAgain : o.send}</Button> : null}
          {step === "unconfirmed" ? (
            <Button onClick={props.onCheck} aria-describedby="draft-unconfirmed" autoFocus>
              {t.checkAgain}
            </Button>
          ) : null}
          {step === "left" ? <Button onClick={props.onRemoveAgain}>{o.removeDraftAgain}</Button> : null}
          <Button variant="secondary" onClick={props.onClose} disabled={props.busy}>
            {step === "left" || step === "unconfirmed" ? t.close : o.cancel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

export function DeleteDialog({ ids, busy, onConfirm, onCancel }: { ids: readonly string[] | null; busy: boolean; onConfirm(): void; onCancel(): void }) {
  return (
    <Dialog open={ids !== null} onOpenChange={(isOpen) => (isOpen || busy ? undefined : onCancel())} title={o.deleteTitle(ids?.length ?? 0)}>
      <div className="flex flex-col gap-4">
        <p>{o.deleteConfirm(ids?.length ?? 0)}</p>
        <div className="flex flex-wrap gap-3">
          <Button onClick={onConfirm} busy={busy}>
            {busy ? o.deleting : o.delete}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {o.cancel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

export function ImageDialog({ preview, onClose }: { preview: AttachmentView | null; onClose(): void }) {
  const image = preview && preview.kind === "image" ? preview : null;
  return (
    <Dialog open={image !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())} title={image?.title.toLowerCase().endsWith(".png") ? o.pngFile : o.jpgFile} description={image?.title} descriptionLang={PRACTICE_LANG} size="document">
      {image ? (
        <div className="flex flex-col gap-4">
          <img src={image.url} alt={image.title} lang={PRACTICE_LANG} className="max-h-[70vh] w-auto max-w-full self-center object-contain" />
          <div className="flex flex-wrap gap-3">
            <a href={image.url} download={image.title} className={buttonClass("secondary")}>
              {o.download}
              <span className="sr-only" lang={PRACTICE_LANG}>
                {" "}
                {image.title}
              </span>
            </a>
            <Button variant="secondary" onClick={onClose}>
              {o.close}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
