import { data, redirect } from "react-router";
import type { AccessArea } from "~/lib/access-kinds";
import { ageOn, isChildOf, isConfidential, proxyAccessOf, viewReaches, WHOLE_BY_ARRANGEMENT, type ProxyAccess, type WhanauPolicy } from "~/lib/whanau-access";
import { listingExtent, sentOf } from "~/lib/listing";
import { viewReason, whanauTexts, type YoungPerson } from "~/lib/texts/whanau";
import { config, whanauPolicyOf } from "./config.server";
import { linkedAccountsOf } from "./linked-accounts.server";
import type { PracticeApi } from "./practice/api.server";
import { getPatient } from "./practice/patient.server";
import { practiceDate } from "./practice/practice-clock.server";
import { recordAccessBy } from "./record-access.server";
import { requestAddressOf } from "./request-address.server";
import { openSession, startSession, type SignedIn } from "./session.server";
import { countersForProxy } from "./proxy-counts.server";
import { endpoints, type Endpoint } from "@contract/endpoints";
import type { Counters } from "@contract/patient";
import { documentsPageSizes } from "@contract/documents";
import { MESSAGE_BOXES } from "@contract/messaging";
import { messagingPageSizes } from "@contract/messaging-page-sizes";
import { whanauStore, WhanauUnavailable, type ParentOf, type WhanauStore } from "./whanau-parents.server";
import { practiceErrorResponse } from "./practice/errors.server";

/** Who may see what, decided on the server for every signed-in request; a proxy never receives a confidential item, so screens only reflect it (decisions/378, 382). */

/** A signed-in request, with how much of the viewed record its holder may see (null: their own record). */
export interface Viewing extends SignedIn {
  access: ViewedAccess | null;
}

export interface ViewedAccess extends ProxyAccess {
  /** The young person as the words name them. */
  person: YoungPerson;
  /** The areas this view reaches (all of them for a whole record). */
  reaches: (area: AccessArea) => boolean;
  /** The line each page of this view carries, or null for a whole record the rules give. */
  words: string | null;
}

/** What the guard reads beyond the request; tests give their own. */
export interface ProxyAccessDeps {
  openSession: (request: Request) => Promise<SignedIn>;
  policy: WhanauPolicy;
  /** What the young person chose for each parent, and the parents seen acting for them. */
  choices: Pick<WhanauStore, "choiceOf" | "noteParent">;
  /** The practice's date (yyyy-mm-dd, New Zealand time) at this practice. */
  today: (apiBase: string) => string;
  startSession: typeof startSession;
}

/** A practice reply with the items a proxy may not receive left out: a bundle's confidential resources (its total, when it sent one, counted down with them). */
export function withoutConfidential<T>(reply: T, policy: WhanauPolicy): T {
  if (typeof reply !== "object" || reply === null || !("resources" in reply) || !Array.isArray(reply.resources)) return reply;
  const resources = reply.resources as Parameters<typeof isConfidential>[0][];
  const kept = resources.filter((resource) => !isConfidential(resource, policy));
  if (kept.length === resources.length) return reply;
  // How many were sent stays known, so a full page left short still reads as full (sentOf).
  const sent = "sent" in reply && typeof reply.sent === "number" ? reply.sent : resources.length;
  // No total sent stays none: the kept length would read as the whole list (decisions/396).
  if (!("total" in reply) || typeof reply.total !== "number") return { ...reply, resources: kept, sent };
  return { ...reply, resources: kept, sent, total: Math.max(0, reply.total - (resources.length - kept.length)) };
}

/** How many pages of a list are read to find the one item a proxy opens (100 a page): a young person's record has far fewer. */
const PAGES_READ = 10;

/** Whether any of a list's pages (read through the proxy's API, so without what it may not see) holds the item. */
async function amongShown(read: (page: number) => Promise<{ resources: readonly { id?: string }[]; total?: number }>, pageSize: number, id: string): Promise<boolean> {
  let shown = 0;
  for (let page = 1; page <= PAGES_READ; page++) {
    const bundle = await read(page);
    if (bundle.resources.some((item) => item.id === id)) return true;
    shown += bundle.resources.length;
    if (!listingExtent({ total: bundle.total, read: shown, pagesRead: page, pageSize, lastPage: sentOf(bundle) }).more) return false;
  }
  return false;
}

/**
 * The practice's reads that change the record for the patient (opening a result or a message marks it
 * read, 2§4), each with how to find its item among what a proxy is shown (issue 67, F6; decisions/392).
 */
const MARKING_READS = new Map<Endpoint, (shown: PracticeApi, query: Record<string, string>) => Promise<boolean>>([
  [endpoints.labResultById, (shown, q) => amongShown((page) => shown.call(endpoints.labResults, { query: { PatientID: q.PatientID, PageSize: documentsPageSizes.labResults, PageNumber: page } }), documentsPageSizes.labResults, q.ResultID)],
  [
    endpoints.messageById,
    async (shown, q) => {
      for (const box of Object.values(MESSAGE_BOXES)) {
        const read = (page: number) => shown.call(endpoints.messages, { query: { PatientID: q.PatientID, Type: "1", MessagingType: box, PageSize: messagingPageSizes.allMessages, PageNumber: page } });
        if (await amongShown(read, messagingPageSizes.allMessages, q.MessageID)) return true;
      }
      return false;
    },
  ],
]);

/**
 * The practice API as a proxy's pages get it: every reply without what the practice marks confidential,
 * nor counted in the counters; and a read that would mark an item read is made only for an item among
 * what the proxy is shown. Any other is answered as the practice answers for no such item (an empty
 * bundle), without asking it: the young person's result stays unread, and the answer tells nothing.
 */
export function proxyApi(api: PracticeApi, policy: WhanauPolicy): PracticeApi {
  const shown: PracticeApi = {
    call: async (endpoint, options) => {
      const marking = MARKING_READS.get(endpoint as Endpoint);
      // (Both marking reads answer a bundle, whose "none" is an empty one: TypeScript cannot narrow a generic by the map.)
      if (marking && !(await marking(shown, (options?.query ?? {}) as Record<string, string>))) return { total: 0, resources: [] } as Awaited<ReturnType<typeof api.call<typeof endpoint>>>;
      const reply = await api.call(endpoint, options);
      // (The endpoint compared is the counters', so the reply is theirs: TypeScript cannot narrow a generic by it.)
      if ((endpoint as Endpoint) === endpoints.refreshCounter) {
        const { PatientID } = (options?.query ?? {}) as { PatientID?: string };
        return (await countersForProxy(api, reply as Counters, PatientID ?? "", policy)) as typeof reply;
      }
      return withoutConfidential(reply, policy);
    },
  };
  return shown;
}

function firstNameOf(patient: { name: readonly { given?: string[]; text?: string }[] } | null, fallback: string): string {
  const name = patient?.name[0];
  return name?.given?.[0]?.trim() || name?.text?.trim().split(/\s+/)[0] || fallback.trim().split(/\s+/)[0] || "This person";
}

/** A view that could not be worked out is a page of words: the practice's failure as every page tells it, the store's as its own. */
function accessErrorResponse(error: unknown): never {
  if (error instanceof WhanauUnavailable) throw data({ message: whanauTexts.unavailable }, { status: 503, headers: { "Cache-Control": "no-store" } });
  return practiceErrorResponse(error);
}

export function createProxyAccess(deps: ProxyAccessDeps) {
  const perRequest = new WeakMap<Request, Promise<Viewing>>();

  /** Parents already noted in this process's store (each once: the row, once made, stays). */
  const noted = new Set<string>();

  /** How much of the viewed record this session's holder sees: null for their own (or a non-proxy session). */
  function accessOf(signedIn: SignedIn): Promise<ViewedAccess | null> {
    const { user } = signedIn;
    if (user.proxy !== "Yes" || user.userId === user.parentId) return Promise.resolve(null);
    return accessTo(signedIn, { id: user.userId, name: user.userName, relationship: user.relationship }, true);
  }

  /**
   * How much of one person's record the session's holder sees now, by the rules a view of it would
   * follow (their own: null). `acting`: the holder is viewing it now, so the young person's list notes them.
   */
  async function accessTo(signedIn: Pick<SignedIn, "api" | "user">, person: { id: string; name: string; relationship?: string | null }, acting: boolean): Promise<ViewedAccess | null> {
    const { user, api } = signedIn;
    if (person.id === user.parentId) return null;
    // Sessions started before the relationship was kept read it from the practice's list again.
    const relationship = person.relationship ?? (await linkedAccountsOf(api, user.parentId)).find((a) => a.id === person.id)?.relationship ?? "";
    // Another linked record (a partner, an older parent, or one the practice does not list) is whole by
    // the practice's arrangement: nothing of it is read here, and the practice answers for it.
    if (!isChildOf(relationship, deps.policy)) return { ...WHOLE_BY_ARRANGEMENT, person: { name: firstNameOf(null, person.name), gender: null }, reaches: () => true, words: null };
    const patient = await getPatient(api, person.id);
    // The practice's date once its reply has said it (the patient's read above is one of its replies).
    const viewed = { relationship, birthDate: patient?.birthDate ?? null, practiceDate: deps.today(user.apiBase), policy: deps.policy };
    let access = proxyAccessOf({ ...viewed, choice: null });
    const parent = { apiBase: user.apiBase, patientId: person.id, holderId: user.parentId };
    if (acting) await noteParent(parent, user.parentName, relationship);
    // The young person's own choice counts from the age they decide at: read it only then, and when it
    // cannot be read show nothing it might have taken away (WhanauUnavailable: 503 words).
    if (access.age !== null && access.age >= deps.policy.decidesFrom) access = proxyAccessOf({ ...viewed, choice: await deps.choices.choiceOf(parent) });
    const young: YoungPerson = { name: firstNameOf(patient, person.name), gender: patient?.gender };
    return { ...access, person: young, reaches: (area) => viewReaches(access.view, area, deps.policy), words: viewReason(young, access, deps.policy) };
  }

  /**
   * Whether the session's holder may see this area of a person's record now (their own always), by the
   * rules a view of that record follows: what a page about another person (their access record) asks.
   */
  async function holderReaches(signedIn: Pick<SignedIn, "api" | "user">, person: { id: string; name: string; relationship?: string | null }, area: AccessArea): Promise<boolean> {
    const access = await accessTo(signedIn, person, false).catch(accessErrorResponse);
    return !access || access.reaches(area);
  }

  /** The young person's list of who acts for them gains this parent (once a process); a store that is away only delays it. */
  async function noteParent(parent: ParentOf, holderName: string, relationship: string) {
    const key = `${parent.apiBase}\n${parent.patientId}\n${parent.holderId}`;
    if (noted.has(key)) return;
    try {
      await deps.choices.noteParent({ ...parent, holderName, relationship });
      if (noted.size >= 10_000) noted.clear();
      noted.add(key);
    } catch {
      // storeQueries has logged it (no data); the next view tries again.
    }
  }

  /**
   * The request's signed-in session with its view, once a request (the shell's loader and the page's
   * share it). A view that reaches nothing any more (the 16th birthday, or the young person's choice)
   * takes the holder back to their own record with the reason, on a page view; a post is refused.
   */
  function viewingOf(request: Request): Promise<Viewing> {
    let pending = perRequest.get(request);
    if (!pending) {
      pending = (async () => {
        // The address is read (and a repeated parameter refused) before anything else reads it.
        requestAddressOf(request);
        const signedIn = await deps.openSession(request);
        const access = await accessOf(signedIn).catch(accessErrorResponse);
        if (access?.view === "none") {
          refuse(signedIn, request, areaOf(request));
          if (request.method === "GET" || request.method === "HEAD") {
            const { user } = signedIn;
            const cookie = await deps.startSession(signedIn.session, { ...(access.words ? { notice: access.words } : {}), user: { ...user, userId: user.parentId, proxy: "No", userName: user.parentName, relationship: "Self" } });
            throw redirect("/", { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
          }
          throw refusal(access, null);
        }
        return { ...signedIn, api: access ? proxyApi(signedIn.api, deps.policy) : signedIn.api, access };
      })();
      perRequest.set(request, pending);
    }
    return pending;
  }

  /** The area the request's address names, from the one reading of it the page reads too (decisions/392). */
  function areaOf(request: Request): AccessArea | null {
    return requestAddressOf(request).area;
  }

  function refuse(signedIn: SignedIn, request: Request, area: AccessArea | null) {
    // What was asked for, never what it holds: the area (the dashboard for an address of none) and "refused".
    recordAccessBy(signedIn, request, { area: area ?? "dashboard", action: "refused" });
  }

  function refusal(access: ViewedAccess, area: AccessArea | null) {
    const message = [whanauTexts.refused(access.person, area), access.words].filter(Boolean).join(" ");
    return data({ message, refused: true }, { status: 403, headers: { "Cache-Control": "no-store" } });
  }

  /**
   * Every signed-in page, data request, step, file and download: the session (requireSession's
   * redirect when there is none), and the view's refusal, recorded, of an address its view does not
   * reach. An address of no area is refused to a partial view: what is not named is not shared.
   */
  async function requireSession(request: Request): Promise<Viewing> {
    const viewing = await viewingOf(request);
    const { access } = viewing;
    if (!access || access.view === "full") return viewing;
    const area = areaOf(request);
    if (area && access.reaches(area)) return viewing;
    refuse(viewing, request, area);
    throw refusal(access, area);
  }

  return { viewingOf, requireSession, holderReaches };
}

/** The practice's whānau policy, as configured (README, "Whānau access"). */
export const whanauPolicy: WhanauPolicy = whanauPolicyOf(config);

const portal = createProxyAccess({
  openSession,
  policy: whanauPolicy,
  choices: whanauStore(),
  today: (apiBase) => practiceDate(apiBase),
  startSession,
});

/** A young person on their own sign-in, old enough by the practice's date to choose who sees their record ("Who can see my record"). */
export function choosesWhoSees(user: Pick<SignedIn["user"], "proxy" | "apiBase">, birthDate: string | null | undefined): boolean {
  if (user.proxy === "Yes" || !birthDate) return false;
  return (ageOn(birthDate, practiceDate(user.apiBase)) ?? -1) >= whanauPolicy.decidesFrom;
}

/** The signed-in shell's view of the request (its menu, its line of words): never refused here, the page is. */
export const viewingOf = portal.viewingOf;
/** Every signed-in loader and action starts here (DESIGN conventions): the session, and who may see what. */
export const requireSession = portal.requireSession;
/** Whether the holder may see an area of another linked person's record now (issue 67, F2: their access record). */
export const holderReaches = portal.holderReaches;
