import { useCallback, useEffect, useState } from "react";
import { admin, type Call, type Fault, type WorldSummary } from "./api";
import { InputField, Section, SelectField, useAction } from "./ui";

const BODY_KINDS = [
  { value: "", label: "None: a status, a delay or a hold alone" },
  { value: "malformed", label: "malformed: a reply that breaks the contract" },
  { value: "empty", label: "empty: an empty body" },
  { value: "drop", label: "drop: the connection closed, no reply" },
  {
    value: "lost-reply",
    label: "lost-reply: carried out, then the reply lost",
  },
];

/** The faults QA reaches for most, on the path chosen in the form (decisions/381). */
const PRESETS: { label: string; detail: string; fault: Omit<Fault, "id" | "remaining" | "path"> }[] = [
  {
    label: "The practice is down",
    detail: "503 on every call of the path until cleared",
    fault: { status: 503 },
  },
  {
    label: "Slow practice",
    detail: "every call of the path answered 3 seconds late until cleared",
    fault: { delayMs: 3000 },
  },
  {
    label: "Lost reply",
    detail: "the next call of the path carried out, its reply lost",
    fault: { body: "lost-reply", times: 1 },
  },
];

const released = (id: number | string, { released: n }: { released: number }) => `Fault ${id} released ${n} held call${n === 1 ? "" : "s"}.`;

export function describeFault(f: Fault): string {
  const what = [
    f.method && `${f.method} only`,
    f.hold && "held until released",
    f.status !== undefined && `status ${f.status}`,
    f.body && `body ${f.body}`,
    f.answer !== undefined && `answered ${JSON.stringify(f.answer)}`,
    f.delayMs !== undefined && `delay ${f.delayMs} ms`,
  ].filter(Boolean);
  const left = f.remaining === undefined ? "until cleared" : `${f.remaining} more call${f.remaining === 1 ? "" : "s"}`;
  return `${what.length > 0 ? what.join(", ") : "status 500"}; ${left}`;
}

export function FaultsPanel({ world, calls, changes }: { world: WorldSummary; calls: Call[]; changes: number }) {
  const paths = [...new Set(calls.map((c) => c.path))].sort((a, b) => a.localeCompare(b));
  const [faults, setFaults] = useState<Fault[]>([]);
  const [path, setPath] = useState("Patient/Medication");
  const [method, setMethod] = useState<"" | NonNullable<Fault["method"]>>("");
  const [status, setStatus] = useState("");
  const [body, setBody] = useState<"" | NonNullable<Fault["body"]>>("");
  const [answer, setAnswer] = useState("");
  const [delayMs, setDelayMs] = useState("");
  const [times, setTimes] = useState("");
  const [hold, setHold] = useState(false);
  const { run, outcome } = useAction();
  const list = useAction();

  const refresh = useCallback(async () => setFaults(await admin.faults(world.id)), [world.id]);
  useEffect(() => {
    refresh().catch(() => undefined);
  }, [refresh, changes]);

  const add = (fault: Omit<Fault, "id" | "remaining">) =>
    run(async () => {
      const made = await admin.addFault(world.id, fault);
      await refresh();
      return `Fault ${made.id} added on ${made.path}: ${describeFault(made)}.`;
    });

  return (
    <div className="space-y-4">
      <h2 className="text-xl font-bold">Faults in world {world.id}</h2>
      <Section title="Add a fault">
        <form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            let parsedAnswer: unknown;
            if (answer.trim() !== "") {
              try {
                parsedAnswer = JSON.parse(answer);
              } catch {
                void run(async () => {
                  throw new Error('The answer is not JSON: write 1, true, "text", null or an object.');
                });
                return;
              }
            }
            const num = (text: string) => (text.trim() === "" ? undefined : Number(text));
            void add({
              path,
              ...(method ? { method } : {}),
              ...(num(status) !== undefined ? { status: num(status) } : {}),
              ...(body ? { body } : {}),
              ...(parsedAnswer !== undefined ? { answer: parsedAnswer } : {}),
              ...(num(delayMs) !== undefined ? { delayMs: num(delayMs) } : {}),
              ...(num(times) !== undefined ? { times: num(times) } : {}),
              ...(hold ? { hold: true } : {}),
            });
          }}
        >
          <SelectField className="sm:col-span-2" label="Path" value={path} onChange={setPath}>
            {paths.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </SelectField>
          <fieldset className="sm:col-span-2">
            <legend className="font-bold">One click, on this path</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {PRESETS.map((preset) => (
                <button key={preset.label} type="button" className="btn-secondary" onClick={() => void add({ path, ...preset.fault })}>
                  {preset.label} <span className="font-normal">({preset.detail})</span>
                </button>
              ))}
            </div>
          </fieldset>
          <SelectField label="Method" value={method} onChange={(value) => setMethod(value as typeof method)}>
            <option value="">Every method of the path</option>
            {["GET", "POST", "PUT", "DELETE"]
              .filter((m) => calls.some((c) => c.path === path && c.method === m))
              .map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
          </SelectField>
          <InputField label="Status" type="number" min={200} max={599} value={status} onChange={setStatus} />
          <SelectField label="Body kind" value={body} onChange={(value) => setBody(value as typeof body)}>
            {BODY_KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </SelectField>
          <InputField label="Answer (JSON, carried out and sent in place of the reply)" inputClassName="font-mono" type="text" value={answer} onChange={setAnswer} />
          <InputField label="Delay (milliseconds)" type="number" min={0} max={60000} value={delayMs} onChange={setDelayMs} />
          <InputField label="Times (empty: until cleared)" type="number" min={1} value={times} onChange={setTimes} />
          <label className="flex items-center gap-2 sm:col-span-2">
            <input type="checkbox" className="size-5" checked={hold} onChange={(event) => setHold(event.target.checked)} />
            <span className="font-bold">Hold each call until released</span>
          </label>
          <div className="sm:col-span-2">
            <button type="submit" className="btn">
              Add the fault
            </button>
          </div>
        </form>
        {outcome}
      </Section>
      <Section title="Faults waiting for calls">
        {faults.length === 0 ? (
          <p>None: every call is answered normally.</p>
        ) : (
          <ul className="space-y-2">
            {faults.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 border-b border-line pb-2">
                <span className="break-all">
                  <strong>Fault {f.id}</strong> on {f.path}: {describeFault(f)}
                </span>
                <span className="flex flex-wrap gap-2">
                  {f.hold && (
                    <button type="button" className="btn-secondary" onClick={() => void list.run(async () => released(f.id, await admin.releaseFault(world.id, f.id)))}>
                      Release fault {f.id}'s held calls
                    </button>
                  )}
                  <button type="button" className="btn-danger" onClick={() => void list.run(async () => (await admin.removeFault(world.id, f.id), await refresh(), `Fault ${f.id} removed.`))}>
                    Remove fault {f.id}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
        <ReleaseById worldId={world.id} />
        <button type="button" className="btn-danger" onClick={() => void list.run(async () => (await admin.clearFaults(world.id), await refresh(), "Every fault cleared; held calls go on."))}>
          Clear every fault
        </button>
        {list.outcome}
      </Section>
    </div>
  );
}

/**
 * A held fault with `times` leaves the list once its calls have taken it, while those calls still
 * wait: they are released by the fault's id, which adding it said.
 */
function ReleaseById({ worldId }: { worldId: string }) {
  const [id, setId] = useState("");
  const { run, outcome } = useAction();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void run(async () => released(id, await admin.releaseFault(worldId, Number(id))));
      }}
    >
      <InputField label="Held fault's number" inputClassName="w-32" type="number" min={1} required value={id} onChange={setId} />
      <button type="submit" className="btn-secondary">
        Release its held calls
      </button>
      <div className="basis-full">{outcome}</div>
    </form>
  );
}
