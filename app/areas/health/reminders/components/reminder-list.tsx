import type { Priority, ReminderCard } from "../view";
import { LevelBadge, TONE_EDGE, type Tone } from "../../components/level-badge";

/** 2§4: High red, Medium amber, Normal green. */
const TONE: Record<Priority, Tone> = { High: "red", Medium: "amber", Normal: "green" };

/** The reminder cards: two columns from 1024 px, one below (2§2, 2§9). */
export function ReminderList({ reminders }: { reminders: readonly ReminderCard[] }) {
  return (
    <ul className="grid gap-4 lg:grid-cols-2" aria-label="Reminders">
      {reminders.map((r) => (
        <li key={r.id} className={`flex flex-col gap-2 rounded bg-white p-4 shadow-sm ${TONE_EDGE[TONE[r.priority]]}`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-xl font-bold">{r.title}</h2>
            <LevelBadge tone={TONE[r.priority]}>{r.priority} priority</LevelBadge>
          </div>
          {r.recordedAs ? <p className="text-muted">Priority recorded as “{r.recordedAs}”.</p> : null}
          {r.description ? <p>{r.description}</p> : null}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">From</dt>
            <dd>{r.sender || "The practice"}</dd>
            <dt className="font-semibold">Sent</dt>
            <dd>
              <time dateTime={r.isoSent || undefined}>{r.sent}</time>
            </dd>
            {r.note ? (
              <>
                <dt className="font-semibold">Note</dt>
                <dd>{r.note}</dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
