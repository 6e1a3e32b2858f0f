import { useEffect, useState } from "react";
import { admin, type Scenario, type WorldSummary } from "./api";
import { RecordingsPanel } from "./recordings-panel";
import { InputField, Section, SelectField, useAction } from "./ui";

interface Props {
  scenarios: Scenario[];
  worlds: WorldSummary[];
  world: WorldSummary | null;
  portalUrl: string | null;
  onShow(id: string): void;
  refreshWorlds(): Promise<WorldSummary[]>;
}

export function WorldsPanel({ scenarios, worlds, world, portalUrl, onShow, refreshWorlds }: Props) {
  const [gone, setGone] = useState("");
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-bold">Worlds and users</h2>
      <CreateWorld scenarios={scenarios} onCreated={async (id) => (await refreshWorlds(), onShow(id))} />
      <RecordingsPanel onWorldMade={async (id) => (await refreshWorlds(), onShow(id))} />
      {/* A deleted world's panel goes with it: what became of it is said here, where it stays heard. */}
      <p role="status" className="font-bold text-success">
        {gone}
      </p>
      {world && (
        <ShownWorld
          world={world}
          portalUrl={portalUrl}
          onGone={async (id) => {
            await refreshWorlds();
            onShow("default");
            setGone(`World ${id} was deleted; the default world is shown.`);
          }}
          onReset={() => void refreshWorlds()}
        />
      )}
      <Section title="Every world">
        <ul className="space-y-2">
          {worlds.map((w) => (
            <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 border-b border-line pb-2">
              <span>
                <strong>{w.id}</strong>:{" "}
                {w.recording
                  ? `a replay of ${w.recording.calls} calls recorded from ${w.recording.upstream} at ${w.recording.recordedAt} (every user's password ${w.users[0]?.password ?? "Kiaora2024"})`
                  : `scenario ${w.scenario}, seed ${w.seed}, ${w.practice === "spec" ? "a practice as the spec describes it" : "our practice"}`}
              </span>
              {w.id === world?.id ? (
                <span>(shown)</span>
              ) : (
                <button type="button" className="btn-secondary" onClick={() => onShow(w.id)}>
                  Show world {w.id}
                </button>
              )}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

function CreateWorld({ scenarios, onCreated }: { scenarios: Scenario[]; onCreated(id: string): Promise<void> }) {
  const [scenario, setScenario] = useState("default");
  const [seed, setSeed] = useState("1");
  const [now, setNow] = useState("");
  const [practice, setPractice] = useState("");
  const { run, outcome } = useAction();
  const chosen = scenarios.find((s) => s.id === scenario);
  return (
    <Section title="Make a world">
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            const made = await admin.createWorld({
              scenario,
              seed: Number(seed),
              ...(now ? { now } : {}),
              ...(practice ? { practice } : {}),
            });
            await onCreated(made.id);
            return `World ${made.id} made from ${made.scenario}, seed ${made.seed}: it is shown now.`;
          });
        }}
      >
        <SelectField className="sm:col-span-2" label="Scenario" value={scenario} onChange={setScenario} hint={chosen?.description}>
          {scenarios.map((s) => (
            <option key={s.id} value={s.id}>
              {s.id}: {s.title}
            </option>
          ))}
        </SelectField>
        <InputField label="Seed" type="number" min={0} step={1} required value={seed} onChange={setSeed} />
        <SelectField label="Practice" value={practice} onChange={setPractice}>
          <option value="">The scenario's</option>
          <option value="mock">Ours (mock)</option>
          <option value="spec">As the spec describes it (spec)</option>
        </SelectField>
        <InputField
          className="sm:col-span-2"
          label="Clock fixed at (optional)"
          type="text"
          value={now}
          onChange={setNow}
          hint="A date (2026-03-01, midnight in New Zealand) or a date and time with its offset (2026-03-01T09:00:00+13:00). Empty: the clock runs from now."
        />
        <div className="sm:col-span-2">
          <button type="submit" className="btn">
            Make the world
          </button>
        </div>
      </form>
      {outcome}
      <details>
        <summary className="cursor-pointer font-bold">Every scenario, with what it is</summary>
        <dl className="mt-2 space-y-2">
          {scenarios.map((s) => (
            <div key={s.id}>
              <dt className="font-bold">{s.id}</dt>
              <dd className="ml-4">{s.description}</dd>
            </div>
          ))}
        </dl>
      </details>
    </Section>
  );
}

function ShownWorld({ world, portalUrl, onGone, onReset }: { world: WorldSummary; portalUrl: string | null; onGone(id: string): Promise<void>; onReset(): void }) {
  const { run, outcome } = useAction();
  return (
    <Section title={`World ${world.id}`}>
      <dl className="grid gap-x-4 sm:grid-cols-[max-content_1fr]">
        <dt className="font-bold">Scenario and seed</dt>
        <dd>
          {world.scenario}, seed {world.seed}
        </dd>
        <dt className="font-bold">Practice</dt>
        <dd>{world.practice === "spec" ? "as the spec describes it (spec)" : "ours (mock)"}</dd>
        <dt className="font-bold">Its practice API</dt>
        <dd className="break-all">{world.apiUrl}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          onClick={() => void run(async () => (await admin.resetWorld(world.id), onReset(), `World ${world.id} is back at its start: data, clock, sign-ins, faults and journal.`))}
        >
          Reset world {world.id}
        </button>
        {world.id === "default" ? (
          <p>The default world cannot be deleted.</p>
        ) : (
          <button type="button" className="btn-danger" onClick={() => void run(async () => (await admin.deleteWorld(world.id), await onGone(world.id)))}>
            Delete world {world.id}
          </button>
        )}
      </div>
      {outcome}
      <h4 className="font-bold">Its users</h4>
      <p>A sign-in link opens the portal signed in as that user, once. The portal first asks you to confirm, as it does for any sign-in link followed from another site.</p>
      {!portalUrl && <p>The mock does not know where the portal is (start it with --portal-url): the sign-in links give the portal path only.</p>}
      <ul className="space-y-3">
        {world.users.map((user) => (
          <UserCard key={user.label} worldId={world.id} user={user} portalUrl={portalUrl} />
        ))}
      </ul>
    </Section>
  );
}

function UserCard({ worldId, user, portalUrl }: { worldId: string; user: WorldSummary["users"][number]; portalUrl: string | null }) {
  const [link, setLink] = useState<string | null>(null);
  const { run, outcome } = useAction();
  // A link belongs to the world it was made in.
  useEffect(() => setLink(null), [worldId]);
  return (
    <li className="rounded border border-line p-3">
      <p className="font-bold">{user.label}</p>
      <dl className="grid gap-x-4 sm:grid-cols-[max-content_1fr]">
        <dt>User name</dt>
        <dd className="break-all font-mono">{user.username}</dd>
        <dt>Password</dt>
        <dd className="font-mono">{user.password}</dd>
      </dl>
      <p className="text-muted">{user.description}</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-secondary"

          onClick={() =>
            void run(async () => {
              const made = await admin.signInLink(worldId, user.label);
              setLink(`${portalUrl ?? ""}${made.path}`);
            })
          }
        >
          Make a sign-in link for {user.label}
        </button>
        {link && (
          <a href={link} target="_blank" rel="noreferrer">
            Sign in to the portal as {user.username} (new tab; the link works once)
          </a>
        )}
      </div>
      {outcome}
    </li>
  );
}
