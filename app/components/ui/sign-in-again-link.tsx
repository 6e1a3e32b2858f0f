import { useLocation } from "react-router";
import { sessionTexts } from "~/lib/texts/session";

/**
 * After a post met an ended session (issue 21): sign in again in a new tab, back to this page. The
 * browser's new session cookie serves this tab too, so what was entered here can then be sent as it
 * is; nothing is put in browser storage meanwhile.
 */
export function SignInAgainLink() {
  const { pathname, search } = useLocation();
  return (
    <a href={`/login?redirectTo=${encodeURIComponent(pathname + search)}`} target="_blank" rel="noopener" className="font-semibold text-brand underline underline-offset-4">
      {sessionTexts.signInNewTab}
      <span className="sr-only">{sessionTexts.opensNewTab}</span>
    </a>
  );
}
