import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { LanguageChoice } from "~/components/language-choice";
import { ceremonyFailure } from "~/lib/passkeys";
import type { CardContents } from "./contents";
import type { SealedCard } from "~/lib/health-card/copy-shape";
import { browserHasPrf } from "./prf-support";
import type { Wiped } from "~/lib/health-card/device-copies";
// Drawn once a card is open: off the page's first load.
const loadHealthCard = () => import("./components/health-card");
const HealthCard = lazy(() => loadHealthCard().then((m) => ({ default: m.HealthCard })));
import { cardTexts as t } from "./texts";
import type { Route } from "./+types/page.route";

/**
 * My health card (issue 71, decisions/405): the health cards kept in this browser, opened with the
 * passkey that locks them, online or not. The page the server sends, and the service worker keeps,
 * holds nothing about anyone: the copies are read from this browser, and show only once opened.
 */

export const meta: Route.MetaFunction = () => [{ title: t.metaTitle }];

/** What the page shows: the copies being read, none, some to open, or the cards opened. */
type Shown =
  | { kind: "reading" }
  | { kind: "locked"; copies: SealedCard[] }
  | { kind: "opened"; copies: SealedCard[]; cards: CardContents[] };

/** The copies kept here, read as the page is drawn; sealing, WebAuthn and the card's view only once a card is to be opened. */
const deviceCopies = () => import("~/lib/health-card/device-copies");
const opening = () => Promise.all([import("./lock"), import("./passkey-secret"), loadHealthCard()]);

export default function MyHealthCard() {
  const [search] = useSearchParams();
  // Offline, the service worker answers /card?offline=1 with the page it kept for /card (decisions/404):
  // the server's HTML never says it, so it is drawn once the page is the browser's.
  const offline = useHydrated() && search.has("offline");
  const [shown, setShown] = useState<Shown>({ kind: "reading" });
  const [wiped, setWiped] = useState<Wiped>({ expired: 0, ended: 0 });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "info"; text: string } | null>(null);
  // Closed or removed, the focus goes back to Open with my passkey, where the patient started.
  const openButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (refocus && shown.kind === "locked") openButton.current?.focus();
  }, [refocus, shown.kind]);

  useEffect(() => {
    let live = true;
    deviceCopies()
      .then((device) => device.tidyCopies())
      .then(
        (tidied) => {
          if (!live) return;
          setWiped((w) => ({ expired: w.expired + tidied.wiped.expired, ended: w.ended + tidied.wiped.ended }));
          setShown({ kind: "locked", copies: tidied.copies });
        },
        () => {
          if (!live) return;
          setMessage({ tone: "error", text: t.storageUnreadable });
          setShown({ kind: "locked", copies: [] });
        },
      );
    return () => {
      live = false;
    };
  }, []);

  const open = async (copies: SealedCard[]) => {
    setBusy(true);
    setMessage(null);
    try {
      if (!(await browserHasPrf())) return setMessage({ tone: "error", text: t.noPrfHere });
      const [device, [lock, secrets]] = await Promise.all([deviceCopies(), opening()]);
      let answered;
      try {
        answered = await secrets.secretForOpening(
          copies.map((c) => c.credentialId),
          await device.devicePrfInput(),
        );
      } catch (error) {
        return setMessage({ tone: "error", text: ceremonyFailure(error) === "cancelled" ? t.openCancelled : t.notOpened });
      }
      // Past its time since the page was read (the device's clock moved): wiped, not opened.
      const tidied = await device.tidyCopies();
      const mine = tidied.copies.filter((c) => c.credentialId === answered.credentialId);
      const cards: CardContents[] = [];
      if (answered.secret) {
        for (const copy of mine) {
          try {
            cards.push(await lock.openCard(copy, answered.secret));
          } catch {
            // Another passkey's copy with the same id, or one changed on the device: it does not open.
          }
        }
      }
      setWiped((w) => ({ expired: w.expired + tidied.wiped.expired, ended: w.ended + tidied.wiped.ended }));
      if (cards.length === 0) {
        setShown({ kind: "locked", copies: tidied.copies });
        return setMessage({ tone: "error", text: t.notOpened });
      }
      setShown({ kind: "opened", copies: tidied.copies, cards });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (copyId: string) => {
    await (await deviceCopies()).removeCopy(copyId);
    setMessage({ tone: "info", text: t.removed });
    if (shown.kind !== "opened") return;
    const copies = shown.copies.filter((c) => c.copyId !== copyId);
    const cards = shown.cards.filter((c) => c.copyId !== copyId);
    setShown(cards.length > 0 ? { kind: "opened", copies, cards } : { kind: "locked", copies });
    setRefocus(true);
  };

  const close = () => {
    setMessage(null);
    if (shown.kind === "opened") setShown({ kind: "locked", copies: shown.copies });
    setRefocus(true);
  };

  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-2xl flex-col gap-6 px-4 py-8">
      <LanguageChoice className="self-end" />
      <h1 className="text-3xl font-bold">{t.title}</h1>
      {offline ? (
        <p className="border-l-8 border-brand bg-white p-4" role="note">
          {t.offline}
        </p>
      ) : null}
      {wiped.expired > 0 ? <p role="status">{t.wipedExpired(wiped.expired)}</p> : null}
      {wiped.ended > 0 ? <p role="status">{t.wipedEnded(wiped.ended)}</p> : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {shown.kind === "reading" ? <p>{t.lockedIntro}</p> : null}
      {shown.kind === "locked" && shown.copies.length === 0 ? (
        <>
          <p>{t.none}</p>
          {/* A plain link: the router would ask the portal for the route first, which fails offline (decisions/404). */}
          <a href="/login" className="self-start text-brand underline underline-offset-4">
            {t.signIn}
          </a>
        </>
      ) : null}
      {shown.kind === "locked" && shown.copies.length > 0 ? (
        <>
          <p>{t.lockedIntro}</p>
          <Button ref={openButton} className="self-start" busy={busy} onClick={() => void open(shown.copies)}>
            {t.openButton}
          </Button>
          <p role="status" className="min-h-6">
            {busy ? t.opening : null}
          </p>
        </>
      ) : null}
      {shown.kind === "opened" ? (
        <>
          <Suspense>
            {shown.cards.map((card, n) => (
              <HealthCard key={card.copyId} card={card} focus={n === 0} onRemove={() => void remove(card.copyId)} />
            ))}
          </Suspense>
          <Button variant="secondary" className="self-start" onClick={close}>
            {t.closeCard}
          </Button>
        </>
      ) : null}
    </main>
  );
}
