import { DateTime } from "luxon";
import { appointmentsPageSizes } from "@contract/appointments";
import { historyRangeSchema } from "./forms";
import {
  appointmentsViewOf,
  type AppointmentsPageData,
} from "./view";
import { bookingSettingsOf, type Option } from "./booking";
import { PRACTICE_ZONE } from "~/lib/dates";
import { queryDateOf } from "~/lib/date-range";
import { parseForm } from "~/lib/form-data";
import { furtherPages, listingExtent, sentOf } from "~/lib/listing";
import { displayName, summarisePatient } from "~/lib/patient-summary";
import { recordTexts } from "~/lib/texts/record";
import { yearBefore } from "~/lib/timeline-filter";
import { rowOf } from "~/.server/appointment-rows.server";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import { getAppointments, getAppointmentsBetween, getLookup } from "~/.server/practice/appointments.server";
import { getPatient, getPractice, getPracticeSettings, getProxyUsers } from "~/.server/practice/patient.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";

/**
 * What /appointments loads (2§2); its steps and Cancel are `./steps.server.ts`. Everything is the viewed patient's; only
 * a main account books for a linked family member, whose id then travels in every call (decisions/102).
 */

/** History reads at most this many pages of 100 (a record with more is searched by dates). */
const HISTORY_PAGES = 5;

type Api = SignedIn["api"];
type User = SignedIn["user"];

export const todayOf = (nowMs = Date.now()) => DateTime.fromMillis(nowMs, { zone: PRACTICE_ZONE }).toISODate()!;

export async function loadAppointmentsPage(request: Request): Promise<AppointmentsPageData> {
  return appointmentsPage(await requireSession(request), new URL(request.url));
}

export async function appointmentsPage({ api, user }: Pick<SignedIn, "api" | "user">, url: URL): Promise<AppointmentsPageData> {
  const view = appointmentsViewOf(url.searchParams);
  const nowMs = Date.now();
  const today = todayOf(nowMs);
  const [settingsReply, patient, practice] = await Promise.all([getPracticeSettings(api, user.userId), getPatient(api, user.userId), getPractice(api, user.userId)]).catch(practiceErrorResponse);
  const settings = bookingSettingsOf(settingsReply);
  const page: AppointmentsPageData = {
    view,
    today,
    earliest: yearBefore(today),
    upcoming: null,
    history: null,
    booking: null,
    patientName: patient ? summarisePatient(patient).name : user.userName,
    // A practice record without a name says so (issue 68).
    practice: practice ? { name: practice.name?.trim() || recordTexts.notRecorded, phone: practice.telecom.find((c) => (c.system ?? "phone") === "phone" && c.value)?.value ?? "" } : null,
    printedOn: DateTime.fromMillis(nowMs, { zone: PRACTICE_ZONE }).toFormat("dd-MM-yyyy"),
  };

  if (view.tab === "upcoming") {
    const bundle = await getAppointments(api, user.userId, "upcoming", 1).catch(practiceErrorResponse);
    page.upcoming = bundle.resources.map((a) => rowOf(a, nowMs));
  } else if (view.tab === "history") {
    const parsed = parseForm(new URLSearchParams({ from: view.from, to: view.to }), historyRangeSchema(today));
    const from = parsed.ok ? queryDateOf(parsed.value.from) : null;
    const to = parsed.ok ? queryDateOf(parsed.value.to) : null;
    const read = (n: number) => (from && to ? getAppointmentsBetween(api, user.userId, from, to, n) : getAppointments(api, user.userId, "all", n));
    const first = await read(1).catch(practiceErrorResponse);
    const size = from && to ? appointmentsPageSizes.historySearch : appointmentsPageSizes.appointments;
    const rest = await furtherPages(first, HISTORY_PAGES, size, read).catch(practiceErrorResponse);
    const bundles = [first, ...rest];
    // History is what has happened: anything whose start has passed, and whatever was cancelled.
    const rows = bundles.flatMap((b) => b.resources.map((a) => rowOf(a, nowMs))).filter((r, i, all) => all.findIndex((x) => x.id === r.id) === i);
    const past = rows.filter((r) => r.status !== "Future" || r.missed);
    // With no total and a full last page there may be more: no count is shown (decisions/396).
    const { count } = listingExtent({ total: first.total, read: rows.length, pagesRead: bundles.length, pageSize: size, lastPage: sentOf(bundles.at(-1)!), maxPages: HISTORY_PAGES });
    page.history = { rows: past, total: count === undefined ? undefined : past.length, rangeResult: parsed.ok ? null : parsed.result };
  } else if (!settings.disabled) {
    const [types, locations, reasons, family] = await Promise.all([
      getLookup(api, user.userId, "appointmentTypes"),
      getLookup(api, user.userId, "locations"),
      settings.showReasonsForContact ? getLookup(api, user.userId, "reasonsForContact") : Promise.resolve([]),
      familyOf(api, user),
    ]).catch(practiceErrorResponse);
    page.booking = { settings, types, locations, reasonsForContact: reasons, family };
  } else {
    page.booking = { settings, types: [], locations: [], reasonsForContact: [], family: { canChoose: false, members: [] } };
  }
  return page;
}

/** 2§2: only a main account (userid equals parentid) with more than one linked account books for the family; never for itself in that list. */
export async function familyOf(api: Api, user: User): Promise<{ canChoose: boolean; members: Option[] }> {
  if (user.userId !== user.parentId) return { canChoose: false, members: [] };
  const linked = (await getProxyUsers(api, user.parentId)).resources;
  if (linked.length <= 1) return { canChoose: false, members: [] };
  return { canChoose: true, members: linked.filter((p) => p.id !== user.userId).map((p) => ({ id: p.id, name: displayName(p.name[0]) })) };
}
