import { useCallback } from "react";
import { useFetcher } from "react-router";

/** Where the session's kept practice reads are dropped (app/shell/refresh.route.ts, decisions/375). */
export const READ_AGAIN_PATH = "/refresh";

/**
 * What the patient's own "show me what is new" does (Refresh Configurations, the messages' Reload):
 * the reads the session kept of the practice (the shell, the counts) are dropped, and React Router then
 * runs the page's loaders again, which read them from the practice. Resolves once the page has them.
 */
export function useReadPracticeAgain(): () => Promise<void> {
  const { submit } = useFetcher();
  return useCallback(() => submit(null, { method: "post", action: READ_AGAIN_PATH }), [submit]);
}
