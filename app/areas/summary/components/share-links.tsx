import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { PasswordField, TextField } from "~/components/ui/field";
import { SignInAgainLink } from "~/components/ui/sign-in-again-link";
import { useDeferredSchemaForm } from "~/components/ui/use-deferred-schema-form";
import { resultOf } from "~/lib/form-data";
import { callStep, failureMessage, StepFailedError, type StepInput, type StepReply } from "~/lib/steps";
import { StepSessionEndedError } from "~/lib/step-errors";
import type { summarySteps } from "../steps";
import type { ShareLinkListItem } from "../view";
import { EXPIRY_DAYS } from "../expiry-days";
import { shareTexts as t } from "../texts";

/** Share by link: make a link, show it once, list and revoke; the steps answer the list, so a failing practice cannot hide the change (decisions/305-309, 377). */
export function ShareLinks({ links: read }: { links: ShareLinkListItem[] | null }) {
  const [shown, setShown] = useState({ read, links: read });
  // The loader's list, when it reads one, replaces what the steps answered.
  if (shown.read !== read) setShown({ read, links: read });
  const onLinks = (links: ShareLinkListItem[] | null) => setShown({ read, links });
  return (
    <section aria-labelledby="summary-share" className="flex flex-col gap-4 rounded bg-white p-4 shadow-sm">
      <h2 id="summary-share" className="text-xl font-bold">
        {t.heading}
      </h2>
      <p>{t.intro}</p>
      <p>{t.snapshot}</p>
      <CreateLink onLinks={onLinks} />
      <LinkList links={shown.links} onLinks={onLinks} />
    </section>
  );
}

type SummarySteps = typeof summarySteps;
/** The link just made, shown once: the only time the portal has its key. */
type MadeShareLink = StepReply<SummarySteps, "share-create">;

/** Posts one share step, its declaration (the zod schemas) fetched with the first. */
async function shareStep<N extends keyof SummarySteps["steps"] & string>(name: N, input: StepInput<SummarySteps, N>): Promise<StepReply<SummarySteps, N>> {
  const { summarySteps: area } = await import("../steps");
  return callStep(area, name, input);
}

/** What a share step that did nothing says: the server's words, or that the session had ended, with the way back. */
function refusalOf(error: unknown, sessionEnded: string): ReactNode {
  if (!(error instanceof StepSessionEndedError)) return failureMessage(error, t.unavailable);
  return (
    <>
      {sessionEnded} <SignInAgainLink />
    </>
  );
}

function CreateLink({ onLinks }: { onLinks(links: ShareLinkListItem[] | null): void }) {
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<MadeShareLink | null>(null);
  const [refusal, setRefusal] = useState<{ message?: ReactNode; fields?: Readonly<Record<string, string>> } | null>(null);
  const lastResult = useMemo(() => resultOf(refusal?.fields), [refusal]);
  const create = async (data: FormData) => {
    setBusy(true);
    setMade(null);
    setRefusal(null);
    try {
      const reply = await shareStep("share-create", { passcode: String(data.get("passcode") ?? ""), expiryDays: String(data.get("expiryDays") ?? ""), label: String(data.get("label") ?? "") });
      setMade(reply);
      onLinks(reply.links);
    } catch (error) {
      // A form the server refuses field by field shows each message beside its field, and no more.
      setRefusal(error instanceof StepFailedError && Object.keys(error.fields).length > 0 ? { fields: error.fields } : { message: refusalOf(error, t.createSessionEnded) });
    } finally {
      setBusy(false);
    }
  };
  const form = useDeferredSchemaForm({
    load: () => import("../shlink"),
    schema: (shlink) => shlink.ShareLinkFormSchema,
    lastResult,
    onValid(data) {
      if (!busy) void create(data);
    },
  });
  return (
    <>
      <form className="flex flex-col gap-4" aria-label={t.create} {...form.formProps}>
        {refusal?.message ? <Alert>{refusal.message}</Alert> : null}
        <PasswordField label={t.passcode} hint={t.passcodeHint} autoComplete="new-password" {...form.field("passcode")} />
        <TextField label={t.expiryDays} hint={t.expiryHint} inputMode="numeric" autoComplete="off" defaultValue={String(EXPIRY_DAYS.default)} className="max-w-xs" {...form.field("expiryDays")} />
        <TextField label={t.label} hint={t.labelHint} autoComplete="off" {...form.field("label")} />
        <Button type="submit" busy={busy} className="self-start">
          {busy ? t.creating : t.create}
        </Button>
      </form>
      {made ? <NewLink key={made.shlink} made={made} /> : null}
    </>
  );
}

/** The link just made: the only time its key is on a screen. */
function NewLink({ made }: { made: MadeShareLink }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => heading.current?.focus(), []);
  const copyLink = () => {
    navigator.clipboard.writeText(made.shlink).then(
      () => setCopy("copied"),
      () => setCopy("failed"),
    );
  };
  return (
    <section aria-labelledby="summary-share-made" className="flex flex-col gap-3 border-l-8 border-brand p-4">
      <h3 id="summary-share-made" ref={heading} tabIndex={-1} className="text-lg font-bold">
        {t.madeHeading}
        {made.label ? t.madeLabel(made.label) : ""}
      </h3>
      <p>{t.madeIntro(made.expires)}</p>
      <p className="font-semibold">{t.onlyOnce}</p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <img src={made.qr} alt={t.qrAlt} width={240} height={240} className="size-60 shrink-0 bg-white" />
        <div className="flex min-w-0 flex-col gap-2">
          <p id="summary-share-link-label" className="font-semibold">
            {t.linkText}
          </p>
          <p aria-labelledby="summary-share-link-label" className="break-all rounded border-2 border-ink bg-white p-2 font-mono text-sm">
            {made.shlink}
          </p>
          <Button variant="secondary" className="self-start" onClick={copyLink}>
            {t.copy}
          </Button>
          <p role="status" className="min-h-6">
            {copy === "copied" ? t.copied : copy === "failed" ? t.copyFailed : ""}
          </p>
        </div>
      </div>
    </section>
  );
}

function LinkList({ links, onLinks }: { links: ShareLinkListItem[] | null; onLinks(links: ShareLinkListItem[] | null): void }) {
  const [revoking, setRevoking] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; message: ReactNode } | null>(null);
  const busy = revoking !== null;
  const revoke = async (id: string) => {
    if (busy) return;
    setRevoking(id);
    setNotice(null);
    try {
      const reply = await shareStep("share-revoke", { link: id });
      onLinks(reply.links);
      setNotice({ ok: true, message: reply.message });
    } catch (error) {
      setNotice({ ok: false, message: refusalOf(error, t.revokeSessionEnded) });
    } finally {
      setRevoking(null);
    }
  };
  return (
    <section aria-labelledby="summary-share-list" className="flex flex-col gap-3">
      <h3 id="summary-share-list" className="text-lg font-bold">
        {t.listHeading}
      </h3>
      {notice ? <Alert tone={notice.ok ? "info" : "error"}>{notice.message}</Alert> : null}
      {links === null ? (
        <p>{t.listUnavailable}</p>
      ) : links.length === 0 ? (
        <p>{t.listNone}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {links.map((link) => {
            const name = link.label ?? t.noLabel;
            return (
              <li key={link.id} aria-label={name} className="flex flex-col gap-2 rounded border border-ink/30 p-3">
                <p className="font-semibold break-words">{name}</p>
                <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
                  <dt>{t.columns.created}</dt>
                  <dd>{link.created}</dd>
                  <dt>{t.columns.expires}</dt>
                  <dd>{link.expires}</dd>
                  <dt>{t.columns.uses}</dt>
                  <dd>{link.uses}</dd>
                  <dt>{t.columns.status}</dt>
                  <dd>{t.status[link.status]}</dd>
                </dl>
                {link.status === "active" ? (
                  <Button variant="secondary" className="self-start" busy={revoking === link.id} aria-label={t.revokeLabel(name)} onClick={() => void revoke(link.id)}>
                    {t.revoke}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
