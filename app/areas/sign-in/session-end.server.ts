import { logout } from "~/.server/practice/auth.server";

/**
 * Ending a token at the practice, for the sign-in area's routes (decisions/356): Log Out, and the login
 * page clearing an unfinished sign-in. The practice may already consider the token dead, and the
 * portal's own session ends regardless, so a failed call is not an error here.
 */
export async function endPracticeToken(held: { apiBase: string; token: string }): Promise<void> {
  await logout(held.apiBase, held.token).catch(() => undefined);
}
