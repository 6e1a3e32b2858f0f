import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { PhoneLink } from "~/components/ui/phone-link";
import { PracticeWords } from "~/components/practice-words";
import type { CardContents } from "../contents";
import { CARD_SECTIONS, type CardSection } from "../sections";
import { cardTexts as t } from "../texts";

/**
 * One opened health card (issue 71, decisions/405), laid out to be read by a clinician over the patient's
 * shoulder: large type, every section named, black on white with borders (no meaning in colour alone),
 * so that it reads the same at 390 px and in the system's high-contrast colours.
 */
export function HealthCard({ card, focus, onRemove }: { card: CardContents; focus: boolean; onRemove(): void }) {
  const heading = useId();
  const [asking, setAsking] = useState(false);
  // Opened by the passkey, the card takes the focus the Open button had: a screen reader starts at its name.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) title.current?.focus();
  }, [focus]);
  const shownOr = (value: string) => value || t.notRecorded;
  return (
    <article aria-labelledby={heading} className="flex flex-col gap-5 rounded border-2 border-gray-900 bg-white p-4 text-lg">
      <header className="flex flex-col gap-1">
        <h2 id={heading} ref={title} tabIndex={-1} className="text-2xl font-bold break-words">
          {card.patient.name || t.notRecorded}
        </h2>
        <p className="font-semibold">{t.asOf(card.madeAtText)}</p>
        <p role="note">{t.mayBeOutOfDate}</p>
      </header>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <Fact label={t.nhi}>{shownOr(card.patient.nhi)}</Fact>
        <Fact label={t.born}>{shownOr(card.patient.birthDate)}</Fact>
        <Fact label={t.practice}>{shownOr(card.practice.name)}</Fact>
        <Fact label={t.practicePhone}>{card.practice.phone ? <PhoneLink number={card.practice.phone} /> : t.notRecorded}</Fact>
      </dl>
      {CARD_SECTIONS.map((section) => (
        <Section key={section} card={card} section={section} />
      ))}
      <section aria-labelledby={`${heading}-contacts`} className="flex flex-col gap-2 border-t-2 border-gray-900 pt-3">
        <h3 id={`${heading}-contacts`} className="text-xl font-bold">
          {t.contacts}
        </h3>
        {card.contacts === null ? (
          <p>{t.contactsNotInView}</p>
        ) : card.contacts.length === 0 ? (
          <p>{t.noneRecorded}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {card.contacts.map((c, n) => (
              <li key={n}>
                <span className="font-semibold break-words">{shownOr(c.name)}</span>
                {c.relationship ? (
                  <>
                    {" ("}
                    <PracticeWords>{c.relationship}</PracticeWords>
                    {")"}
                  </>
                ) : null}
                {c.phone ? (
                  <>
                    {t.detail(t.phone)}
                    <PhoneLink number={c.phone} />
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="text-base">{t.opensUntil(card.expiresAtText)}</p>
      {asking ? (
        <div className="flex flex-col gap-2 border-l-8 border-gray-900 p-3" role="group" aria-label={t.remove}>
          <p>{t.removeQuestion}</p>
          <div className="flex flex-wrap gap-3">
            <Button onClick={onRemove}>
              {t.removeConfirm}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t.removeCancel}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" className="self-start" onClick={() => setAsking(true)}>
          {t.remove}
        </Button>
      )}
    </article>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-semibold">{label}</dt>
      <dd className="mb-2 break-words sm:mb-0">{children}</dd>
    </div>
  );
}

/** One of the record's lists, each item with its details in words: "None recorded" when the practice holds none. */
function Section({ card, section }: { card: CardContents; section: CardSection }) {
  const items = itemsOf(card, section);
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="flex flex-col gap-2 border-t-2 border-gray-900 pt-3">
      <h3 id={heading} className="text-xl font-bold">
        {t.sections[section]}
      </h3>
      {items.length === 0 ? (
        <p>{t.noneRecorded}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((item, n) => (
            <li key={n}>
              <span className="font-semibold break-words">{item.name ? <PracticeWords>{item.name}</PracticeWords> : t.notRecorded}</span>
              {item.details.map(([label, value]) =>
                value ? (
                  <span key={label}>
                    {t.detail(label)}
                    <PracticeWords>{value}</PracticeWords>
                  </span>
                ) : null,
              )}
            </li>
          ))}
        </ul>
      )}
      {card.partial.includes(section) ? <p className="text-base">{t.partial}</p> : null}
    </section>
  );
}

function itemsOf(card: CardContents, section: CardSection): { name: string; details: [string, string][] }[] {
  switch (section) {
    case "allergies":
      return card.allergies.map((a) => ({ name: a.name, details: [[t.severity, a.severity], [t.reaction, a.reaction]] }));
    case "medicines":
      return card.medicines.map((m) => ({ name: m.name, details: [[t.instructions, m.instructions]] }));
    case "conditions":
      return card.conditions.map((c) => ({ name: c.name, details: [[t.since, c.since]] }));
    case "immunisations":
      return card.immunisations.map((i) => ({ name: i.name, details: [[t.given, i.given]] }));
  }
}
