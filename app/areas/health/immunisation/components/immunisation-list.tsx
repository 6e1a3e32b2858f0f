import type { ImmunisationCard, ImmunisationState } from "../view";
import { healthTexts } from "../../texts";
import { LevelBadge, TONE_EDGE, type Tone } from "../../components/level-badge";
import { immunisationTexts } from "../texts";
import { practiceLang } from "~/lib/language";

/** 2§4: Overdue red, Due amber, Administered green; one declined, or of an ImmType the spec does not name, carries no colour of the three. */
const TONE: Record<ImmunisationState, Tone> = { Overdue: "red", Due: "amber", Administered: "green", Declined: "neutral" };
const toneOf = (state: ImmunisationState | null): Tone => (state ? TONE[state] : "neutral");

export function ImmunisationList({ label, immunisations }: { label: string; immunisations: readonly ImmunisationCard[] }) {
  return (
    <ul className="grid gap-4 lg:grid-cols-2 print:grid-cols-2 print:gap-2" aria-label={label}>
      {immunisations.map((i) => (
        <li key={i.id} className={`flex flex-col gap-2 rounded bg-white p-4 shadow-sm break-inside-avoid print:p-2 print:shadow-none ${TONE_EDGE[toneOf(i.state)]}`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-xl font-bold print:text-base" lang={practiceLang(i.name)}>
              {i.name}
            </h3>
            <LevelBadge tone={toneOf(i.state)}>{i.stateLabel}</LevelBadge>
          </div>
          {i.stateUnknown ? <p className="text-muted">{healthTexts.unknownCode("status")}</p> : null}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">{i.dateLabel}</dt>
            <dd>{i.isoDate ? <time dateTime={i.isoDate}>{i.date}</time> : i.date}</dd>
            <dt className="font-semibold">{immunisationTexts.indication}</dt>
            <dd lang={practiceLang(i.indication)}>{i.indication}</dd>
            {i.vaccinator !== null ? (
              <>
                <dt className="font-semibold">{immunisationTexts.vaccinator}</dt>
                <dd>{i.vaccinator}</dd>
              </>
            ) : null}
          </dl>
          {i.message ? (
            <p className="text-muted" lang={practiceLang(i.message)}>
              {i.message}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
