import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { fieldTexts } from "~/lib/texts/field";

/**
 * The form primitives: every control labelled, its error announced ("Error: ") and tied to it with aria-describedby,
 * the same markup whatever drives the form (decisions/040).
 */

/** A field's message, above its control so a screen reader reads it before the value. */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="font-semibold text-danger">
      <span className="sr-only">{fieldTexts.errorPrefix}</span>
      <span>{children}</span>
    </p>
  );
}

const describedBy = (...ids: (string | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;
const border = (error?: string) => (error ? "border-danger" : "border-ink");

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Rendered after the input, inside the same row (a show/hide button). */
  trailing?: ReactNode;
}

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export function TextField({ label, error, hint, trailing, className = "", ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-muted">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      <div className="flex items-stretch gap-2">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hintId, errorId)}
          className={`min-h-11 w-full rounded border-2 bg-white px-3 py-2 ${border(error)}`}
          {...input}
        />
        {trailing}
      </div>
    </div>
  );
}

/** An e-mail address input: text with the e-mail keyboard, never `type="email"`, which Chromium would turn to punycode; checked by the one rule (decisions/368). */
export function EmailField(props: Omit<FieldProps, "type" | "inputMode">) {
  return <TextField autoCapitalize="none" spellCheck={false} {...props} type="text" inputMode="email" />;
}

/** A password input with a show/hide toggle (1§2 Login page). */
export function PasswordField(props: Omit<FieldProps, "type" | "trailing">) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? "text" : "password"}
      autoCapitalize="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="min-h-11 shrink-0 rounded border-2 border-brand px-3 font-semibold text-brand"
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? fieldTexts.hidePassword : fieldTexts.showPassword}
          {/* Named after its field, so a dialog's several toggles are told apart ("Show new password"). */}
          <span className="sr-only"> {props.label.toLowerCase()}</span>
        </button>
      }
    />
  );
}

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: string;
  error?: string;
}

/** A labelled, several-line text box. */
export function TextareaField({ label, error, className = "", ...textarea }: TextareaFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      <textarea
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={`min-h-[4.5rem] max-h-[8rem] rounded border-2 bg-white px-3 py-2 ${border(error)}`}
        {...textarea}
      />
    </div>
  );
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  label: ReactNode;
  error?: string;
}

/** A checkbox with its label beside it; its error sits above, tied to it. */
export function CheckboxField({ label, error, className = "", ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      <div className="flex items-center gap-3">
        <input id={id} type="checkbox" className="size-6" aria-invalid={error ? true : undefined} aria-describedby={errorId} {...input} />
        <label htmlFor={id}>{label}</label>
      </div>
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: string;
  error?: string;
  /** The first, empty option ("Choose…"). */
  placeholder?: string;
  /**
   * Each choice; `lang` where its label is the practice's words (PRACTICE_LANG), `translate: "no"` where it is
   * a symbol rather than words (a blood group): the same in every language.
   */
  options: readonly { value: string; label: string; lang?: string; translate?: "no" }[];
}

/** A labelled native select: the most dependable list for keyboards, phones and screen readers. */
export function SelectField({ label, error, placeholder, options, className = "", ...select }: SelectFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={`min-h-11 w-full rounded border-2 bg-white px-3 py-2 ${border(error)}`}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang} translate={o.translate}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
