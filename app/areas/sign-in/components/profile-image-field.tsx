import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { IMAGE_HEAD_BYTES, PROFILE_IMAGE_ACCEPT, profileImageProblem } from "../signup-image";
import { signupTexts } from "../signup-texts";

interface Chosen {
  file: File;
  /** An object URL for the preview; none for a file that is not an image the form takes. */
  url: string | null;
  problem: string | null;
}

/**
 * The Signup form's profile image (1§2): a file input whose choice is checked at once by its first
 * bytes, previewed with its alternative text, and removable, all with the keyboard. Its message is
 * tied to it as the other fields' are; the check on choosing is also spoken (a live region), since the
 * patient did not press Signup to cause it.
 */
export function ProfileImageField(props: {
  name: string;
  /** The form's message for the field (the check on submit, or the server's). */
  error?: string;
  /** A refused form came back as a new page after a file was sent: the browser has emptied the field. */
  cameBackEmpty: boolean;
  /** The field was changed: its earlier message goes. */
  onChange(): void;
  /** What is wrong with the file chosen now, or null: the form is not sent while there is something. */
  onProblem(problem: string | null): void;
}) {
  const { onChange, onProblem } = props;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const reads = useRef(0);
  useEffect(() => {
    const url = chosen?.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [chosen]);
  useEffect(() => onProblem(chosen?.problem ?? null), [chosen, onProblem]);

  const choose = async (file: File | undefined) => {
    onChange();
    const read = ++reads.current;
    if (!file) return setChosen(null);
    const head = new Uint8Array(await file.slice(0, IMAGE_HEAD_BYTES).arrayBuffer());
    // A later choice, made while this file was being read, wins.
    if (read !== reads.current) return;
    const problem = profileImageProblem({ name: file.name, type: file.type, size: file.size, head });
    setChosen({ file, url: problem ? null : URL.createObjectURL(file), problem: problem ? signupTexts.imageProblem[problem](file.name) : null });
  };
  const remove = () => {
    reads.current += 1;
    if (input.current) input.current.value = "";
    setChosen(null);
    onChange();
    input.current?.focus();
  };

  const message = chosen?.problem ?? props.error;
  const again = props.cameBackEmpty && chosen === null && !message;
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {signupTexts.imageLabel}
      </label>
      <p id={hintId} className="text-muted">
        {signupTexts.imageHint}
      </p>
      <div aria-live="polite">
        {message ? <FieldError id={messageId}>{message}</FieldError> : null}
        {again ? (
          <p id={messageId} className="font-semibold">
            {signupTexts.imageAgain}
          </p>
        ) : null}
      </div>
      <input
        ref={input}
        id={id}
        name={props.name}
        type="file"
        accept={PROFILE_IMAGE_ACCEPT}
        aria-invalid={message ? true : undefined}
        aria-describedby={[hintId, message || again ? messageId : ""].filter(Boolean).join(" ")}
        onChange={(e) => void choose(e.target.files?.[0])}
        className="min-h-11 max-w-full py-2"
      />
      {chosen ? (
        <div className="mt-2 flex flex-wrap items-center gap-4">
          {chosen.url ? <img src={chosen.url} alt={signupTexts.imagePreview(chosen.file.name)} className="size-32 rounded border-2 border-line object-cover" /> : null}
          <Button variant="secondary" onClick={remove}>
            {signupTexts.removeImage}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
