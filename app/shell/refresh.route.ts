import { requireSession } from "~/.server/proxy-access.server";
import type { Route } from "./+types/refresh.route";

/**
 * Refresh Configurations (1§2's header menu): what the session kept of the practice (menu, header,
 * settings, counts) is dropped, in every portal process, and the page's loaders, which React Router
 * runs again after this action, read it from the practice (decisions/375).
 */
// (The path is READ_AGAIN_PATH of app/lib/read-practice-again.ts, which the pages post to.)
export async function action({ request }: Route.ActionArgs) {
  const { readPracticeAgain } = await requireSession(request);
  await readPracticeAgain();
  return null;
}
