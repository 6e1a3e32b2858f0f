import { useCallback, useEffect, useState } from "react";
import { admin, type Mail, type WorldSummary } from "./api";
import { Section, practiceTime, useAction } from "./ui";

export function MailPanel({ world, changes }: { world: WorldSummary; changes: number }) {
  const [mail, setMail] = useState<Mail[]>([]);
  const [help, setHelp] = useState<Record<string, string>[]>([]);
  const { run, outcome } = useAction();
  const refresh = useCallback(async () => {
    const [m, h] = await Promise.all([admin.mail(world.id), admin.helpMessages(world.id)]);
    setMail(m);
    setHelp(h);
  }, [world.id]);
  useEffect(() => {
    refresh().catch(() => undefined);
  }, [refresh, changes]);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-bold">Mail and Login Help of world {world.id}</h2>
      <div>
        <button type="button" className="btn-secondary" onClick={() => void run(async () => (await refresh(), "Read again."))}>
          Read the mail and help requests again
        </button>
        {outcome}
      </div>
      <Section title="Caught mail, newest first">
        <p>What the practice sent (temporary passwords) and what the mail catcher caught for this world's addresses (the portal's codes).</p>
        {mail.length === 0 ? (
          <p>No mail yet.</p>
        ) : (
          <ol className="space-y-2">
            {[...mail].reverse().map((m) => (
              <li key={`${m.id}-${m.sentAt}`} className="rounded border border-line p-2">
                <details>
                  <summary className="cursor-pointer break-all">
                    <strong>{m.subject}</strong> to {m.to}, {practiceTime(m.sentAt)}
                  </summary>
                  <pre className="mt-2 whitespace-pre-wrap break-all rounded bg-surface p-2 text-sm">{m.body}</pre>
                </details>
              </li>
            ))}
          </ol>
        )}
      </Section>
      <Section title="Login Help requests, newest first">
        {help.length === 0 ? (
          <p>No Login Help requests yet.</p>
        ) : (
          <ol className="space-y-2">
            {[...help].reverse().map((h, index) => (
              <li key={index} className="rounded border border-line p-2">
                <details>
                  <summary className="cursor-pointer break-all">
                    <strong>{h.MessageSubject || "(no subject)"}</strong> from {h.FirstName} {h.FamilyName} ({h.EmailAddress})
                  </summary>
                  <dl className="mt-2 grid gap-x-4 break-all sm:grid-cols-[max-content_1fr]">
                    {Object.entries(h).map(([name, value]) => (
                      <div key={name} className="contents">
                        <dt className="font-bold">{name}</dt>
                        <dd>{String(value)}</dd>
                      </div>
                    ))}
                  </dl>
                </details>
              </li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}
