import { useCallback, useEffect, useState } from "react";
import { admin, type ChaosConfig, type ChaosKind, type WorldSummary } from "./api";
import { InputField, Section, useAction } from "./ui";

const KINDS: { value: ChaosKind; label: string }[] = [
  { value: "503", label: "503: the practice answers 503" },
  { value: "timeout", label: "Timeout: no answer until the caller gives up" },
  { value: "garbled", label: "Garbled: a body that breaks the contract" },
  { value: "lost-reply", label: "Lost reply: carried out, the answer never arrives" },
  { value: "slow", label: "Slow: the normal answer, after the latency" },
];

/** A chaos config in words, as the panel and its outcome say it. */
export function describeChaos(chaos: ChaosConfig): string {
  const latency = chaos.latency ? `, after ${chaos.latency.min} to ${chaos.latency.max} ms` : "";
  return `seed ${chaos.seed}, ${Math.round(chaos.rate * 1000) / 10}% of calls hit by ${chaos.kinds.join(", ")}${latency}`;
}

/** The world's seeded chaos (decisions/383): set, read and cleared through PUT, GET and DELETE …/chaos. */
export function ChaosPanel({ world, changes }: { world: WorldSummary; changes: number }) {
  const [state, setState] = useState<{ chaos: ChaosConfig | null; calls: number } | null>(null);
  const [seed, setSeed] = useState("1");
  const [percent, setPercent] = useState("20");
  const [kinds, setKinds] = useState<ChaosKind[]>(["503", "slow"]);
  const [min, setMin] = useState("0");
  const [max, setMax] = useState("2000");
  const { run, outcome } = useAction();
  const clear = useAction();

  const refresh = useCallback(async () => setState(await admin.chaos(world.id)), [world.id]);
  useEffect(() => {
    refresh().catch(() => undefined);
  }, [refresh, changes]);

  const toggle = (kind: ChaosKind, on: boolean) => setKinds((before) => KINDS.map((k) => k.value).filter((k) => (k === kind ? on : before.includes(k))));

  return (
    <div className="space-y-4">
      <h2 className="text-xl font-bold">Chaos in world {world.id}</h2>
      <Section title="Now">
        <p role="status">
          {state === null
            ? "Reading the chaos…"
            : state.chaos
              ? `Chaos is on: ${describeChaos(state.chaos)}. ${state.calls} calls numbered since it was set or the world reset.`
              : "No chaos: every call answers as usual, unless a fault says otherwise."}
        </p>
        <button type="button" className="btn-danger" onClick={() => void clear.run(async () => (await admin.clearChaos(world.id), await refresh(), "Chaos cleared: calls answer as usual."))}>
          Clear the chaos
        </button>
        {clear.outcome}
      </Section>
      <Section title="Set the chaos">
        <p>The same seed and the same calls give the same faults and latencies; setting it starts the numbering again from call 1. Each hit is marked in the journal.</p>
        <form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              const config: ChaosConfig = {
                seed: Number(seed),
                rate: Number(percent) / 100,
                kinds,
                ...(min.trim() === "" && max.trim() === "" ? {} : { latency: { min: Number(min || 0), max: Number(max || min) } }),
              };
              const set = await admin.setChaos(world.id, config);
              setState(set);
              return `Chaos set: ${describeChaos(set.chaos!)}.`;
            });
          }}
        >
          <InputField label="Chaos seed" type="number" min={0} step={1} required value={seed} onChange={setSeed} />
          <InputField label="Calls hit (percent)" type="number" min={0} max={100} step="any" required value={percent} onChange={setPercent} />
          <fieldset className="sm:col-span-2">
            <legend className="font-bold">Kinds (one drawn for each call hit)</legend>
            <div className="mt-1 grid gap-1">
              {KINDS.map((k) => (
                <label key={k.value} className="flex items-center gap-2">
                  <input type="checkbox" className="size-5" checked={kinds.includes(k.value)} onChange={(event) => toggle(k.value, event.target.checked)} />
                  <span>{k.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <InputField label="Latency from (milliseconds)" type="number" min={0} max={120000} value={min} onChange={setMin} />
          <InputField label="Latency to (milliseconds)" type="number" min={0} max={120000} value={max} onChange={setMax} />
          <div className="sm:col-span-2">
            <button type="submit" className="btn">
              Set the chaos
            </button>
          </div>
        </form>
        {outcome}
      </Section>
    </div>
  );
}
