import type { SignedInData, Sessions } from "~/.server/session.server";
import type { PortalSession, TestWorld } from "./mock-world";

/**
 * A world's patient signed in to the portal as the sign-in would leave them: a practice session, the
 * portal's session user, and the cookie that carries it, for posting straight to an action. With
 * `memberId` the holder acts for that linked account.
 */
export async function signedInToPortal(sessions: Sessions, world: TestWorld, label = "solo", options: { memberId?: string; name?: string } = {}): Promise<{ practice: PortalSession; user: SignedInData; cookie: string }> {
  const practice = await world.signIn(label);
  const name = options.name ?? label;
  const user: SignedInData = {
    token: practice.token,
    apiBase: practice.apiBase,
    userId: options.memberId ?? practice.id,
    parentId: practice.id,
    proxy: options.memberId ? "Yes" : "No",
    username: world.user(label).username,
    userName: name,
    parentName: name,
  };
  const session = await sessions.sessionStorage.getSession();
  session.set("user", user);
  const cookie = (await sessions.sessionStorage.commitSession(session)).split(";")[0];
  return { practice, user, cookie };
}
