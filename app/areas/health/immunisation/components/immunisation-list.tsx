import type { ImmunisationCard, ImmunisationState } from "../view";
import { LevelBadge, TONE_EDGE, type Tone } from "../../components/level-badge";

/** 2§4: Overdue red, Due amber, Administered green; one declined carries no colour of the three. */
const TONE: Record<ImmunisationState, Tone> = { Overdue: "red", Due: "amber", Administered: "green", Declined: "neutral" };

export function ImmunisationList({ label, immunisations }: { label: string; immunisations: readonly ImmunisationCard[] }) {
  return (
    <ul className="grid gap-4 lg:grid-cols-2 print:grid-cols-2 print:gap-2" aria-label={label}>
      {immunisations.map((i) => (
        <li key={i.id} className={`flex flex-col gap-2 rounded bg-white p-4 shadow-sm break-inside-avoid print:p-2 print:shadow-none ${TONE_EDGE[TONE[i.state]]}`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-xl font-bold print:text-base">{i.name}</h3>
            <LevelBadge tone={TONE[i.state]}>{i.state}</LevelBadge>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">{i.dateLabel}</dt>
            <dd>{i.date ? <time dateTime={i.isoDate || undefined}>{i.date}</time> : "Not recorded"}</dd>
            {i.indication ? (
              <>
                <dt className="font-semibold">Indication</dt>
                <dd>{i.indication}</dd>
              </>
            ) : null}
            {i.vaccinator ? (
              <>
                <dt className="font-semibold">Vaccinator</dt>
                <dd>{i.vaccinator}</dd>
              </>
            ) : null}
          </dl>
          {i.message ? <p className="text-muted">{i.message}</p> : null}
        </li>
      ))}
    </ul>
  );
}
