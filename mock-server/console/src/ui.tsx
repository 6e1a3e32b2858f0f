import { useCallback, useId, useState, type InputHTMLAttributes, type ReactNode } from "react";

/**
 * What every panel does with an admin call: its outcome said in words in a live region (a success as
 * a status, a refusal as an alert), never by colour alone. No button is disabled while a call is out:
 * a focused button that is disabled drops the keyboard's focus to the page's start.
 */
export function useAction() {
  const [done, setDone] = useState("");
  const [failed, setFailed] = useState("");
  const run = useCallback(async (work: () => Promise<string | void>) => {
    setFailed("");
    setDone("");
    try {
      const said = await work();
      if (said) setDone(said);
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    }
  }, []);
  return { run, outcome: <Outcome done={done} failed={failed} /> };
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

/** Text as written (JSON, a command), named by its caption, wrapped so that nothing runs off the side of a phone's screen. */
export function Verbatim({ caption, children }: { caption: string; children: string }) {
  return (
    <figure>
      <figcaption>{caption}</figcaption>
      <pre className="whitespace-pre-wrap break-all rounded bg-surface p-2 text-sm">{children}</pre>
    </figure>
  );
}

/** A date and time as the practice reads it: New Zealand time, whatever the browser's zone. */
export function practiceTime(iso: string): string {
  return new Intl.DateTimeFormat("en-NZ", {
    timeZone: "Pacific/Auckland",
    dateStyle: "full",
    timeStyle: "medium",
  }).format(new Date(iso));
}

/**
 * A labelled control whose name is its label alone: a label wrapped round a select or a text field
 * would add the control's value to its name, which then changes as the value does. A hint is tied to
 * the control as its description.
 */
function Labelled({ label, hint, className, control }: { label: string; hint?: ReactNode; className?: string; control: (ids: { id: string; "aria-describedby"?: string }) => ReactNode }) {
  const id = useId();
  const hintId = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-bold">
        {label}
      </label>
      {control({ id, ...(hint ? { "aria-describedby": hintId } : {}) })}
      {hint && (
        <p id={hintId} className="mt-1 text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  className?: string;
  value: string;
  onChange(value: string): void;
}

export function SelectField({ children, onChange, value, ...field }: FieldProps & { children: ReactNode }) {
  return (
    <Labelled
      {...field}
      control={(ids) => (
        <select {...ids} className="field" value={value} onChange={(event) => onChange(event.target.value)}>
          {children}
        </select>
      )}
    />
  );
}

export function InputField({
  label,
  hint,
  className,
  value,
  onChange,
  inputClassName,
  ...input
}: FieldProps & { inputClassName?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "id" | "className">) {
  return (
    <Labelled
      label={label}
      hint={hint}
      className={className}
      control={(ids) => <input {...input} {...ids} className={`field ${inputClassName ?? ""}`} value={value} onChange={(event) => onChange(event.target.value)} />}
    />
  );
}
