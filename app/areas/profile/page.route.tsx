import { Suspense, useCallback, useRef, useState, type ReactNode } from "react";
import { PhoneLink } from "~/components/ui/phone-link";
import { Link, useRouteLoaderData, useSearchParams } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { loadProfilePage } from "./page.server";
import { ProfilePicture } from "./components/avatar";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { Button, buttonClass } from "~/components/ui/button";
import { lazyModule } from "~/lib/lazy-module";
import { useNotice } from "~/components/ui/notice";
import { Notice, ToastProvider } from "~/components/ui/toast";
import { hasArea } from "~/lib/menu";
import { ACCESS_RECORD_PATH } from "~/lib/areas";
import { NOTIFICATION_SETTINGS } from "~/lib/notification-settings";
import { profileTexts } from "./texts";
import { recordTexts } from "~/lib/texts/record";
import type { EmergencyContactView } from "./view";
import { Rows, Section, contactRows, personalRows } from "./components/sections";
import type { ShellData } from "~/shell/layout.route";
import type { Route } from "./+types/page.route";
import { portalSecondStep, SecondStepUnavailable } from "~/.server/sign-in-security/second-step.server";
import { PasskeysUnavailable, portalPasskeys } from "~/.server/sign-in-security/passkeys.server";
import { formatDateTime } from "~/lib/dates";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { hasSecondStep } from "~/lib/second-step";
import type { PasskeyQuestion } from "./components/dialogs/passkeys";
import { requireSession } from "~/.server/proxy-access.server";
import { accountHolderKey } from "~/.server/opaque-names.server";
import { devicesOf } from "./devices.server";
import type { DevicesQuestion } from "./components/dialogs/devices";
import { deviceName } from "~/lib/device-name";
import { PracticeWords } from "~/components/practice-words";

export const meta: Route.MetaFunction = () => [{ title: profileTexts.metaTitle }];

export async function loader({ request }: Route.LoaderArgs) {
  const [page, signInSecurity, devices] = await Promise.all([loadProfilePage(request, { terms: ["1"] }), signInSecurityOf(request), devicesOf(request)]);
  return { ...page, signInSecurity, devices };
}

/** The account holder's second step (decisions/277) and passkeys (decisions/300): null when the portal's store cannot say just now. */
async function signInSecurityOf(request: Request) {
  const { user } = await requireSession(request);
  const holderKey = accountHolderKey(user.apiBase, user.parentId);
  try {
    const [status, passkeys] = await Promise.all([portalSecondStep.store.status(holderKey), portalPasskeys.store.list(holderKey)]);
    return {
      ...status,
      canSend: portalSecondStep.sendMail !== null,
      // Passkeys can be added only where the portal knows its public origin.
      canAddPasskeys: portalPasskeys.relyingParty !== null,
      passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, added: formatDateTime(p.createdAt.getTime()), addedFrom: p.addedFrom && deviceName(p.addedFrom), lastUsed: p.lastUsedAt ? formatDateTime(p.lastUsedAt.getTime()) : null })),
    };
  } catch (error) {
    if (error instanceof SecondStepUnavailable || error instanceof PasskeysUnavailable) return null;
    throw error;
  }
}

const t = profileTexts;

// The dialogs, their forms and their rules (conform, zod, the phone numbering plans) load when the
// patient first reaches for one of the page's buttons, not with the page (issue 12, decisions/070).
const dialogs = lazyModule(() => import("./components/dialogs"));
const AddEmergencyContactDialog = dialogs.component((m) => m.AddEmergencyContactDialog);
const DeleteEmergencyContactDialog = dialogs.component((m) => m.DeleteEmergencyContactDialog);
const ContactDetailsDialog = dialogs.component((m) => m.ContactDetailsDialog);
const UpdateProfileDialog = dialogs.component((m) => m.UpdateProfileDialog);
const ChangePasswordDialog = dialogs.component((m) => m.ChangePasswordDialog);
const AddressDialog = dialogs.component((m) => m.AddressDialog);
const TermsDialog = dialogs.component((m) => m.TermsDialog);
const SignInSecurityDialog = dialogs.component((m) => m.SignInSecurityDialog);
const DevicesDialog = dialogs.component((m) => m.DevicesDialog);
const PasskeyDialog = dialogs.component((m) => m.PasskeyDialog);
const preloadDialogs = (event: { target: EventTarget }) => {
  if (event.target instanceof Element && event.target.closest("button")) void dialogs.preload().catch(() => undefined);
};
const money = new Intl.NumberFormat("en-NZ", { style: "currency", currency: "NZD" });

type DialogName = "add-contact" | "password" | "address" | "contact" | "profile" | "terms" | "turn-on" | "turn-off" | "recovery-codes";

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { profile, photo, practice, balance, lookups, lookupsFailed, terms, actingFor, signInSecurity, devices } = loaderData;
  const shell = useRouteLoaderData<ShellData>("shell/layout.route");
  // A link may open Change Password (the dashboard's notice about many documents opened, decisions/226).
  const [params] = useSearchParams();
  const [dialog, setDialog] = useState<DialogName | null>(() => (params.get("change") === "password" ? "password" : null));
  // The dialogs' code is fetched in the browser only, never drawn by the server (see /preview's viewer).
  const hydrated = useHydrated();
  const [removing, setRemoving] = useState<EmergencyContactView | null>(null);
  const [signingOut, setSigningOut] = useState<DevicesQuestion | null>(null);
  const [passkey, setPasskey] = useState<PasskeyQuestion | null>(null);
  // A removed contact takes its Remove button with it: the focus then goes to Add Emergency Contact.
  const addContact = useRef<HTMLButtonElement>(null);
  const removed = useRef(false);
  const { notice, tell, dismiss } = useNotice();
  // Closed dialogs render nothing; once one has opened, all stay mounted as before, so a save still
  // in flight when its dialog closes still reports.
  const [dialogsMounted, setDialogsMounted] = useState(false);
  if (!dialogsMounted && (dialog !== null || removing !== null || signingOut !== null || passkey !== null)) setDialogsMounted(true);
  const openChange = (name: DialogName) => (open: boolean) => setDialog(open ? name : null);
  const saved = useCallback((message: string) => {
    setDialog(null);
    setRemoving(null);
    setSigningOut(null);
    setPasskey(null);
    tell({ tone: "success", title: message });
  }, [tell]);

  return (
    <ToastProvider>
      <div className="flex flex-col gap-6" onPointerOver={preloadDialogs} onFocus={preloadDialogs}>
        <Breadcrumb current={t.title} />
        <h1 className="text-3xl font-bold">{t.title}</h1>

        <section aria-labelledby="profile-name" className="flex flex-col gap-4 rounded bg-white p-4 shadow-sm sm:flex-row sm:items-center">
          <ProfilePicture photo={photo} gender={profile.gender} name={profile.fullName} />
          <div className="flex flex-1 flex-col gap-1">
            <h2 id="profile-name" className="text-2xl font-bold">
              {profile.fullName}
            </h2>
            <p>
              <span className="font-semibold">{t.balance}</span>
              {balance === null ? <span className="text-muted">{t.balanceUnavailable}</span> : money.format(balance)}
            </p>
            <p>
              <span className="font-semibold">{t.nhi}</span>
              {profile.nhi || recordTexts.notRecorded}
            </p>
            {actingFor ? <p className="text-muted">{t.viewingAs(actingFor.parentName)}</p> : null}
          </div>
          <div className="flex flex-wrap gap-3">
            {/* The invoices screen is linked only once it exists and the menu offers it (decisions/004). */}
            {hasArea(shell?.menu ?? [], "/accounts") ? (
              <Link to="/accounts" className={buttonClass("secondary")}>
                {t.viewInvoices}
              </Link>
            ) : null}
            <Button variant="secondary" onClick={() => setDialog("terms")}>
              {t.terms}
            </Button>
            {/* The e-mail and notification switches are on the older layout (1§4); this is their way in (issue 33, item 8). */}
            <Link to={NOTIFICATION_SETTINGS} className={buttonClass("secondary")}>
              {t.notificationSettings}
            </Link>
            {/* The portal's record of every access to this record (issue 31). */}
            <Link to={ACCESS_RECORD_PATH} className={buttonClass("secondary")}>
              {t.accessRecord}
            </Link>
            <Button onClick={() => setDialog("password")}>{t.changePassword}</Button>
          </div>
        </section>

        <div className="grid gap-6 xl:grid-cols-2">
          <Section
            id="personal-details"
            title={t.personalDetails}
            action={
              <Button variant="secondary" onClick={() => setDialog("profile")} aria-label={t.editPersonalDetails}>
                {t.edit}
              </Button>
            }
          >
            <Rows rows={personalRows(profile)} />
          </Section>

          <Section
            id="contact-details"
            title={t.contactDetails}
            action={
              <Button variant="secondary" onClick={() => setDialog("contact")} aria-label={t.editContactDetails}>
                {t.edit}
              </Button>
            }
          >
            <Rows rows={contactRows(profile)} />
          </Section>
        </div>

        <Section id="emergency-contacts" title={t.emergencyContact} action={
            <Button ref={addContact} onClick={() => setDialog("add-contact")}>
              {t.addEmergencyContact}
            </Button>
          }>
          {profile.emergencyContacts.length === 0 ? (
            <p>{t.noEmergencyContacts}</p>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {profile.emergencyContacts.map((c) => (
                <li key={c.id} className="flex flex-col gap-2 rounded border border-line p-4" aria-label={c.name}>
                  <h3 className="text-lg font-bold">{c.name}</h3>
                  <Rows rows={[[t.rows.relationship, c.relationship], ...c.phones.map((p) => [t.contactPhone(p.label), p.value] as [string, ReactNode]), ...(c.email ? [[t.rows.email, c.email] as [string, ReactNode]] : [])]} />
                  <Button variant="secondary" className="self-start" onClick={() => {
                      removed.current = false;
                      setRemoving(c);
                    }}
                    aria-label={t.removeContactLabel(c.name)}>
                    {t.remove}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="sign-in-security" title={t.signInSecurity}>
          {/* The account holder's own, whoever's record is being viewed (decisions/277). */}
          {signInSecurity === null ? (
            <p>{t.signInSecurityUnavailable}</p>
          ) : signInSecurity.on ? (
            <div className="flex flex-col gap-3">
              <p>
                <span className="font-semibold">{t.codeByEmail}</span>
                {t.codeByEmailOn}
              </p>
              <Button variant="secondary" className="self-start" onClick={() => setDialog("turn-off")}>
                {t.turnOffEmailedCode}
              </Button>
            </div>
          ) : signInSecurity.canSend ? (
            <div className="flex flex-col gap-3">
              <p>
                <span className="font-semibold">{t.codeByEmail}</span>
                {t.codeByEmailOff}
              </p>
              <Button className="self-start" onClick={() => setDialog("turn-on")}>
                {t.turnOnEmailedCode}
              </Button>
            </div>
          ) : (
            <p>{t.signInSecurityNoMail}</p>
          )}
          {/* Recovery codes belong to any second step, the e-mailed code's or a passkey's (decisions/321). */}
          {signInSecurity !== null && hasSecondStep({ emailOn: signInSecurity.on, passkeys: signInSecurity.passkeys.length }) ? (
            <div className="mt-3 flex flex-col gap-3">
              <p>
                <span className="font-semibold">{t.recoveryCodesLeftLabel}</span>
                {t.recoveryCodesLeft(signInSecurity.recoveryCodesLeft)}
              </p>
              <Button variant="secondary" className="self-start" onClick={() => setDialog("recovery-codes")}>
                {t.makeNewRecoveryCodes}
              </Button>
            </div>
          ) : null}
          {signInSecurity === null ? null : (
            <div className="mt-4 flex flex-col gap-3 border-t border-line pt-4">
              <h3 className="text-lg font-bold">{passkeyTexts.sectionTitle}</h3>
              {signInSecurity.passkeys.length === 0 ? <p>{passkeyTexts.none}</p> : <p>{passkeyTexts.intro}</p>}
              {signInSecurity.passkeys.length > 0 ? (
                <ul className="grid gap-4 md:grid-cols-2" aria-label={passkeyTexts.sectionTitle}>
                  {signInSecurity.passkeys.map((p) => (
                    <li key={p.id} className="flex flex-col gap-2 rounded border border-line p-4" aria-label={p.name}>
                      <h4 className="break-words text-lg font-bold">{p.name}</h4>
                      <Rows rows={[[passkeyTexts.addedOn, p.added], ...(p.addedFrom ? [[passkeyTexts.addedFromLabel, p.addedFrom] as [string, string]] : []), [passkeyTexts.lastUsed, p.lastUsed ?? passkeyTexts.neverUsed]]} />
                      <div className="flex flex-wrap gap-3">
                        <Button variant="secondary" onClick={() => setPasskey({ kind: "rename", id: p.id, name: p.name })} aria-label={passkeyTexts.renameLabel(p.name)}>
                          {t.rename}
                        </Button>
                        <Button variant="secondary" onClick={() => setPasskey({ kind: "remove", id: p.id, name: p.name, leavesNoSecondStep: !hasSecondStep({ emailOn: signInSecurity.on, passkeys: signInSecurity.passkeys.length - 1 }) })} aria-label={passkeyTexts.removeLabel(p.name)}>
                          {t.remove}
                        </Button>
                      </div>
                    </li>
                  ))}
                </ul>
              ) : null}
              {signInSecurity.canAddPasskeys ? (
                <Button className="self-start" onClick={() => setPasskey({ kind: "add" })}>
                  {passkeyTexts.addPasskey}
                </Button>
              ) : (
                <p>{passkeyTexts.noOrigin}</p>
              )}
            </div>
          )}
        </Section>

        <Section
          id="devices"
          title={t.devicesTitle}
          action={
            devices && (devices.unlisted > 0 || devices.devices.some((d) => !d.thisDevice || d.sessions > 1)) ? (
              <Button variant="secondary" onClick={() => setSigningOut({ kind: "others" })}>
                {t.signOutEverywhereElse}
              </Button>
            ) : null
          }
        >
          {/* The account holder's own browsers and sessions, whoever's record is being viewed (decisions/295, 366). */}
          {devices === null ? (
            <p>{t.devicesUnavailable}</p>
          ) : devices.devices.length === 0 && devices.unlisted === 0 ? (
            <p>{t.devicesNone}</p>
          ) : (
            <div className="flex flex-col gap-3">
              <p>{t.devicesIntro}</p>
              {devices.unlisted > 0 ? <p>{t.unlistedSessions(devices.unlisted)}</p> : null}
              <ul className="grid gap-4 md:grid-cols-2">
                {devices.devices.map((d) => (
                  <li key={d.id} className="flex flex-col gap-2 rounded border border-line p-4" aria-label={d.thisDevice ? t.deviceThisOne(d.label) : d.label}>
                    <h3 className="text-lg font-bold">
                      {d.label}
                      {d.thisDevice ? <span className="ml-2 rounded bg-surface px-2 py-0.5 text-base font-semibold">{t.thisDevice}</span> : null}
                    </h3>
                    <Rows rows={[[t.deviceSessions, d.thisDevice ? t.thisDeviceSessions(d.sessions) : t.deviceSessionsCount(d.sessions)], [t.devicePlace, d.place], [t.deviceFirstSeen, d.firstSeen], [t.deviceLastSeen, d.lastSeen]]} />
                    {!d.thisDevice ? (
                      <Button variant="secondary" className="self-start" onClick={() => setSigningOut({ kind: "one", id: d.id, label: d.label })} aria-label={t.signOutDeviceLabel(d.label)}>
                        {t.signOutDevice}
                      </Button>
                    ) : d.sessions > 1 ? (
                      <Button variant="secondary" className="self-start" onClick={() => setSigningOut({ kind: "this-device", id: d.id })} aria-label={t.signOutThisDeviceOthersLabel}>
                        {t.signOutThisDeviceOthers}
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Section>

        <div className="grid gap-6 xl:grid-cols-2">
          <Section id="practice-details" title={t.practiceDetails}>
            {practice ? (
              <Rows
                rows={[
                  [t.rows.name, practice.name],
                  [t.rows.openingHours, practice.hours ? <PracticeWords>{practice.hours}</PracticeWords> : practice.hours],
                  [t.rows.phone, practice.phone ? <PhoneLink number={practice.phone} /> : null],
                  [t.rows.myGp, practice.gp],
                  [t.rows.address, practice.address],
                ]}
              />
            ) : (
              <p>{t.practiceNotShared}</p>
            )}
          </Section>

          <Section
            id="address"
            title={t.address}
            action={
              // Nothing here can be changed (1§7 has no call for it): the action is to view it (issue 21).
              <Button variant="secondary" onClick={() => setDialog("address")} aria-label={t.viewAddress}>
                {t.view}
              </Button>
            }
          >
            {profile.address.length > 0 ? <Rows rows={profile.address.map((r) => [r.label, r.value])} /> : <p>{t.noAddress}</p>}
          </Section>
        </div>
      </div>

      {dialogsMounted && hydrated ? (
        <Suspense fallback={<p role="status">{t.opening}</p>}>
        <AddEmergencyContactDialog open={dialog === "add-contact"} onOpenChange={openChange("add-contact")} onSaved={saved} lookups={lookups} lookupsFailed={lookupsFailed} />
        <DeleteEmergencyContactDialog
          contact={removing}
          onOpenChange={(open) => (open ? undefined : setRemoving(null))}
          onSaved={(message) => {
            removed.current = true;
            saved(message);
          }}
          returnFocusTo={() => (removed.current ? addContact.current : null)}
        />
        <ContactDetailsDialog open={dialog === "contact"} onOpenChange={openChange("contact")} onSaved={saved} profile={profile} />
        <UpdateProfileDialog open={dialog === "profile"} onOpenChange={openChange("profile")} onSaved={saved} profile={profile} lookups={lookups} />
        <ChangePasswordDialog open={dialog === "password"} onOpenChange={openChange("password")} onSaved={saved} actingFor={actingFor?.parentName ?? null} />
        <AddressDialog open={dialog === "address"} onOpenChange={openChange("address")} profile={profile} practicePhone={practice?.phone ?? null} />
        <SignInSecurityDialog
          dialog={dialog === "turn-on" || dialog === "turn-off" || dialog === "recovery-codes" ? dialog : null}
          passkeysKept={(signInSecurity?.passkeys.length ?? 0) > 0}
          onOpenChange={(open) => (open ? undefined : setDialog(null))} onSaved={saved} />
        <PasskeyDialog
          question={passkey}
          recoveryAllowed={(signInSecurity?.recoveryCodesLeft ?? 0) > 0}
          passwordAllowed={signInSecurity !== null && !hasSecondStep({ emailOn: signInSecurity.on, passkeys: signInSecurity.passkeys.length })}
          onOpenChange={(open) => (open ? undefined : setPasskey(null))}
          onSaved={saved}
        />
        <DevicesDialog question={signingOut} onOpenChange={(open) => (open ? undefined : setSigningOut(null))} onSaved={saved} />
        <TermsDialog open={dialog === "terms"} onOpenChange={openChange("terms")} title={t.terms} text={terms[0] ?? null} />
        </Suspense>
      ) : null}

      <Notice notice={notice} onDismiss={dismiss} />
    </ToastProvider>
  );
}
