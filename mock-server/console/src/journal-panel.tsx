import { useState } from "react";
import { admin, type Call, type WorldSummary } from "./api";
import { asCurl, type Connection, type Numbered } from "./journal";
import { InputField, Section, SelectField, useAction, Verbatim } from "./ui";

const STATUS_CLASSES = [
  { value: "", label: "Any status" },
  { value: "2", label: "2xx: answered" },
  { value: "4", label: "4xx: refused" },
  { value: "5", label: "5xx: failed" },
  { value: "0", label: "No reply (dropped or lost)" },
  { value: "chaos", label: "Hit by chaos" },
];

/** What chaos did to a call, in words: the kind and the latency drawn. */
const chaosWords = (chaos: NonNullable<Numbered["entry"]["chaos"]>) => `Chaos: ${chaos.kind} after ${chaos.latencyMs} ms`;

const CONNECTION_WORDS: Record<Connection, string> = {
  connecting: "Connecting to the journal…",
  live: "Live: each call appears here as it ends.",
  reconnecting: "The connection to the mock was lost; trying again…",
  gone: "This world was deleted: its journal has ended.",
};

/** How many entries are drawn at once: the newest; the filters reach the rest. */
const SHOWN = 200;

export function JournalPanel({ world, calls, entries, connection }: { world: WorldSummary; calls: Call[]; entries: Numbered[]; connection: Connection }) {
  const [path, setPath] = useState("");
  const [method, setMethod] = useState("");
  const [status, setStatus] = useState("");
  const { run, outcome } = useAction();
  const matching = entries.filter(
    ({ entry }) =>
      (!path || entry.path.toLowerCase().includes(path.trim().toLowerCase())) &&
      (!method || entry.method === method) &&
      (!status || (status === "chaos" ? entry.chaos !== null : status === "0" ? entry.status === 0 : String(entry.status).startsWith(status))),
  );
  const shown = matching.slice(-SHOWN).reverse();
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-bold">Request journal of world {world.id}</h2>
      <p role="status" className="font-bold">
        {CONNECTION_WORDS[connection]}
      </p>
      <Section title="Filter">
        <div className="grid gap-3 sm:grid-cols-3">
          <InputField label="Path contains" type="search" value={path} onChange={setPath} />
          <SelectField label="Method" value={method} onChange={setMethod}>
            <option value="">Any method</option>
            {["GET", "POST", "PUT", "DELETE"].map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </SelectField>
          <SelectField label="Status" value={status} onChange={setStatus}>
            {STATUS_CLASSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <p>
            {matching.length} of {entries.length} calls match
            {matching.length > SHOWN ? `; the newest ${SHOWN} are shown` : ""}.
          </p>
          <button type="button" className="btn-danger" onClick={() => void run(async () => (await admin.clearJournal(world.id), "The journal is empty."))}>
            Clear the journal
          </button>
        </div>
        {outcome}
      </Section>
      <ol aria-label="Calls, newest first" className="space-y-2">
        {shown.map(({ seq, entry }) => (
          <li key={seq} className="card p-2">
            <details>
              <summary className="cursor-pointer break-all">
                <span className="font-mono">
                  {new Date(entry.at).toLocaleTimeString("en-NZ", {
                    hour12: false,
                  })}{" "}
                  {entry.method} {entry.path}
                </span>{" "}
                <strong>{entry.status === 0 ? "no reply" : entry.status}</strong>
                {entry.fault && <span> (fault: {entry.fault})</span>}
                {entry.chaos && (
                  <>
                    {" "}
                    <span className="rounded border-2 border-danger px-1 font-bold text-danger">{chaosWords(entry.chaos)}</span>
                  </>
                )}
              </summary>
              <JournalDetail entry={entry} apiUrl={world.apiUrl} needsToken={calls.some((c) => c.path === entry.path && c.method === entry.method && c.needsToken)} />
            </details>
          </li>
        ))}
      </ol>
    </div>
  );
}

function JournalDetail({ entry, apiUrl, needsToken }: { entry: Numbered["entry"]; apiUrl: string; needsToken: boolean }) {
  const curl = asCurl(entry, apiUrl, needsToken);
  const { run, outcome } = useAction();
  return (
    <div className="mt-2 space-y-2">
      <Verbatim caption="Query">{JSON.stringify(entry.query, null, 2)}</Verbatim>
      <Verbatim caption="Body">{JSON.stringify(entry.body ?? null, null, 2)}</Verbatim>
      {entry.chaos && (
        <p>
          {chaosWords(entry.chaos)}: call {entry.chaos.call} of the world&apos;s chaos sequence.
        </p>
      )}
      <p>
        Correlation id: <span className="font-mono">{entry.correlationId ?? "none"}</span>
      </p>
      <p>Secrets were redacted when the call was written down: give your own token as $TOKEN.</p>
      <Verbatim caption="As curl">{curl}</Verbatim>
      <button type="button" className="btn-secondary" onClick={() => void run(async () => (await navigator.clipboard.writeText(curl), "Copied."))}>
        Copy as curl
      </button>
      {outcome}
    </div>
  );
}
