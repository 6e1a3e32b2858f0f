import { Suspense, useCallback, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { PhoneLink } from "~/components/ui/phone-link";
import { loadProfilePage } from "./page.server";
import { ProfilePicture, Spinner } from "./components/avatar";
import { Rows, Section, personalRows } from "./components/sections";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { Button } from "~/components/ui/button";
import { lazyModule } from "~/lib/lazy-module";
import { useNotice } from "~/components/ui/notice";
import { Notice, ToastProvider } from "~/components/ui/toast";
import { profileTexts } from "./texts";
import { recordTexts } from "~/lib/texts/record";
import { callStep, failureMessage } from "~/lib/steps";
import { StepSessionEndedError } from "~/lib/step-errors";
import type { Route } from "./+types/old-page.route";
import { profileOldPageTexts as ot } from "./old-page-texts";

export const meta: Route.MetaFunction = () => [{ title: ot.metaTitle }];

export function loader({ request }: Route.LoaderArgs) {
  return loadProfilePage(request, { terms: ["1", "2"] });
}

const t = profileTexts;

// As on the profile page: the dialogs and their form rules load when the patient reaches for a button.
const passwordDialog = lazyModule(() => import("./components/dialogs/change-password"));
const termsDialog = lazyModule(() => import("./components/dialogs/terms"));
const ChangePasswordDialog = passwordDialog.component((m) => m.ChangePasswordDialog);
const TermsDialog = termsDialog.component((m) => m.TermsDialog);
const preloadDialogs = (event: { target: EventTarget }) => {
  if (!(event.target instanceof Element) || !event.target.closest("button")) return;
  void passwordDialog.preload().catch(() => undefined);
  void termsDialog.preload().catch(() => undefined);
};

/**
 * The original links to four treatment centres whose addresses the spec does not give; these are
 * four public New Zealand services a patient can turn to, until a practice configures its own.
 */
const CENTRES = [
  { name: ot.centres.healthpoint, href: "https://www.healthpoint.co.nz/" },
  { name: ot.centres.tewhatuora, href: "https://www.tewhatuora.govt.nz/" },
  { name: ot.centres.infoHealth, href: "https://info.health.nz/" },
  { name: ot.centres.talk, href: "https://1737.org.nz/" },
];

type NotificationSetting = "email" | "notification";
type NotificationFlags = Record<NotificationSetting, boolean>;

/**
 * The two notification switches (1§2). The practice takes both flags in one call, so each save
 * carries the other flag as the practice holds it: one save at a time, the other switch disabled
 * until the save is done and the profile read again. Two flips can then never undo each other.
 */
function NotificationSettings({ flags }: { flags: NotificationFlags }) {
  const revalidator = useRevalidator();
  // The save under way (the switch and the value asked for), and each switch's last failure.
  const [saving, setSaving] = useState<{ setting: NotificationSetting; value: boolean } | null>(null);
  const [failures, setFailures] = useState<Partial<Record<NotificationSetting, string>>>({});
  const flip = async (setting: NotificationSetting) => {
    if (saving) return;
    const value = !flags[setting];
    setSaving({ setting, value });
    setFailures((before) => ({ ...before, [setting]: undefined }));
    try {
      // The step's declaration (its zod schemas) comes with the first save, not with the page.
      const { profileSteps } = await import("./steps");
      await callStep(profileSteps, "notifications", { setting, value: String(value), email: String(flags.email), notification: String(flags.notification) });
      await revalidator.revalidate();
    } catch (error) {
      setFailures((before) => ({ ...before, [setting]: error instanceof StepSessionEndedError ? t.securitySessionEnded : failureMessage(error, t.notificationsFailed) }));
      // What the practice holds now is shown whatever the save's answer: a save it refused may still have been made.
      if (!(error instanceof StepSessionEndedError)) await revalidator.revalidate();
    } finally {
      setSaving(null);
    }
  };
  const stateOf = (setting: NotificationSetting) => ({ saving: saving?.setting === setting, asked: saving?.setting === setting ? saving.value : undefined, failure: failures[setting] ?? null });

  return (
    <>
      <NotificationToggle label={ot.emailNotifications} on={flags.email} {...stateOf("email")} locked={saving !== null} onFlip={() => void flip("email")} />
      <NotificationToggle label={ot.pushNotifications} on={flags.notification} {...stateOf("notification")} locked={saving !== null} onFlip={() => void flip("notification")} />
    </>
  );
}

/**
 * One switch: disabled with a spinner while its save runs or waits, then the profile reloads. On a
 * failure it shows the real value again and says so, to screen readers too (the original stopped silently).
 */
function NotificationToggle({
  label,
  on,
  saving,
  asked,
  failure,
  locked,
  onFlip,
}: {
  label: string;
  on: boolean;
  /** Its save is under way. */
  saving: boolean;
  /** The value its save asks for, shown while it runs. */
  asked: boolean | undefined;
  /** Why its last save did nothing. */
  failure: string | null;
  /** A save (this switch's or the other's) is running. */
  locked: boolean;
  onFlip: () => void;
}) {
  const labelId = useId();
  const shown = asked ?? on;
  return (
    <div className="flex flex-col gap-1 py-2">
      <div className="flex flex-wrap items-center gap-4">
        <span id={labelId} className="min-w-56 font-semibold">
          {label}
        </span>
        {/* The switch holds no words: its name is the label beside it, and On/Off (its state, which
            aria-checked says) is written after it, so the name holds every word on the control
            (WCAG 2.5.3, axe label-content-name-mismatch; issue 33). */}
        <div className="inline-flex items-center gap-3">
          <button
            type="button"
            role="switch"
            aria-checked={shown}
            aria-labelledby={labelId}
            aria-busy={saving}
            disabled={locked}
            onClick={onFlip}
            className={`relative inline-flex h-11 w-20 shrink-0 items-center rounded-full border-2 disabled:cursor-wait ${shown ? "border-success bg-success text-white" : "border-ink bg-white text-ink"}`}
          >
            <span aria-hidden="true" className={`absolute top-1/2 size-7 -translate-y-1/2 rounded-full ${shown ? "right-1 bg-white" : "left-1 bg-ink"}`} />
            {saving ? (
              <span className="absolute inset-0 flex items-center justify-center">
                <Spinner label={ot.savingSwitch} />
              </span>
            ) : null}
          </button>
          <span aria-hidden="true" className="font-semibold">
            {shown ? ot.on : ot.off}
          </span>
        </div>
      </div>
      <p aria-live="assertive" className="font-semibold text-danger">
        {failure ? (
          <>
            <span className="sr-only">{ot.errorPrefix}</span>
            {failure}
          </>
        ) : null}
      </p>
    </div>
  );
}

export default function ProfileOld({ loaderData }: Route.ComponentProps) {
  const { profile, photo, practice, terms, actingFor } = loaderData;
  const [dialog, setDialog] = useState<"password" | "terms-1" | "terms-2" | null>(null);
  const { notice, tell, dismiss } = useNotice();
  // Closed dialogs render nothing; once one has opened, they stay mounted as before.
  const [dialogsMounted, setDialogsMounted] = useState(false);
  if (!dialogsMounted && dialog !== null) setDialogsMounted(true);
  const saved = useCallback((message: string) => {
    setDialog(null);
    tell({ tone: "success", title: message });
  }, [tell]);
  const contactRows: Array<[string, string]> = [
    [t.rows.mobile, profile.phones.mobile],
    [t.rows.homePhone, profile.phones.home],
    [t.rows.workPhone, profile.phones.work],
    [t.rows.primaryEmail, profile.emails.primary],
    [t.rows.secondaryEmail, profile.emails.secondary],
  ].filter((row): row is [string, string] => row[1] !== null);

  return (
    <ToastProvider>
      <div className="flex flex-col gap-6" onPointerOver={preloadDialogs} onFocus={preloadDialogs}>
        <Breadcrumb current={ot.breadcrumb} />
        <div className="flex items-center gap-4">
          <ProfilePicture photo={photo} gender={profile.gender} name={profile.fullName} />
          <div>
            <h1 className="text-3xl font-bold">{profile.fullName}</h1>
            <p>
              {t.nhi}
              {profile.nhi || recordTexts.notRecorded}
            </p>
          </div>
        </div>

        <div className="grid gap-6 xl:grid-cols-2">
          <Section id="old-personal" title={ot.personalInformation}>
            <Rows rows={personalRows(profile)} />
          </Section>
          <Section id="old-address" title={t.addressInformation}>
            {profile.address.length > 0 ? <Rows rows={profile.address.map((r) => [r.label, r.value])} /> : <p>{t.noAddress}</p>}
          </Section>
          <Section id="old-contact" title={ot.contactInformation}>
            {contactRows.length > 0 ? <Rows rows={contactRows} /> : <p>{t.noContactDetail}</p>}
          </Section>
          <Section id="old-centre" title={ot.centreDetails}>
            {practice ? (
              <Rows
                rows={[
                  [t.rows.practice, practice.name],
                  [t.rows.phone, practice.phone ? <PhoneLink number={practice.phone} /> : null],
                  [t.rows.address, practice.address],
                ]}
              />
            ) : null}
            <h3 className="mb-2 mt-4 text-lg font-bold">{ot.treatmentCentres}</h3>
            <ul className="flex flex-col gap-2">
              {CENTRES.map((c) => (
                <li key={c.href}>
                  <a href={c.href} target="_blank" rel="noopener noreferrer" className="text-brand underline underline-offset-4">
                    {c.name}
                    <span className="sr-only">{ot.opensNewTab}</span>
                  </a>
                </li>
              ))}
            </ul>
          </Section>
          <Section id="old-notifications" title={t.notificationSettings}>
            <NotificationSettings flags={profile.notifications} />
          </Section>
          <Section id="old-password" title={t.updatePassword}>
            <p className="mb-3">{actingFor ? ot.passwordBelongsTo(actingFor.parentName) : ot.changeYourOwnPassword}</p>
            <Button onClick={() => setDialog("password")}>{t.changePassword}</Button>
          </Section>
          <Section id="old-terms" title={ot.termAndCondition}>
            <div className="flex flex-wrap gap-3">
              <Button variant="secondary" onClick={() => setDialog("terms-1")}>
                {ot.portalTerms}
              </Button>
              <Button variant="secondary" onClick={() => setDialog("terms-2")}>
                {ot.draftMessageTerms}
              </Button>
            </div>
          </Section>
        </div>
      </div>

      {dialogsMounted ? (
        <Suspense fallback={<p role="status">{t.opening}</p>}>
          <ChangePasswordDialog open={dialog === "password"} onOpenChange={(open) => setDialog(open ? "password" : null)} onSaved={saved} actingFor={actingFor?.parentName ?? null} />
          <TermsDialog open={dialog === "terms-1"} onOpenChange={(open) => setDialog(open ? "terms-1" : null)} title={ot.portalTerms} text={terms[0] ?? null} />
          <TermsDialog open={dialog === "terms-2"} onOpenChange={(open) => setDialog(open ? "terms-2" : null)} title={ot.draftMessageTerms} text={terms[1] ?? null} />
        </Suspense>
      ) : null}
      <Notice notice={notice} onDismiss={dismiss} />
    </ToastProvider>
  );
}
