import { useEffect, useRef } from "react";
import { errorsTexts } from "~/lib/texts/errors";
import { messagingTexts } from "../texts";
import { openMessageTexts as o } from "../open-message-texts";
import { recordTexts } from "~/lib/texts/record";
import { PRACTICE_LANG } from "~/lib/language";
import { initialOf } from "../avatar";
import type { AttachmentView, Box, MessageView, MessagingSettings } from "../view";
import { Button } from "~/components/ui/button";
import { PracticeWords } from "~/components/practice-words";

const t = messagingTexts;

export type Opened = { status: "none" } | { status: "loading"; id: string } | { status: "failed"; id: string; message: string } | { status: "loaded"; message: MessageView };

interface MessageViewerProps {
  /** Nothing open is the page's own (nothing-open.tsx): this code is fetched when a message is (decisions/361). */
  opened: Exclude<Opened, { status: "none" }>;
  box: Box;
  position: number | null;
  /** Undefined when the box's size is not known: the position is said alone. */
  total: number | undefined;
  settings: MessagingSettings;
  busy: boolean;
  onDelete(message: MessageView): void;
  onReply(message: MessageView): void;
  onSendDraft(message: MessageView): void;
  onEditDraft(message: MessageView): void;
  onPreview(attachment: AttachmentView): void;
  onRetry(id: string): void;
  /** The message's actions are pointed at or focused: the writing machine's code is fetched (decisions/361). */
  onReach(): void;
}

/**
 * The message open beside (or, on a phone, below) the list (2§2): its subject and place in the box,
 * who it is from or to, the long date, the body, the attachments split into PDFs and images, and the
 * actions its box allows: Delete everywhere, Reply on the Inbox, Send and Edit on Drafts.
 */
export function MessageViewer({ opened, box, position, total, settings, busy, onDelete, onReply, onSendDraft, onEditDraft, onPreview, onRetry, onReach }: MessageViewerProps) {
  // A message that has loaded takes the focus at its subject once it is drawn (the viewer's code is
  // fetched when the patient reaches for the messages, and may arrive after the message).
  const subject = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (opened.status === "loaded") subject.current?.focus();
  }, [opened]);
  if (opened.status === "loading") {
    return (
      <section aria-label={t.message} aria-busy="true" className="rounded bg-white p-6 shadow-sm">
        <p role="status">{t.loadingMessage}</p>
      </section>
    );
  }
  if (opened.status === "failed") {
    return (
      <section aria-label={t.message} className="flex flex-col gap-3 rounded bg-white p-6 shadow-sm">
        <p role="alert" className="font-semibold text-danger">
          {opened.message}
        </p>
        <Button variant="secondary" className="self-start" onClick={() => onRetry(opened.id)}>
          {errorsTexts.retry}
        </Button>
      </section>
    );
  }
  const m = opened.message;
  const pdfs = m.attachments.filter((a) => a.kind === "pdf");
  const images = m.attachments.filter((a) => a.kind === "image");
  const others = m.attachments.filter((a) => a.kind === "other");
  return (
    <section aria-labelledby="open-message-subject" className="flex min-w-0 flex-col gap-4 rounded bg-white p-4 shadow-sm md:p-6">
      <header className="flex flex-col gap-1 border-b border-line pb-3">
        {position !== null ? <p className="text-muted">{o.selectedAt(position, total)}</p> : null}
        <h2 ref={subject} id="open-message-subject" tabIndex={-1} className="break-words text-2xl font-bold" lang={m.subject ? PRACTICE_LANG : undefined}>
          {m.subject || recordTexts.notRecorded}
        </h2>
        <div className="flex items-center gap-3">
          <span aria-hidden="true" className="inline-flex size-10 items-center justify-center rounded-full bg-brand text-lg font-bold text-white">
            {initialOf(m.name)}
          </span>
          <p>
            <span className="text-muted">
              {box === "inbox" ? o.from : o.to}{" "}
            </span>
            <span className="font-semibold">{m.name}</span>
          </p>
        </div>
        <p className="text-muted">{m.longDate}</p>
      </header>

      <div className="flex flex-wrap gap-3" onPointerEnter={onReach} onFocus={onReach}>
        {box === "inbox" && settings.reply ? (
          <Button onClick={() => onReply(m)} busy={busy}>
            {o.reply}
          </Button>
        ) : null}
        {box === "drafts" ? (
          <>
            <Button onClick={() => onSendDraft(m)} busy={busy}>
              {o.sendMessage}
            </Button>
            <Button variant="secondary" onClick={() => onEditDraft(m)} busy={busy}>
              {o.editMessage}
            </Button>
          </>
        ) : null}
        <Button variant="secondary" onClick={() => onDelete(m)} busy={busy}>
          {o.delete}
        </Button>
      </div>

      {m.bodyHtml !== null ? (
        // Sanitised on the server (sanitise-html.server.ts) before it left it.
        <div className="break-words [&_p]:mb-3 [&_li]:ml-6 [&_li]:list-disc" lang={PRACTICE_LANG} dangerouslySetInnerHTML={{ __html: m.bodyHtml }} />
      ) : (
        <div className={`whitespace-pre-wrap break-words ${m.body === "" ? "text-muted" : ""}`} lang={m.body ? PRACTICE_LANG : undefined}>{m.body || recordTexts.notRecorded}</div>
      )}

      <section aria-labelledby="attachments-heading" className="flex flex-col gap-3 border-t border-line pt-3">
        <h3 id="attachments-heading" className="text-lg font-bold">
          {o.attachments}
        </h3>
        {m.attachments.length === 0 ? <p className="text-muted">{t.noAttachments}</p> : null}
        {pdfs.length > 0 ? (
          <div className="flex flex-col gap-2">
            <h4 className="font-semibold">{o.pdfFiles}</h4>
            <ol className="flex flex-col gap-2">
              {pdfs.map((a, i) => (
                <li key={a.n}>
                  <button type="button" onClick={() => onPreview(a)} className="inline-flex min-h-11 items-center gap-2 rounded border-2 border-brand px-3 text-left font-semibold text-brand">
                    <span aria-hidden="true">📄</span>
                    <PracticeWords>{o.numbered(i + 1, a.title)}</PracticeWords>
                    <span className="sr-only"> {o.opensPdf}</span>
                  </button>
                </li>
              ))}
            </ol>
          </div>
        ) : null}
        {images.length > 0 ? (
          <div className="flex flex-col gap-2">
            <h4 className="font-semibold">{o.images}</h4>
            <ol className="flex flex-wrap gap-3">
              {images.map((a, i) => (
                <li key={a.n}>
                  <button type="button" onClick={() => onPreview(a)} className="flex flex-col items-start gap-1 rounded border-2 border-brand p-2 font-semibold text-brand">
                    <img src={a.url} alt="" loading="lazy" className="h-24 w-32 object-cover" />
                    <PracticeWords>{o.numbered(i + 1, a.title)}</PracticeWords>
                    <span className="sr-only"> {o.opensImage}</span>
                  </button>
                </li>
              ))}
            </ol>
          </div>
        ) : null}
        {others.length > 0 ? (
          <div className="flex flex-col gap-2">
            <h4 className="font-semibold">{t.otherFiles}</h4>
            <ol className="flex flex-col gap-2">
              {others.map((a, i) => (
                <li key={a.n} className="flex flex-wrap items-baseline gap-x-2">
                  <a href={a.url} download className="inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4" lang={PRACTICE_LANG}>
                    {o.numbered(i + 1, a.title)}
                  </a>
                  <span className="text-muted">{t.notPreviewable}</span>
                </li>
              ))}
            </ol>
          </div>
        ) : null}
      </section>
    </section>
  );
}
