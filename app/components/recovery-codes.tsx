import { useState } from "react";
import { Button } from "./ui/button";
import { recoveryCodesTexts as t } from "~/lib/texts/recovery-codes";

/**
 * Ten recovery codes, shown once (decisions/277): at sign-in when the practice required the second
 * step, on the profile when it is turned on or the codes are made again, and with a first passkey
 * (decisions/321). Copy puts them on the clipboard; Print prints the dialog alone (the dialog is `printable`).
 */
export function RecoveryCodes({ codes, instead = "email" }: { codes: string[]; instead?: "email" | "passkey" }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <p>{t.keep(instead)}</p>
      <ol aria-label={t.list} className="grid grid-cols-1 gap-2 font-mono text-lg sm:grid-cols-2">
        {/* A code is no word: translate="no" keeps a translator (and the pseudo-language walk) off it. */}
        {codes.map((code) => (
          <li key={code} translate="no" className="rounded border border-line px-3 py-1">
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
          {t.copy}
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          {t.print}
        </Button>
      </div>
      <p role="status" className="no-print">
        {copied === "yes" ? t.copied : copied === "failed" ? t.notCopied : ""}
      </p>
    </div>
  );
}
