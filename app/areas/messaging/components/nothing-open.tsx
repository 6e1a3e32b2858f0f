import { messagingTexts } from "../texts";

/**
 * The viewer's place with no message open (2§2), drawn with the page: the viewer's own code is fetched
 * only when a message is opened or the patient reaches for the messages (decisions/361).
 */
export function NothingOpen() {
  return (
    <section aria-label={messagingTexts.message} className="flex min-h-48 flex-col items-center justify-center gap-3 rounded bg-white p-6 text-center shadow-sm">
      <svg aria-hidden="true" viewBox="0 0 48 48" className="size-16 text-line" fill="none" stroke="currentColor" strokeWidth="3">
        <rect x="5" y="10" width="38" height="28" rx="3" />
        <path d="M6 12l18 14 18-14" />
      </svg>
      <p className="text-muted">{messagingTexts.nothingOpen}</p>
    </section>
  );
}
