import { useEffect, useId, useRef, useState } from "react";
import { ATTACHMENT_MAX_FILES, attachmentProblem } from "@contract/attachment-content";
import { centreOf, MESSAGE_BODY_MAX, quotedOriginal, type Centre, type PendingFile } from "../compose";
import type { WritingStep } from "../dialogs";
import { errorsTexts } from "~/lib/texts/errors";
import { messagingTexts } from "../texts";
import { composeTexts as w } from "../compose-texts";
import type { ActorRefFrom } from "xstate";
import type { MessagingContext, MessagingEvent, messagingMachine } from "../messaging.machine";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SignInAgainLink } from "~/components/ui/sign-in-again-link";
import { FieldError, SelectField, TextField } from "~/components/ui/field";
import { PRACTICE_LANG } from "~/lib/language";

const t = messagingTexts;

interface ComposeFormProps {
  context: MessagingContext;
  step: WritingStep;
  lookups: { rolesLoading: boolean; recipientsLoading: boolean };
  send(event: MessagingEvent): void;
  /** The running machine, for what it emits as it happens. */
  actor: ActorRefFrom<typeof messagingMachine>;
  /** Sanitised on the server; null when the practice has none. */
  disclaimer: string | null;
  /** The practice's locations, for the centre shown (never posted: decisions/373). */
  centres: readonly Centre[];
}

/** Reads a chosen file and checks it by content, as the server will again. */
async function readFile(file: File): Promise<{ ok: true; file: PendingFile } | { ok: false; message: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const problem = attachmentProblem({ name: file.name, bytes });
  if (problem) return { ok: false, message: t.fileProblem[problem](file.name) };
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { ok: true, file: { name: file.name, size: file.size, data: btoa(binary) } };
}

/**
 * The Compose, Reply and Draft Message form (2§2): role then practitioner, subject, the body with its
 * count against 800, files, the disclaimer, and Cancel, Draft and Send. Every value is the machine's,
 * so a failed send, a refused file or "keep writing" after Cancel loses nothing.
 */
export function ComposeForm({ context, step, lookups, send, actor, disclaimer, centres }: ComposeFormProps) {
  const { draft, errors } = context;
  const counterId = useId();
  const filesHintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // The form arrives after the dialog has opened (a lazy module): the focus goes to its first field.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>("select:not([disabled]), input:not([readonly]):not([type=file]), textarea:not([readonly])")?.focus();
  }, []);
  // A refused send (checked here, or by the server) takes the focus to the first field to mend; its
  // message is tied to it (aria-describedby), so a screen reader reads why. The machine tells of the
  // refusal as it happens, before the fields it marks are drawn: the count moves the focus after.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    const subscription = actor.on("fields.refused", () => setRefusals((n) => n + 1));
    return () => subscription.unsubscribe();
  }, [actor]);
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  // Unknown: the patient's next move is Check again, and a screen reader hears why (aria-describedby).
  const checkAgain = useRef<HTMLButtonElement>(null);
  const unconfirmedId = useId();
  useEffect(() => {
    if (step === "unconfirmed") checkAgain.current?.focus();
  }, [step]);
  const busy = step !== "editing";
  const reply = draft.mode === "reply";
  // A new message and an edited draft go to a practitioner (decisions/245): only a reply can go to a location.
  const centre = centreOf(centres, reply ? (context.original?.practitioner.reference ?? null) : null);

  // Both ask before closing: a message whose arrival is unknown, or one with unsaved words.
  if (step === "closingUnconfirmed" || step === "confirmingClose") {
    const unknown = step === "closingUnconfirmed";
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="info" title={unknown ? t.closeUnconfirmedTitle : t.unsavedTitle}>
          {unknown ? t.closeUnconfirmed : t.unsaved}
        </Alert>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => send({ type: "discard.cancel" })}>{unknown ? t.keepOpen : w.keepWriting}</Button>
          <Button variant="secondary" onClick={() => send({ type: "discard.confirm" })}>
            {unknown ? t.closeAnyway : w.discard}
          </Button>
        </div>
      </div>
    );
  }

  if (step === "oldDraftLeft" || step === "removingOldDraft") {
    const text = context.intent === "draft" ? t.oldDraftLeftAfterSave : t.oldDraftLeftAfterSend;
    return (
      <div className="flex flex-col gap-4">
        {step === "oldDraftLeft" ? <Alert title={context.intent === "draft" ? t.savedToDraft : t.sent}>{text}</Alert> : <p role="status">{w.removingOldDraft}</p>}
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => send({ type: "oldDraft.retry" })} disabled={step !== "oldDraftLeft"}>
            {w.removeOldDraftAgain}
          </Button>
          <Button variant="secondary" onClick={() => send({ type: "close" })} disabled={step !== "oldDraftLeft"}>
            {w.close}
          </Button>
        </div>
      </div>
    );
  }

  const onFiles = async (list: FileList | null) => {
    if (!list || list.length === 0) return;
    setReading(true);
    try {
      const results = await Promise.all([...list].map(readFile));
      const good = results.flatMap((r) => (r.ok ? [r.file] : []));
      const bad = results.flatMap((r) => (r.ok ? [] : [r.message]));
      const room = ATTACHMENT_MAX_FILES - draft.files.length - draft.keep.length;
      if (good.length > room) {
        send({ type: "files.refuse", message: t.tooManyFiles });
        return;
      }
      if (good.length > 0) send({ type: "files.add", files: good });
      // 2§5's alert when nothing chosen could be attached, with why each one was refused.
      if (bad.length > 0) send({ type: "files.refuse", message: good.length === 0 ? t.invalidFilesBecause(bad) : bad.join("; ") });
    } finally {
      setReading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  const over = draft.body.length > MESSAGE_BODY_MAX;
  return (
    <form
      ref={form}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: "submit", intent: "send" });
      }}
    >
      {step === "unconfirmed" ? (
        <Alert tone="info" title={t.unconfirmedTitle}>
          <span id={unconfirmedId}>{context.intent === "send" ? t.unconfirmedSend : t.unconfirmedSave}</span>
        </Alert>
      ) : null}
      {context.failure ? (
        <Alert title={t.sendFailed}>
          {context.failure === t.sendFailed ? w.nothingSent : context.failure}
          {context.sessionEnded ? (
            <>
              {" "}
              <SignInAgainLink />
            </>
          ) : null}
        </Alert>
      ) : null}
      {context.lookupError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <FieldError>{context.lookupError}</FieldError>
          <Button variant="secondary" onClick={() => send({ type: "lookup.retry" })}>
            {errorsTexts.retry}
          </Button>
        </div>
      ) : null}

      {centre ? <TextField label={w.centre} value={centre.name} readOnly /> : null}
      {reply ? (
        <>
          {/* A message from one of the practice's locations (the front desk) is answered to it, not to a person. */}
          <TextField label={context.original?.practitioner.reference.startsWith("Location/") ? t.locationLabel : t.practitionerLabel} value={draft.practitionerName} readOnly />
          <TextField label={w.subject} value={draft.subject} readOnly />
        </>
      ) : (
        <>
          <SelectField
            label={w.role}
            placeholder={lookups.rolesLoading ? w.loadingRoles : w.chooseRole}
            options={(context.roles ?? []).map((r) => ({ value: r.id, label: r.name }))}
            value={draft.roleId}
            onChange={(e) => send({ type: "role.select", id: e.target.value })}
            error={errors.roleId}
            disabled={busy}
          />
          <SelectField
            label={w.practitioner}
            placeholder={lookups.recipientsLoading ? w.loadingPractitioners : draft.roleId ? w.choosePractitioner : w.chooseRoleFirst}
            options={(context.recipients ?? (draft.practitionerId ? [{ id: draft.practitionerId, name: draft.practitionerName }] : [])).map((r) => ({ value: r.id, label: r.name }))}
            value={draft.practitionerId}
            onChange={(e) => send({ type: "practitioner.select", id: e.target.value })}
            error={errors.practitionerId}
            disabled={busy || !draft.roleId}
          />
          <TextField label={w.subject} value={draft.subject} onChange={(e) => send({ type: "subject.change", text: e.target.value })} error={errors.subject} maxLength={255} disabled={busy} />
        </>
      )}

      <div className="flex flex-col gap-1">
        <label htmlFor={`${counterId}-body`} className="font-semibold">
          {w.message}
        </label>
        {errors.body ? <FieldError id={`${counterId}-error`}>{errors.body}</FieldError> : null}
        <textarea
          id={`${counterId}-body`}
          rows={reply ? 6 : 10}
          value={draft.body}
          onChange={(e) => send({ type: "body.change", text: e.target.value })}
          aria-invalid={errors.body || over ? true : undefined}
          aria-describedby={[errors.body ? `${counterId}-error` : "", counterId].filter(Boolean).join(" ")}
          disabled={busy}
          className={`rounded border-2 bg-white px-3 py-2 ${errors.body || over ? "border-danger" : "border-ink"}`}
        />
        <p id={counterId} className={over ? "font-semibold text-danger" : "text-muted"}>
          {w.characters(draft.body.length, MESSAGE_BODY_MAX)}
        </p>
      </div>

      {reply && context.original ? (
        <div className="flex flex-col gap-1 border-t-2 border-dashed border-line pt-3">
          <label htmlFor={`${counterId}-original`} className="font-semibold text-muted">
            {w.originalMessage}
          </label>
          <textarea id={`${counterId}-original`} readOnly rows={5} value={quotedOriginal(context.original.body)} className="rounded border-2 border-line bg-surface px-3 py-2 text-muted" />
        </div>
      ) : null}

      <div className="flex flex-col gap-2">
        <label htmlFor={`${counterId}-files`} className="font-semibold">
          {w.attachFiles}
        </label>
        <p id={filesHintId} className="text-muted">
          {w.filesHint(ATTACHMENT_MAX_FILES)}
        </p>
        {errors.attachments ? <FieldError id={`${filesHintId}-error`}>{errors.attachments}</FieldError> : null}
        <input
          ref={fileInput}
          id={`${counterId}-files`}
          type="file"
          multiple
          accept=".png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf"
          aria-describedby={[filesHintId, errors.attachments ? `${filesHintId}-error` : ""].filter(Boolean).join(" ")}
          aria-invalid={errors.attachments ? true : undefined}
          onChange={(e) => void onFiles(e.target.files)}
          disabled={busy || reading}
          className="max-w-full"
        />
        {draft.keep.length + draft.files.length > 0 ? (
          <ul aria-label={w.attachedFiles} className="flex flex-col gap-2">
            {context.draftAttachments
              .filter((a) => draft.keep.includes(a.n))
              .map((a) => (
                <li key={`kept-${a.n}`} className="flex flex-wrap items-center gap-3">
                  <span className="break-all">{a.title}</span>
                  <Button variant="link" onClick={() => send({ type: "kept.remove", index: a.n })} disabled={busy}>
                    {w.remove}<span className="sr-only"> {a.title}</span>
                  </Button>
                </li>
              ))}
            {draft.files.map((f, i) => (
              <li key={`${f.name}-${i}`} className="flex flex-wrap items-center gap-3">
                <span className="break-all">
                  {f.name} <span className="text-muted">({w.fileSize(f.size)})</span>
                </span>
                <Button variant="link" onClick={() => send({ type: "file.remove", index: i })} disabled={busy}>
                  {w.remove}<span className="sr-only"> {f.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      {disclaimer ? (
        <section aria-labelledby={`${counterId}-disclaimer`} className="rounded bg-warning-bg p-3">
          <h3 id={`${counterId}-disclaimer`} className="font-bold">
            {w.disclaimer}
          </h3>
          {/* Sanitised on the server (page.server.ts, disclaimerHtml). */}
          <div className="break-words [&_p]:mb-2" lang={PRACTICE_LANG} dangerouslySetInnerHTML={{ __html: disclaimer }} />
        </section>
      ) : null}

      {step === "unconfirmed" ? (
        <div className="flex flex-wrap gap-3">
          <Button ref={checkAgain} onClick={() => send({ type: "check" })} aria-describedby={unconfirmedId}>
            {t.checkAgain}
          </Button>
          <Button variant="secondary" onClick={() => send({ type: "close" })}>
            {t.close}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={busy || reading}>
            {step === "sending" && context.intent === "send" ? w.sending : w.send}
          </Button>
          <Button variant="secondary" onClick={() => send({ type: "submit", intent: "draft" })} busy={busy || reading}>
            {step === "sending" && context.intent === "draft" ? w.saving : w.draft}
          </Button>
          <Button variant="secondary" onClick={() => send({ type: "close" })} disabled={busy}>
            {w.cancel}
          </Button>
        </div>
      )}
    </form>
  );
}
