import { useCallback, useEffect, useState } from "react";
import { admin, type ClockState, type WorldSummary } from "./api";
import { InputField, practiceTime, Section, useAction } from "./ui";

const STEPS = [
  { label: "1 hour on", advance: "PT1H" },
  { label: "1 day on", advance: "P1D" },
  { label: "1 week on", advance: "P1W" },
];

export function ClockPanel({ world, onMoved }: { world: WorldSummary; onMoved(): void }) {
  const [clock, setClock] = useState<ClockState>(world.clock);
  const [readAt, setReadAt] = useState(() => Date.now());
  const [, tick] = useState(0);
  const [duration, setDuration] = useState("P1D");
  const [date, setDate] = useState("");
  const { run, outcome } = useAction();

  const show = useCallback((state: ClockState) => {
    setClock(state);
    setReadAt(Date.now());
  }, []);
  useEffect(() => {
    admin.clock(world.id).then(show, () => undefined);
  }, [world.id, show]);
  // A running clock is shown running: counted on here from when it was read, as the mock counts it.
  useEffect(() => {
    if (clock.mode !== "running") return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [clock.mode]);
  const nowMs = Date.parse(clock.now) + (clock.mode === "running" ? Date.now() - readAt : 0);

  const move = (request: Parameters<typeof admin.moveClock>[1], said: string) =>
    run(async () => {
      show(await admin.moveClock(world.id, request));
      onMoved();
      return said;
    });

  return (
    <div className="space-y-4">
      <h2 className="text-xl font-bold">The clock of world {world.id}</h2>
      <Section title="Now, in the world">
        <p className="text-lg font-bold">{practiceTime(new Date(nowMs).toISOString())}</p>
        <dl className="grid gap-x-4 sm:grid-cols-[max-content_1fr]">
          <dt className="font-bold">As read</dt>
          <dd className="break-all font-mono">{clock.now}</dd>
          <dt className="font-bold">Mode</dt>
          <dd>{clock.mode === "running" ? "running with real time" : "frozen: it moves only when moved"}</dd>
          <dt className="font-bold">Started at</dt>
          <dd className="break-all font-mono">{clock.startedAt}</dd>
          <dt className="font-bold">Moved on by</dt>
          <dd className="font-mono">{clock.advanced}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          {clock.mode === "running" ? (
            <button type="button" className="btn-secondary" onClick={() => void move({ mode: "fixed" }, "The clock is frozen where it stood.")}>
              Freeze the clock
            </button>
          ) : (
            <button type="button" className="btn-secondary" onClick={() => void move({ mode: "running" }, "The clock runs on from where it stood.")}>
              Let the clock run
            </button>
          )}
        </div>
      </Section>
      <Section title="Move it on">
        <p>The clock only moves forward: upcoming appointments it passes become history.</p>
        <div className="flex flex-wrap gap-2">
          {STEPS.map((step) => (
            <button key={step.advance} type="button" className="btn-secondary" onClick={() => void move({ advance: step.advance }, `Moved ${step.label}.`)}>
              {step.label}
            </button>
          ))}
        </div>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void move({ advance: duration }, `Moved on by ${duration}.`);
          }}
        >
          <InputField label="By a duration (ISO 8601: P1D, PT2H, P1M2D)" inputClassName="font-mono" type="text" required value={duration} onChange={setDuration} />
          <button type="submit" className="btn">
            Move on by this
          </button>
        </form>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void move({ to: date }, `Moved to ${date} (midnight in New Zealand).`);
          }}
        >
          <InputField label="To a date (midnight in New Zealand)" type="date" required value={date} onChange={setDate} />
          <button type="submit" className="btn">
            Move to this date
          </button>
        </form>
      </Section>
      {outcome}
    </div>
  );
}
