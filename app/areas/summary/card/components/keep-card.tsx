import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SignInAgainLink } from "~/components/ui/sign-in-again-link";
import { ceremonyFailure } from "~/lib/passkeys";
import { callStep, failureMessage } from "~/lib/steps";
import { StepSessionEndedError } from "~/lib/step-errors";
import { CARD_DAYS_CHOICES, CARD_DAYS_DEFAULT } from "../sections";
import { browserHasPrf } from "../prf-support";
import { cardTexts as t } from "../texts";

/**
 * "Keep my health card on this device" on My health summary (issue 71, decisions/405): offered only
 * where this browser has WebAuthn's PRF extension and the holder a passkey that may lock the card; where
 * not, the section says why. The card is made by the portal, sealed here and kept in this browser.
 */

type Offer = "checking" | "no-prf" | "ready";
type Outcome = { kind: "kept"; until: string } | { kind: "refused"; message: ReactNode } | null;

export function KeepCard({ lockablePasskeys }: { lockablePasskeys: number }) {
  const [offer, setOffer] = useState<Offer>("checking");
  const [days, setDays] = useState<number>(CARD_DAYS_DEFAULT);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  useEffect(() => {
    let live = true;
    void browserHasPrf().then((has) => live && setOffer(has ? "ready" : "no-prf"));
    return () => {
      live = false;
    };
  }, []);

  const keep = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await keepOnThisDevice(days));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="summary-card" className="flex flex-col gap-4 rounded bg-white p-4 shadow-sm">
      <h2 id="summary-card" className="text-xl font-bold">
        {t.keepHeading}
      </h2>
      <p>{t.keepIntro}</p>
      <p>{t.keepLocked}</p>
      {offer === "checking" ? <p role="status">{t.checking}</p> : null}
      {offer === "no-prf" ? <p>{t.noPrf}</p> : null}
      {offer === "ready" && lockablePasskeys === 0 ? (
        <p>
          {t.noPasskey}{" "}
          <Link to="/profile" className="underline">
            {t.toSignInSecurity}
          </Link>
        </p>
      ) : null}
      {offer === "ready" && lockablePasskeys > 0 ? (
        <>
          <fieldset className="flex flex-col gap-2" aria-describedby="summary-card-days-hint">
            <legend className="font-semibold">{t.daysLabel}</legend>
            <div className="flex flex-wrap gap-4">
              {CARD_DAYS_CHOICES.map((choice) => (
                <label key={choice} className="flex min-h-11 items-center gap-2">
                  <input type="radio" name="card-days" value={choice} checked={days === choice} onChange={() => setDays(choice)} className="h-5 w-5" />
                  {t.days(choice)}
                </label>
              ))}
            </div>
            <p id="summary-card-days-hint" className="text-sm text-muted">
              {t.daysHint}
            </p>
          </fieldset>
          <Button className="self-start" busy={busy} onClick={() => void keep()}>
            {t.keepButton}
          </Button>
          <p role="status" className="min-h-6">
            {busy ? t.keeping : null}
          </p>
        </>
      ) : null}
      {outcome?.kind === "kept" ? (
        <Alert tone="info">
          {t.kept(outcome.until)}{" "}
          <a href="/card" className="underline">
            {t.openCard}
          </a>
        </Alert>
      ) : null}
      {outcome?.kind === "refused" ? <Alert>{outcome.message}</Alert> : null}
    </section>
  );
}

/** The steps of keeping: the prompt's options, the passkey (its answer and its secret), the card, sealed and stored here. */
async function keepOnThisDevice(days: number): Promise<Outcome> {
  // Loaded when asked for: zod and WebAuthn's helpers stay off the summary's first load.
  const [{ summarySteps }, secrets, lock, copies] = await Promise.all([import("../../steps"), import("../passkey-secret"), import("../lock"), import("~/lib/health-card/device-copies")]);
  let answered;
  let prfInput;
  try {
    const { options } = await callStep(summarySteps, "card-options", {});
    prfInput = await copies.devicePrfInput();
    answered = await secrets.secretForKeeping(options, prfInput);
  } catch (error) {
    return refusal(error);
  }
  if (!answered.secret) return { kind: "refused", message: t.passkeyNoPrf };
  let card;
  try {
    ({ card } = await callStep(summarySteps, "card-make", { answer: answered.answer, days }));
  } catch (error) {
    return refusal(error);
  }
  const secret = answered.secret;
  try {
    await copies.keepCopy(await lock.sealCard(card, answered.answer.id, prfInput, secret));
  } catch {
    return { kind: "refused", message: t.storageFailed };
  }
  // Kept again, the card replaces this person's older copy that the same passkey opens, so /card shows one.
  for (const older of (await copies.keptCopies()).filter((copy) => copy.credentialId === answered.answer.id && copy.copyId !== card.copyId)) {
    const opened = await lock.openCard(older, secret).catch(() => null);
    if (opened && opened.patient.nhi === card.patient.nhi && opened.patient.name === card.patient.name) await copies.removeCopy(older.copyId);
  }
  return { kind: "kept", until: card.expiresAtText };
}

function refusal(error: unknown): Outcome {
  if (error instanceof StepSessionEndedError) return { kind: "refused", message: <SignInAgainLink /> };
  if (error instanceof DOMException || (error instanceof Error && error.name === "NotAllowedError")) {
    return { kind: "refused", message: ceremonyFailure(error) === "unsupported" ? t.noPrf : t.cancelled };
  }
  return { kind: "refused", message: failureMessage(error, t.unavailable) };
}
