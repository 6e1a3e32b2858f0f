import { Tabs } from "radix-ui";
import { useCallback, useEffect, useState } from "react";
import { admin, type About, type Scenario, type WorldSummary } from "./api";
import { ChaosPanel } from "./chaos-panel";
import { ClockPanel } from "./clock-panel";
import { FaultsPanel } from "./faults-panel";
import { useJournal } from "./journal";
import { JournalPanel } from "./journal-panel";
import { MailPanel } from "./mail-panel";
import { SelectField } from "./ui";
import { WorldsPanel } from "./worlds-panel";

const TABS = [
  { value: "worlds", label: "Worlds and users" },
  { value: "faults", label: "Faults" },
  { value: "clock", label: "Clock" },
  { value: "chaos", label: "Chaos" },
  { value: "journal", label: "Request journal" },
  { value: "mail", label: "Mail and Login Help" },
] as const;

export function App() {
  const [about, setAbout] = useState<About | null>(null);
  const [scenarios, setScenarios] = useState<Scenario[]>([]);
  const [worlds, setWorlds] = useState<WorldSummary[]>([]);
  const [worldId, setWorldId] = useState("default");
  const [tab, setTab] = useState<string>("worlds");
  const [failed, setFailed] = useState("");
  // Other panels read again when the journal moves: a call may have used up a fault or sent a mail.
  const [changes, setChanges] = useState(0);
  const changed = useCallback(() => setChanges((n) => n + 1), []);

  const refreshWorlds = useCallback(async () => {
    const list = await admin.worlds();
    setWorlds(list);
    return list;
  }, []);

  useEffect(() => {
    Promise.all([admin.about(), admin.scenarios(), refreshWorlds()]).then(
      ([a, s]) => {
        setAbout(a);
        setScenarios(s);
      },
      (error: unknown) => setFailed(`The admin API did not answer: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, [refreshWorlds]);

  const world = worlds.find((w) => w.id === worldId) ?? null;
  const journal = useJournal(worldId, changed);
  const origin = window.location.origin;

  return (
    <div className="mx-auto max-w-5xl space-y-4 p-3 sm:p-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">Mock practice console</h1>
        <p>
          The mock practice server at <strong>{origin}</strong>. Everything here is its admin API (<code>{origin}/__admin</code>, described by <a href="/__admin/openapi.json">its OpenAPI document</a>
          ), so a test or curl can do the same.
        </p>
        {about && (
          <p className="rounded border-l-4 border-brand bg-white p-2">
            {about.loopbackOnly
              ? `The admin API has no sign-in, so the mock listens on loopback only (${about.host}): only this machine can reach this console.`
              : `Warning: the mock listens on ${about.host}, not loopback. The admin API has no sign-in: anyone who can reach this address can use this console. Start it without --host (MOCK_HOST) to keep it on this machine.`}
          </p>
        )}
        <p role="alert" className="font-bold text-danger">
          {failed}
        </p>
      </header>

      <main className="space-y-4">
        <div className="card flex flex-wrap items-end gap-3">
          <SelectField className="min-w-0 grow" label="World shown" value={worldId} onChange={setWorldId}>
            {!world && <option value={worldId}>{worldId} (gone)</option>}
            {worlds.map((w) => (
              <option key={w.id} value={w.id}>
                {w.id}: {w.scenario}, seed {w.seed}
              </option>
            ))}
          </SelectField>
          <button type="button" className="btn-secondary" onClick={() => void refreshWorlds()}>
            Refresh the worlds
          </button>
        </div>

        <Tabs.Root value={tab} onValueChange={setTab} className="space-y-4">
          <Tabs.List aria-label="Console sections" className="flex flex-wrap gap-2">
            {TABS.map((t) => (
              <Tabs.Trigger
                key={t.value}
                value={t.value}
                className="rounded border-2 border-brand bg-white px-3 py-1.5 font-bold text-brand data-[state=active]:bg-brand data-[state=active]:text-white"
              >
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="worlds">
            <WorldsPanel scenarios={scenarios} worlds={worlds} world={world} portalUrl={about?.portalUrl ?? null} onShow={setWorldId} refreshWorlds={refreshWorlds} />
          </Tabs.Content>
          <Tabs.Content value="faults">{world && <FaultsPanel world={world} calls={about?.calls ?? []} changes={changes} />}</Tabs.Content>
          <Tabs.Content value="chaos">{world && <ChaosPanel world={world} changes={changes} />}</Tabs.Content>
          <Tabs.Content value="clock">{world && <ClockPanel world={world} onMoved={() => void refreshWorlds()} />}</Tabs.Content>
          <Tabs.Content value="journal">{world && <JournalPanel world={world} calls={about?.calls ?? []} entries={journal.entries} connection={journal.connection} />}</Tabs.Content>
          <Tabs.Content value="mail">{world && <MailPanel world={world} changes={changes} />}</Tabs.Content>
        </Tabs.Root>
      </main>
    </div>
  );
}
