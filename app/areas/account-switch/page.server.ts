import { data, redirect } from "react-router";
import { accountSwitchTexts } from "~/lib/texts/account-switch";
import type { LinkedAccount } from "~/lib/sign-in-flow";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import { requestForm } from "~/.server/request-form.server";
import { linkedAccountsOf } from "~/.server/linked-accounts.server";
import { openSession, sessions, type Sessions, type SignedIn } from "~/.server/session.server";

/**
 * Switch account (issue 21, item 12): the holder of a login with linked accounts chooses, from the header, whose
 * record to view without signing in again, from the practice's list read again at each step (decisions/160).
 */

export interface SwitchPageData {
  accounts: LinkedAccount[];
  current: string;
}

/** The accounts this login may view: the practice's list, with the holder's own record always among them. */
async function choicesOf({ api, user }: Pick<SignedIn, "api" | "user">): Promise<LinkedAccount[]> {
  const listed = await linkedAccountsOf(api, user.parentId);
  if (listed.some((a) => a.id === user.parentId)) return listed;
  return [{ id: user.parentId, name: user.parentName, relationship: "Self" }, ...listed];
}

export async function loadSwitchPage(request: Request): Promise<SwitchPageData> {
  const signedIn = await openSession(request);
  const accounts = await choicesOf(signedIn).catch(practiceErrorResponse);
  return { accounts, current: signedIn.user.userId };
}

export type SwitchRefusal = { ok: false; message: string };

/** What a switch needs beyond the request; tests give their own sessions. */
export interface SwitchDeps {
  openSession: (request: Request) => Promise<SignedIn>;
  sessions: Pick<Sessions, "startSession">;
}

const portalDeps: SwitchDeps = { openSession, sessions };

/**
 * The chosen account, if the practice lists it for this login: a new session (a new id, as at every
 * sign-in step, decisions/001) viewing it, and the dashboard. Anything else is refused with 403 and
 * the session stays as it was.
 */
export async function switchAccount(request: Request, deps: SwitchDeps = portalDeps) {
  const signedIn = await deps.openSession(request);
  const form = await requestForm(request);
  const chosen = form.get("account");
  const accounts = await choicesOf(signedIn).catch(practiceErrorResponse);
  const account = typeof chosen === "string" ? accounts.find((a) => a.id === chosen) : undefined;
  if (!account) return data({ ok: false, message: accountSwitchTexts.notLinked } satisfies SwitchRefusal, { status: 403 });
  const { user } = signedIn;
  const cookie = await deps.sessions.startSession(signedIn.session, {
    user: {
      ...user,
      userId: account.id,
      proxy: account.id === user.parentId ? "No" : "Yes",
      relationship: account.relationship,
      userName: account.name,
      linked: accounts.length > 1,
    },
  });
  return redirect("/", { headers: { "Set-Cookie": cookie } });
}
