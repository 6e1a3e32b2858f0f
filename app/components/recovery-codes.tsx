import { useState } from "react";
import { Button } from "./ui/button";

/** What a recovery code stands in for: the e-mailed code, or a passkey (decisions/321). */
const INSTEAD = {
  email: "Each one works once, instead of the e-mailed code, if you cannot get to your e-mail.",
  passkey: "Each one works once, instead of your passkey, if you lose the device it is on.",
} as const;

/**
 * Ten recovery codes, shown once (decisions/277): at sign-in when the practice required the second
 * step, on the profile when it is turned on or the codes are made again, and with a first passkey
 * (decisions/321). Copy puts them on the clipboard; Print prints the dialog alone (the dialog is `printable`).
 */
export function RecoveryCodes({ codes, instead = "email" }: { codes: string[]; instead?: keyof typeof INSTEAD }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <p>
        Keep these recovery codes somewhere safe, apart from your password. {INSTEAD[instead]} They will not be shown again.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-1 gap-2 font-mono text-lg sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded border border-line px-3 py-1">
            {code}
          </li>
        ))}
      </ol>
      <div className="no-print flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() => {
            navigator.clipboard.writeText(codes.join("\n")).then(
              () => setCopied("yes"),
              () => setCopied("failed"),
            );
          }}
        >
          Copy codes
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          Print codes
        </Button>
      </div>
      <p role="status" className="no-print">
        {copied === "yes" ? "The codes are copied." : copied === "failed" ? "The codes could not be copied: write them down or print them." : ""}
      </p>
    </div>
  );
}
