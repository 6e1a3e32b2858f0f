import { randomBytes } from "node:crypto";
import { createSessionStorage, data, redirect, type Session } from "react-router";
import { signedCookie } from "./signed-cookie.server";
import { config, type Config } from "./config.server";
import { validateToken } from "./practice/auth.server";
import { PracticeApiError } from "./practice/client.server";
import { practiceApi, type PracticeApi } from "./practice/api.server";
import { perRequestReads } from "./practice/per-request-reads.server";
import { forgetSessionReads, sessionReads } from "./practice/session-reads.server";
import { stateStore } from "./state.server";
import { MemoryStateStore, type StateStore } from "./state-store.server";
import { errorsTexts } from "~/lib/texts/errors";
import type { LinkedAccount } from "~/lib/sign-in-flow";
import { STEP_HEADER } from "~/lib/step-errors";
import { VIEWING_HEADER } from "~/lib/viewing";
import type { DeviceLabel } from "./portal-store/schema";
import { currentRequestId, observability } from "./observability.server";
import { DEVICE_SEEN_INTERVAL_MS, noteDeviceRequest, type DeviceRequest } from "./device-rows.server";
import { accountHolderKey, accountSessionsKey } from "./opaque-names.server";
import { pageOf } from "./safe-redirect.server";
import { viewingKeyOf } from "./viewing-claims.server";

/** Sessions live on the portal server, in the state store; the browser holds only a signed id cookie, so the practice token never reaches it (decisions/001, 050). */

export interface SignedInData {
  token: string;
  apiBase: string;
  /** The patient whose record is shown (1§3 userid). */
  userId: string;
  /** The account holder who signed in (1§3 parentid). */
  parentId: string;
  proxy: "Yes" | "No";
  /**
   * Who the viewed patient is to the holder, as the practice listed them when they were chosen
   * (Patient/ProxyUsers' relationship): a child's record follows whānau access's ages (decisions/382).
   */
  relationship?: string;
  /** The sign-in e-mail (1§3 username). */
  username: string;
  userName: string;
  parentName: string;
  /**
   * The practice listed linked accounts at sign-in: the header offers Switch account. Only what the
   * menu shows; a switch reads the practice's list again (decisions/160).
   */
  linked?: boolean;
  /** The browser signed in with (its device cookie's id, decisions/295): Sign out on the devices list ends this session by it. */
  deviceId?: string;
}

export type PendingAccount = LinkedAccount;

/**
 * Between authentication and the portal: signed in at the practice, but the password must be
 * replaced first, or the account is still to be chosen.
 */
export interface PendingSignIn {
  token: string;
  apiBase: string;
  patientId: string;
  name: string;
  username: string;
  passwordReset: boolean;
  accounts: PendingAccount[];
  redirectTo: string;
  /** The practice's word on the new password (1§8), shown on the first signed-in page. */
  notice?: string;
  /**
   * The second step still to pass (decisions/277): a code was e-mailed to `to`; "setup": the practice requires one and the holder
   * has none. While set, no `user` exists, so only the second step's actions accept the session. `replacesPasskeys`: leads to recovery (issue 51).
   */
  secondStep?: { stage: "code" | "setup"; to: string; replacesPasskeys?: boolean } | PasskeyStage | PasskeyRecoveryStage;
  /** Set up at sign-in and its recovery codes shown: Continue goes on with the sign-in. */
  secondStepPassed?: boolean;
  /** The browser signing in (decisions/295), read where the password was accepted; noted once the sign-in completes. */
  device?: { id: string; label: DeviceLabel; range: string };
}

/**
 * A passkey asked for (decisions/300): `to` is the sign-in address ("" for a link's sign-in, which has
 * none); `email` and `recovery` whether the holder may take the e-mailed code or a recovery code instead.
 */
export interface PasskeyStage {
  stage: "passkey";
  to: string;
  email: boolean;
  recovery: boolean;
}

/**
 * A passkey-only holder passed the password and a code e-mailed in place of a passkey (issue 51,
 * decisions/365): the passkeys added in the last PASSKEY_UNDO_DAYS days (`ids`) are offered for removal
 * before anything else. `to` is the sign-in address.
 */
export interface PasskeyRecoveryStage {
  stage: "recovery";
  to: string;
  ids: string[];
}

interface SessionData {
  user: SignedInData;
  pending: PendingSignIn;
  /** Unsuccessful sign-ins in this browser (1§4); the server also counts per account and address. */
  failures: number;
  /** Told once, on the next signed-in page, then forgotten (the practice's "password changed", 1§8). */
  notice: string;
  /** When this session last moved its device's "last seen" on (decisions/310): the throttle, held with the session in the state store. */
  deviceSeenAt: number;
}

/** A session ends after this long without a request (the shell warns 5 minutes before: idle-warning.tsx). */
export const IDLE_MS = 30 * 60 * 1000;
const ABSOLUTE_MS = 12 * 60 * 60 * 1000;

interface Stored {
  data: Partial<SessionData>;
  endsAt: number;
}

const sessionKey = (id: string) => `session:${id}`;

/** The account holder's set a session belongs to: signed in, or half-way through signing in. */
function accountOf(data: Partial<SessionData>): string | null {
  if (data.user) return accountSessionsKey(data.user.apiBase, data.user.parentId);
  if (data.pending) return accountSessionsKey(data.pending.apiBase, data.pending.patientId);
  return null;
}

/** The device a session was signed in on (decisions/295); none for a session older than the devices list. */
function deviceOf(data: Partial<SessionData>): string | undefined {
  return data.user?.deviceId ?? data.pending?.device?.id;
}

export type PortalSession = Session<SessionData>;

/** One signed-in session of the account holder, as Your devices may show it: never its id (decisions/366). */
export interface SessionSighting {
  /** The device it was signed in on; none for a session older than the devices list. */
  deviceId: string | undefined;
  startedAt: Date;
  /** The session asking. */
  current: boolean;
}

export interface SignedIn {
  session: PortalSession;
  user: SignedInData;
  api: PracticeApi;
  /** Signs out every other session of the account holder (after a password change); this one stays. */
  endOtherSessions(): Promise<void>;
  /** Refresh Configurations (1§2): what the session kept of the practice is read again (decisions/375). */
  readPracticeAgain(): Promise<void>;
}

/**
 * The session store, its cookie and the guards built on them, for one configuration. The app uses
 * the default instance below; tests build their own (their own store, secret and token check).
 */
export function createSessions(
  settings: Pick<Config, "cookieSecure" | "sessionSecret">,
  options: {
    validateToken?: typeof validateToken;
    store?: StateStore;
    /** Your devices' last seen (decisions/310): told of a signed-in request at most once per interval per session. Tests give theirs; none: nothing is told. */
    deviceSeen?: { intervalMs: number; note(seen: DeviceRequest): void; now?: () => number };
  } = {},
) {
  const checkToken = options.validateToken ?? validateToken;
  const store = options.store ?? new MemoryStateStore();

  /** A session lives until it has been idle for 30 minutes, and never beyond its absolute end. */
  const lifetime = (endsAt: number) => Math.min(IDLE_MS, endsAt - Date.now());

  async function live(id: string): Promise<Stored | undefined> {
    const raw = await store.get(sessionKey(id));
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as Stored;
    if (lifetime(entry.endsAt) <= 0) {
      await forget(id, entry.data);
      return undefined;
    }
    return entry;
  }

  /** Ends a session and takes it out of its account holder's set. */
  async function forget(id: string, data: Partial<SessionData> | undefined) {
    await Promise.all([store.delete(sessionKey(id)), forgetSessionReads(store, id)]);
    const account = data && accountOf(data);
    if (account) await store.removeMember(account, id);
  }

  /**
   * Every session id goes into its account holder's set as soon as it holds a sign-in. The set lives
   * as long as the longest session could, so no live session is ever missing from it; ids of sessions
   * that timed out stay in it until then and cost one needless delete at a password change.
   */
  async function index(id: string, data: Partial<SessionData>) {
    const account = accountOf(data);
    if (account) await store.addMember(account, id, ABSOLUTE_MS);
  }

  const cookie = signedCookie("__portal", {
    httpOnly: true,
    sameSite: "lax",
    secure: settings.cookieSecure,
    path: "/",
    secrets: [settings.sessionSecret],
  });

  const sessionStorage = createSessionStorage<SessionData>({
    cookie,
    async createData(data) {
      const endsAt = Date.now() + ABSOLUTE_MS;
      // A claim, so even a repeated random id could never take over another's session.
      for (;;) {
        const id = randomBytes(24).toString("base64url");
        if (await store.compareAndSet(sessionKey(id), null, JSON.stringify({ data, endsAt } satisfies Stored), IDLE_MS)) {
          await index(id, data);
          return id;
        }
      }
    },
    async readData(id) {
      const entry = await live(id);
      if (!entry) return null;
      await store.touch(sessionKey(id), lifetime(entry.endsAt));
      return entry.data;
    },
    async updateData(id, data) {
      const entry = await live(id);
      if (entry) {
        if (!(await store.set(sessionKey(id), JSON.stringify({ data, endsAt: entry.endsAt } satisfies Stored), lifetime(entry.endsAt), { onlyIfPresent: true }))) return;
        // The sign-in steps start a new session rather than sign an old one in; should a session come
        // to hold another account all the same, its sets follow.
        const [before, after] = [accountOf(entry.data), accountOf(data)];
        if (before !== after) {
          if (before) await store.removeMember(before, id);
          await index(id, data);
        }
      } else if (!data.user) {
        // A signed-out browser whose session expired keeps counting its failures under the same id;
        // a signed-in session ended meanwhile (a logout in another tab or process) stays ended.
        await store.set(sessionKey(id), JSON.stringify({ data, endsAt: Date.now() + ABSOLUTE_MS } satisfies Stored), IDLE_MS);
      }
    },
    async deleteData(id) {
      const raw = await store.get(sessionKey(id));
      await forget(id, raw ? (JSON.parse(raw) as Stored).data : undefined);
    },
  });

  function getSession(request: Request): Promise<PortalSession> {
    return sessionStorage.getSession(request.headers.get("Cookie"));
  }

  /** Starts a fresh session (a new id) holding only what is given: the id changes on every sign-in. */
  async function startSession(previous: PortalSession, data: Partial<SessionData>): Promise<string> {
    await sessionStorage.destroySession(previous);
    const session = await sessionStorage.getSession();
    for (const [key, value] of Object.entries(data)) session.set(key as keyof SessionData, value as never);
    return sessionStorage.commitSession(session);
  }

  /**
   * After the account holder's password has changed: every other session of theirs, signed in or
   * half-way through signing in (in any browser, on any portal process), is deleted, so whoever
   * signed in with the old password is signed out at their next request. This session stays.
   */
  async function endOtherSessions(session: PortalSession): Promise<void> {
    const account = accountOf(session.data);
    if (!account) return;
    const others = await store.takeMembers(account, session.id);
    await Promise.all(others.flatMap((id) => [store.delete(sessionKey(id)), forgetSessionReads(store, id)]));
  }

  /**
   * The devices list's Sign out (decisions/295): every other session of the account holder on that
   * device is deleted, in any process, so that browser's next request is signed out. This session
   * always stays, so on this very device only its other sessions end (decisions/366: a copy of this
   * browser's cookies is a session like any other). Answers how many ended.
   */
  async function endDeviceSessions(session: PortalSession, which: { device: string }): Promise<number> {
    const account = accountOf(session.data);
    if (!account) return 0;
    const ended = await Promise.all(
      (await store.members(account)).map(async (id) => {
        if (id === session.id) return false;
        const raw = await store.get(sessionKey(id));
        const device = raw ? deviceOf((JSON.parse(raw) as Stored).data) : undefined;
        if (device !== which.device) return false;
        await Promise.all([store.delete(sessionKey(id)), forgetSessionReads(store, id)]);
        await store.removeMember(account, id);
        return true;
      }),
    );
    return ended.filter(Boolean).length;
  }

  /**
   * The account holder's sessions signed in now (decisions/366), in any process: the device each was
   * signed in on, when it started, and which is this one. Never an id: an id is a credential. Sessions
   * half-way through signing in are not signed in, and are not listed (Sign out ends them all the same).
   */
  async function signedInSessions(session: PortalSession): Promise<SessionSighting[]> {
    const account = accountOf(session.data);
    if (!account) return [];
    const read = await Promise.all(
      (await store.members(account)).map(async (id) => {
        const raw = await store.get(sessionKey(id));
        if (!raw) return null;
        const entry = JSON.parse(raw) as Stored;
        if (!entry.data.user || lifetime(entry.endsAt) <= 0) return null;
        return { deviceId: entry.data.user.deviceId, startedAt: new Date(entry.endsAt - ABSOLUTE_MS), current: id === session.id };
      }),
    );
    return read.filter((sighting) => sighting !== null).sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  }

  /** The session has ended: to sign in, back to the page asked for; a step or a PDF viewer's fetch gets 401 `{ sessionEnded: true }` instead (decisions/161, 191). */
  async function toLogin(session: PortalSession, request: Request, { back = true }: { back?: boolean } = {}): Promise<never> {
    const cookie = await sessionStorage.destroySession(session);
    if (request.headers.get(STEP_HEADER) === "1") {
      throw Response.json({ sessionEnded: true }, { status: 401, headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
    }
    const page = back ? pageOf(new URL(request.url)) : "/";
    const query = page !== "/" ? `?redirectTo=${encodeURIComponent(page)}` : "";
    throw redirect(`/login${query}`, { headers: { "Set-Cookie": cookie } });
  }

  /** Settles once every last-seen turn taken so far has; holds none of them once they have. */
  let seeing: Promise<void> = Promise.resolve();

  /**
   * A signed-in request on a device (decisions/310): when this session has not told the store for an
   * interval, it takes the turn (one compare-and-set of the session's own entry, so of several
   * requests at once, in any process, one wins, and a change made meanwhile is never overwritten) and
   * the device's last seen moves on in the background. Never awaited by the request; never throws.
   */
  function deviceSeen(session: PortalSession, user: SignedInData, request: Request) {
    const seen = options.deviceSeen;
    if (!seen || !user.deviceId) return;
    const deviceId = user.deviceId;
    const id = session.id;
    const now = seen.now?.() ?? Date.now();
    // The session as this request read it: within the interval, nothing more is read or written.
    if (now - (session.get("deviceSeenAt") ?? 0) < seen.intervalMs) return;
    const job = (async () => {
      const raw = await store.get(sessionKey(id));
      if (!raw) return;
      const entry = JSON.parse(raw) as Stored;
      if (now - (entry.data.deviceSeenAt ?? 0) < seen.intervalMs) return;
      const ttl = lifetime(entry.endsAt);
      if (ttl <= 0) return;
      const next = JSON.stringify({ data: { ...entry.data, deviceSeenAt: now }, endsAt: entry.endsAt } satisfies Stored);
      if (!(await store.compareAndSet(sessionKey(id), raw, next, ttl))) return;
      seen.note({ holderKey: accountHolderKey(user.apiBase, user.parentId), deviceId, request, at: new Date(now) });
    })().catch((error: unknown) => {
      observability().logger.error({ kind: "devices", operation: "last-seen", requestId: currentRequestId(), error: error instanceof Error ? error.name : "unknown" }, "device last seen not claimed");
    });
    seeing = seeing.then(() => job);
  }

  const perRequest = new WeakMap<Request, Promise<SignedIn>>();

  /**
   * The request's session, without the whānau guard (loaders use the guarded `requireSession`, proxy-access.server.ts): redirects
   * to /login with no session or a token the practice calls invalid (1§4), checked once per request; so does any call of the api
   * that answers 401. Its reads are made once per request (per-request-reads.server.ts).
   */
  function openSession(request: Request): Promise<SignedIn> {
    let pending = perRequest.get(request);
    if (!pending) {
      pending = open(request, { tokenFirst: true }).then((opened) => opened.signedIn);
      perRequest.set(request, pending);
    }
    return pending;
  }

  /** The signed-in shell's middleware: the token check runs alongside the page's practice calls, and nothing fetched is handed over before it passes (decisions/375). */
  async function checkTokenAlongside(request: Request, next: () => Promise<Response>): Promise<Response> {
    const opening = open(request, { tokenFirst: false });
    const signedIn = opening.then((opened) => opened.signedIn);
    // No loader runs when the session is missing (the redirect below answers): nobody awaits this then.
    signedIn.catch(() => undefined);
    perRequest.set(request, signedIn);
    if (request.method !== "GET" && request.method !== "HEAD" && !(await getSession(request)).get("user")) {
      // A form posted after the session ended: its action answers, through openSession's redirect
      // or, for a dialog that keeps what was typed (the profile's), with words saying so (issue 21).
      return next();
    }
    const { verified } = await opening;
    const response = await next();
    await verified;
    return response;
  }

  async function open(request: Request, { tokenFirst }: { tokenFirst: boolean }): Promise<{ signedIn: SignedIn; verified: Promise<void> }> {
    const session = await getSession(request);
    const user = session.get("user");
    if (!user) return toLogin(session, request);
    const claimed = request.headers.get(VIEWING_HEADER);
    if (claimed && claimed !== viewingKeyOf(user)) throw data({ message: errorsTexts.viewingChanged }, { status: 409, headers: { "Cache-Control": "no-store" } });
    // What the session kept of the practice (decisions/375): the token's last "valid" among it.
    const reads = sessionReads(store, session.id);
    // Only the practice's own "no" ends the session (a false reply or a 401). A check that could not
    // be made (a 503, a timeout, a dropped connection, a garbled reply) keeps it: the patient sees a
    // page with Try again, and is still signed in when it works. A "valid" heard within moments holds.
    const checking = reads.tokenCheckedRecently().then((recently) => (recently ? true : checkToken(user.apiBase, user.token).then(async (valid) => (valid ? (await reads.noteTokenGood(), true) : false))));
    const verified = checking.then(
      (valid) => (valid ? undefined : toLogin(session, request, { back: false })),
      (error: unknown) => {
        if (error instanceof PracticeApiError && error.kind === "unauthorized") return toLogin(session, request, { back: false });
        console.error(`Token check failed, session kept: ${error instanceof Error ? error.message : String(error)}`);
        throw data({ message: errorsTexts.tokenCheckFailed }, { status: 503 });
      },
    );
    // Once the practice has said the token is good, the request counts as the device's (decisions/310).
    verified.then(() => deviceSeen(session, user, request), () => undefined);
    // Awaited here when the token goes first; otherwise by the middleware and by every call, and never
    // left unhandled in between: the last seen's handler above takes its rejection.
    if (tokenFirst) await verified;
    const inner = perRequestReads(reads.api(practiceApi(user.apiBase, user.token)));
    const api: PracticeApi = {
      async call(endpoint, options) {
        try {
          // The call is already on its way; its answer is handed over only once the token is good.
          const [, reply] = await Promise.all([verified, inner.call(endpoint, options)]);
          return reply;
        } catch (error) {
          if (error instanceof PracticeApiError && error.kind === "unauthorized") return toLogin(session, request, { back: false });
          throw error;
        }
      },
    };
    return { signedIn: { session, user, api, endOtherSessions: () => endOtherSessions(session), readPracticeAgain: () => reads.forget() }, verified };
  }

  /** For the signed-out-only routes (1§2): a signed-in user is sent to the dashboard. */
  // (isSignInRedirect, below the factory, tells openSession's redirect from other thrown replies.)
  async function redirectIfSignedIn(request: Request): Promise<PortalSession> {
    const session = await getSession(request);
    if (session.get("user")) throw redirect("/");
    return session;
  }

  /** Resolves once the last-seen turns taken so far have been claimed and handed to the store: for tests. */
  const devicesSeen = () => seeing;

  return { sessionStorage, getSession, startSession, endOtherSessions, endDeviceSessions, signedInSessions, openSession, checkTokenAlongside, redirectIfSignedIn, devicesSeen };
}

export type Sessions = ReturnType<typeof createSessions>;

/** The portal's sessions, configured from the environment. */
export const sessions: Sessions = createSessions(config, { store: stateStore, deviceSeen: { intervalMs: DEVICE_SEEN_INTERVAL_MS, note: (seen) => noteDeviceRequest(seen) } });
export const { sessionStorage, getSession, startSession, endOtherSessions, endDeviceSessions, signedInSessions, openSession, checkTokenAlongside, redirectIfSignedIn } = sessions;

/** openSession's answer for a session that has ended: the redirect to sign in. */
export function isSignInRedirect(error: unknown): boolean {
  return error instanceof Response && error.status >= 300 && error.status < 400 && (error.headers.get("Location") ?? "").startsWith("/login");
}
