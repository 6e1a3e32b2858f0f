import { useCallback, useEffect, useState } from "react";
import { admin, type RecordingSummary } from "./api";
import { InputField, practiceTime, Section, useAction } from "./ui";

/**
 * Record a practice through the mock, and make a world that answers as recorded (decisions/384): the
 * admin API's recordings, a click each. The recording is anonymised before it leaves the mock, so the
 * download and the world hold only made-up people.
 */
export function RecordingsPanel({ onWorldMade }: { onWorldMade(id: string): Promise<void> }) {
  const [upstream, setUpstream] = useState("");
  const [recordings, setRecordings] = useState<RecordingSummary[]>([]);
  const { run, outcome } = useAction();
  const refresh = useCallback(async () => setRecordings(await admin.recordings()), []);
  useEffect(() => void refresh().catch(() => undefined), [refresh]);

  return (
    <Section title="Record a practice">
      <p>
        The mock stands in front of a practice's identity server: point the portal's PRACTICE_IDENTITY_URL at the address it gives, use the portal, and every call and answer is kept with
        each name, NHI, address, phone, e-mail and message replaced by a made-up one. A world made from the recording answers as recorded; its users' password is Kiaora2024.
      </p>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            const started = await admin.startRecording(upstream.trim());
            await refresh();
            return `Recording ${started.id}: point the portal's PRACTICE_IDENTITY_URL at ${started.identityUrl}`;
          });
        }}
      >
        <InputField label="The practice's identity server" type="url" required value={upstream} onChange={setUpstream} hint="Its address, such as https://identity.practice.example" className="min-w-72 grow" />
        <button type="submit" className="btn">
          Start recording
        </button>
      </form>
      {outcome}
      {recordings.length > 0 && (
        <>
          <button type="button" className="btn-secondary" onClick={() => void run(refresh)}>
            Refresh the recordings
          </button>
          <ul className="space-y-3">
            {recordings.map((r) => (
              <li key={r.id} className="rounded border border-line p-3">
                <p className="font-bold">
                  Recording {r.id}: {r.calls} {r.calls === 1 ? "call" : "calls"}
                </p>
                <dl className="grid gap-x-4 sm:grid-cols-[max-content_1fr]">
                  <dt>Practice</dt>
                  <dd className="break-all">{r.upstream}</dd>
                  <dt>Since</dt>
                  <dd>{practiceTime(r.startedAt)}</dd>
                  <dt>Portal's PRACTICE_IDENTITY_URL</dt>
                  <dd className="break-all font-mono">{r.identityUrl}</dd>
                </dl>
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  <a href={r.file} download={`recording-${r.id}.json`}>
                    Download recording {r.id}
                  </a>
                  <button
                    type="button"
                    className="btn-secondary"
                    onClick={() =>
                      void run(async () => {
                        const made = await admin.createWorldFromRecording(await admin.recording(r.id));
                        await onWorldMade(made.id);
                        return `World ${made.id} answers as recording ${r.id} did: it is shown now.`;
                      })
                    }
                  >
                    Make a world from recording {r.id}
                  </button>
                  <button type="button" className="btn-danger" onClick={() => void run(async () => (await admin.stopRecording(r.id), await refresh(), `Recording ${r.id} stopped.`))}>
                    Stop recording {r.id}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}
