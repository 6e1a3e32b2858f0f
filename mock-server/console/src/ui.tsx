import { useCallback, useId, useState, type ReactNode } from "react";

/**
 * What every panel does with an admin call: one at a time per panel, its outcome said in words in a
 * live region (a success as a status, a refusal as an alert), never by colour alone.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState("");
  const [failed, setFailed] = useState("");
  const run = useCallback(async (work: () => Promise<string | void>) => {
    setBusy(true);
    setFailed("");
    setDone("");
    try {
      const said = await work();
      if (said) setDone(said);
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run, outcome: <Outcome done={done} failed={failed} /> };
}

function Outcome({ done, failed }: { done: string; failed: string }) {
  return (
    <>
      <p role="status" className="min-h-0 font-bold text-success">
        {done}
      </p>
      <p role="alert" className="min-h-0 font-bold text-danger">
        {failed}
      </p>
    </>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card space-y-3">
      <h3 id={id} className="text-lg font-bold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** JSON as people read it, wrapped so that nothing runs off the side of a phone's screen. */
export function Json({ value, label }: { value: unknown; label: string }) {
  return (
    <pre aria-label={label} className="whitespace-pre-wrap break-all rounded bg-surface p-2 text-sm">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** A date and time as the practice reads it: New Zealand time, whatever the browser's zone. */
export function practiceTime(iso: string): string {
  return new Intl.DateTimeFormat("en-NZ", { timeZone: "Pacific/Auckland", dateStyle: "full", timeStyle: "medium" }).format(new Date(iso));
}
