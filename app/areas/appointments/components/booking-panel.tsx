import { useMachine } from "@xstate/react";
import { dateTexts } from "~/lib/texts/dates";
import { Fragment, useId, useMemo } from "react";
import { fromPromise } from "xstate";
import { bookingMachine, type BookingInput } from "../booking.machine";
import { QUESTIONS, SYMPTOMS, bookableDays, reasonLines, type Answer } from "../booking";
import { callStep } from "~/lib/steps";
import { bookingSteps } from "../steps";
import { appointmentsTexts } from "../texts";
import { bookingTexts as b } from "../booking-texts";
import { addDays, displayOf } from "~/lib/timeline-filter";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { SignInAgainLink } from "~/components/ui/sign-in-again-link";
import { CheckboxField, FieldError, SelectField, TextareaField } from "~/components/ui/field";
import { recordTexts } from "~/lib/texts/record";
import { PRACTICE_LANG } from "~/lib/language";

/**
 * The Book Appointment tab (2§2, 2§4): the booking machine's choices as native controls that keyboards, phones and
 * screen readers know, and its dialogs: questionnaire, consult choice, blocking text, confirmation and outcome (decisions/101).
 */

const t = appointmentsTexts;
/** 2§2: the location picker shows up to 5 chosen locations as tags. */
const MAX_TAGS = 5;

/** "Tuesday 03-03-2026": a calendar day's name without any time zone (the day is the practice's). */
function dayLabel(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  return b.dayLabel(dateTexts.weekdays[new Date(Date.UTC(y, m - 1, d)).getUTCDay()], displayOf(iso));
}

export function BookingPanel({ input, onBooked }: { input: BookingInput; onBooked: () => void }) {
  const machine = useMemo(
    () =>
      bookingMachine.provide({
        actors: {
          loadRoles: fromPromise(({ input: s }) => callStep(bookingSteps, "roles", { for: s.for, locationIds: s.locationIds.join(",") })),
          loadProviders: fromPromise(({ input: s }) => callStep(bookingSteps, "providers", { for: s.for, typeId: s.typeId, locationIds: s.locationIds.join(","), roleId: s.roleId, reasonForContactId: s.reasonForContactId })),
          loadSlots: fromPromise(({ input: s }) => callStep(bookingSteps, "slots", { for: s.for, typeId: s.typeId, locationIds: s.locationIds.join(","), providerId: s.providerId, date: s.date })),
          loadNextDay: fromPromise(({ input: { selection: s, start } }) =>
            callStep(bookingSteps, "nextDay", { for: s.for, typeId: s.typeId, locationIds: s.locationIds.join(","), providerId: s.providerId, start }),
          ),
          book: fromPromise(async ({ input }) => {
            const reply = await callStep(bookingSteps, "book", input);
            if (reply.outcome === "booked") onBooked();
            return reply;
          }),
        },
      }),
    [onBooked],
  );
  const [state, send] = useMachine(machine, { input });
  const c = state.context;
  const ids = useId();

  if (state.matches("disabled")) {
    return (
      <p role="status" className="rounded border-l-8 border-brand bg-white p-4 text-lg font-semibold">
        {t.disabled}
      </p>
    );
  }

  const loading = (["loadingRoles", "loadingProviders", "afterProviders", "loadingSlots", "loadingNextDay"] as const).some((s) => state.matches({ choosing: s }));
  const { first, last } = bookableDays(c.today, c.settings.sameDayAllowed);
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  const chosenLocations = c.locations.filter((l) => c.locationIds.includes(l.id));
  const reasonForContact =
    c.reasonsForContact.length > 0 ? (
      <SelectField label={b.reasonForContact} placeholder={b.generalReason} value={c.reasonForContactId} options={c.reasonsForContact.map((r) => ({ value: r.id, label: r.name, lang: PRACTICE_LANG }))} onChange={(e) => send({ type: "contact.select", id: e.target.value })} />
    ) : null;
  const morning = c.slots.filter((s) => s.period === "Morning");
  const afternoon = c.slots.filter((s) => s.period === "Afternoon");
  const chosenSlot = c.slots.find((s) => s.id === c.slotId);
  const nameOf = (list: readonly { id: string; name: string }[], id: string) => list.find((x) => x.id === id)?.name ?? "";
  // A slot whose location the practice did not send (decisions/396).
  const locationOf = (id: string) => nameOf(c.locations, id) || recordTexts.notRecorded;
  const dialogOpen = (["questionnaire", "consultChoice", "blocked", "confirming", "booking", "booked", "failed"] as const).some((s) => state.matches(s));
  const closeDialog = () => {
    if (state.matches("booking")) return;
    send({ type: state.matches("booked") || state.matches("failed") || state.matches("blocked") ? "done.close" : "back" });
  };

  return (
    <div className="flex flex-col gap-5">
      <form
        aria-label={b.bookAnAppointment}
        noValidate
        className="flex flex-col gap-5 rounded bg-white p-4 shadow-sm"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: "book.start" });
        }}
      >
        {c.family.canChoose ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="font-semibold">{b.whoFor}</legend>
            {(["self", "family"] as const).map((who) => (
              <label key={who} className="flex min-h-11 items-center gap-3">
                <input type="radio" name="forWhom" className="size-6" checked={c.forWhom === who} onChange={() => send({ type: "who.select", forWhom: who })} />
                {who === "self" ? b.bookForSelf : b.familyMemberChoice}
              </label>
            ))}
            {c.forWhom === "family" ? (
              <SelectField label={b.familyMember} placeholder={b.chooseFamilyMember} value={c.memberId} error={c.errors.member} options={c.family.members.map((m) => ({ value: m.id, label: m.name }))} onChange={(e) => send({ type: "member.select", id: e.target.value })} />
            ) : null}
          </fieldset>
        ) : null}

        <SelectField label={b.appointmentType} placeholder={b.chooseAType} value={c.typeId} error={c.errors.type} options={c.types.map((x) => ({ value: x.id, label: x.name, lang: PRACTICE_LANG }))} onChange={(e) => send({ type: "type.select", id: e.target.value })} />

        <fieldset className="flex flex-col gap-2" aria-describedby={c.errors.location ? `${ids}-location-error` : undefined}>
          <legend className="font-semibold">{b.locations}</legend>
          {c.errors.location ? <FieldError id={`${ids}-location-error`}>{c.errors.location}</FieldError> : null}
          {chosenLocations.length > 0 ? (
            <ul aria-label={b.chosenLocations} className="flex flex-wrap gap-2">
              {chosenLocations.slice(0, MAX_TAGS).map((l) => (
                <li key={l.id} className="rounded-full bg-brand/10 px-3 py-1 text-sm font-semibold">
                  {l.name}
                </li>
              ))}
              {chosenLocations.length > MAX_TAGS ? <li className="rounded-full bg-brand/10 px-3 py-1 text-sm font-semibold">{b.moreLocations(chosenLocations.length - MAX_TAGS)}</li> : null}
            </ul>
          ) : null}
          {c.locations.map((l) => (
            <CheckboxField key={l.id} label={l.name} checked={c.locationIds.includes(l.id)} onChange={() => send({ type: "location.toggle", id: l.id })} />
          ))}
        </fieldset>

        {/* Where the practice narrows its providers by the reason (1§3), the reason is asked before them. */}
        {c.settings.reasonNarrowsProviders ? reasonForContact : null}
        {c.lockedDown ? <p className="rounded border-l-8 border-brand bg-surface p-3">{t.lockedDown}</p> : null}
        <SelectField label={b.role} placeholder={b.anyRole} value={c.roleId} disabled={c.lockedDown || c.roles.length === 0} options={c.roles.map((r) => ({ value: r.id, label: r.name }))} onChange={(e) => send({ type: "role.select", id: e.target.value })} />
        <SelectField
          label={b.provider}
          placeholder={b.chooseAProvider}
          value={c.providerId}
          error={c.errors.provider}
          disabled={c.lockedDown || c.providers.length === 0}
          options={c.providers.map((p) => ({ value: p.id, label: p.name }))}
          onChange={(e) => send({ type: "provider.select", id: e.target.value })}
        />

        <div className="flex flex-col gap-2">
          <SelectField
            label={b.date}
            placeholder={b.chooseADate}
            value={days.includes(c.date) ? c.date : ""}
            error={c.errors.date}
            options={days.map((d) => ({ value: d, label: dayLabel(d) }))}
            onChange={(e) => send({ type: "date.select", date: e.target.value })}
          />
          <Button variant="secondary" className="self-start" disabled={!c.providerId} busy={loading} onClick={() => send({ type: "day.next" })}>
            {b.nextAvailableDay}
          </Button>
        </div>

        <div aria-live="polite" aria-busy={loading} className="flex flex-col gap-3">
          {loading ? <p role="status">{t.loadingChoices}</p> : null}
          {c.error ? (
            <div className="flex flex-col gap-2">
              <p className="font-semibold text-danger">{c.error}</p>
              {c.sessionEnded ? <SignInAgainLink /> : null}
              {state.matches({ choosing: "idle" }) && c.error === t.loadFailed ? (
                <Button variant="secondary" className="self-start" onClick={() => send({ type: "load.retry" })}>
                  {b.tryAgain}
                </Button>
              ) : null}
            </div>
          ) : null}
          {c.notice && !loading ? <p className="font-semibold text-danger">{c.notice}</p> : null}
        </div>

        {c.slots.length > 0 ? (
          <fieldset className="flex flex-col gap-3" aria-describedby={c.errors.slot ? `${ids}-slot-error` : undefined}>
            <legend className="font-semibold">{b.timesOn(dayLabel(c.date))}</legend>
            {c.errors.slot ? <FieldError id={`${ids}-slot-error`}>{c.errors.slot}</FieldError> : null}
            {[
              { name: b.morning, slots: morning },
              { name: b.afternoon, slots: afternoon },
            ].map((group) =>
              group.slots.length > 0 ? (
                <fieldset key={group.name} className="flex flex-col gap-2">
                  <legend className="font-semibold text-muted">{group.name}</legend>
                  <div className="flex flex-wrap gap-2">
                    {group.slots.map((s) => (
                      <label key={s.id} className={`flex min-h-11 items-center gap-2 rounded border-2 px-3 ${c.slotId === s.id ? "border-brand bg-brand/10" : "border-muted/40"}`}>
                        <input type="radio" name="slot" className="size-5" checked={c.slotId === s.id} onChange={() => send({ type: "slot.select", id: s.id })} />
                        {s.time}
                        {c.locationIds.length > 1 ? <span className="text-sm text-muted">{locationOf(s.locationId)}</span> : null}
                      </label>
                    ))}
                  </div>
                </fieldset>
              ) : null,
            )}
          </fieldset>
        ) : c.errors.slot ? (
          <FieldError>{c.errors.slot}</FieldError>
        ) : null}

        {c.settings.showReasonsForContact && !c.settings.reasonNarrowsProviders ? reasonForContact : null}
        <TextareaField label={b.reasonLabel} maxLength={500} value={c.reason} error={c.errors.reason} onChange={(e) => send({ type: "reason.change", text: e.target.value })} />

        <Button type="submit" className="self-start" busy={loading}>
          {b.bookAppointment}
        </Button>
      </form>

      {/* The questionnaire and the confirmation (with the practice's terms) can outgrow a phone's screen:
          Close at the top (issue 21); the other steps end with their own Close. */}
      <Dialog
        open={dialogOpen}
        onOpenChange={(open) => (open ? undefined : closeDialog())}
        title={titleOf(state, c.unconfirmed)}
        dismissOnBackdrop={false}
        closeAtTop={state.matches("questionnaire") || state.matches("consultChoice") || state.matches("confirming") || state.matches("booking")}
      >
        {state.matches("questionnaire") ? (
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: "questionnaire.submit" });
            }}
          >
            {c.error ? (
              <p role="alert" className="font-semibold text-danger">
                {c.error}
              </p>
            ) : null}
            <fieldset className="flex flex-col gap-1">
              <legend className="font-semibold">{b.anySymptoms}</legend>
              {SYMPTOMS.map((s) => (
                <CheckboxField key={s.name} label={s.label} checked={c.questionnaire.symptoms.includes(s.name)} onChange={() => send({ type: "symptom.toggle", name: s.name })} />
              ))}
              <CheckboxField label={b.noSymptoms} checked={c.questionnaire.noSymptoms} onChange={() => send({ type: "noSymptoms.toggle" })} />
            </fieldset>
            {QUESTIONS.map((q) => (
              <fieldset key={q.id} className="flex flex-col gap-1">
                <legend className="font-semibold">{q.text}</legend>
                <div className="flex flex-wrap gap-4">
                  {(q.id === "vaccinated" ? (["yes", "no", "n/a"] as Answer[]) : (["yes", "no"] as Answer[])).map((answer) => (
                    <label key={answer} className="flex min-h-11 items-center gap-2">
                      <input type="radio" name={`q-${q.id}`} className="size-5" checked={c.questionnaire.answers[q.id] === answer} onChange={() => send({ type: "answer.set", id: q.id, answer })} />
                      {answer === "yes" ? b.yes : answer === "no" ? b.no : b.twelveOrUnder}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
            <div className="flex flex-wrap gap-3">
              <Button type="submit">{b.continue}</Button>
              <Button variant="secondary" onClick={() => send({ type: "back" })}>
                {b.back}
              </Button>
            </div>
          </form>
        ) : null}

        {state.matches("consultChoice") ? (
          <div className="flex flex-col gap-4">
            <p>{b.consultChoice}</p>
            <p className="whitespace-pre-line rounded bg-surface p-3 text-sm">
              <Reason reason={c.reason} />
            </p>
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => send({ type: "consult.choose", kind: "virtual" })}>{b.virtualConsult}</Button>
              <Button variant="secondary" onClick={() => send({ type: "consult.choose", kind: "face2face" })}>
                {b.face2Face}
              </Button>
            </div>
          </div>
        ) : null}

        {state.matches("blocked") ? (
          <div className="flex flex-col gap-4">
            <p role="alert">{t.blocked}</p>
            <Button className="self-start" onClick={() => send({ type: "done.close" })}>
              {b.close}
            </Button>
          </div>
        ) : null}

        {/* A failed booking shows what was chosen too: every choice is kept for Try again. */}
        {state.matches("confirming") || state.matches("booking") || state.matches("failed") ? (
          <div className="flex flex-col gap-4">
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
              {c.forWhom === "family" ? (
                <>
                  <dt className="font-semibold">{b.for}</dt>
                  <dd>{nameOf(c.family.members, c.memberId)}</dd>
                </>
              ) : null}
              <dt className="font-semibold">{b.type}</dt>
              <dd>{nameOf(c.types, c.typeId)}</dd>
              <dt className="font-semibold">{b.with}</dt>
              <dd>{nameOf(c.providers, c.providerId)}</dd>
              <dt className="font-semibold">{b.when}</dt>
              <dd>{b.dayAt(dayLabel(c.date), chosenSlot?.time ?? "")}</dd>
              <dt className="font-semibold">{b.where}</dt>
              <dd>{chosenSlot ? locationOf(chosenSlot.locationId) : ""}</dd>
              <dt className="font-semibold">{b.reason}</dt>
              <dd className="whitespace-pre-line break-words">{c.reason.trim() ? <Reason reason={c.reason.trim()} /> : t.notProvided}</dd>
            </dl>
            {c.screening === "face2face" && c.settings.face2FaceMessage ? <p className="rounded border-l-8 border-brand bg-surface p-3" lang={PRACTICE_LANG}>
                {c.settings.face2FaceMessage}
              </p> : null}
            {c.settings.terms && !state.matches("failed") ? (
              <section aria-label={b.terms} className="rounded bg-surface p-3 text-sm">
                <h3 className="font-semibold">{b.terms}</h3>
                <p className="whitespace-pre-line" lang={PRACTICE_LANG}>
                  {c.settings.terms}
                </p>
              </section>
            ) : null}
            {state.matches("failed") ? null : (
              <div className="flex flex-wrap gap-3">
                <Button onClick={() => send({ type: "confirm.accept" })} busy={state.matches("booking")}>
                  {state.matches("booking") ? b.booking : b.confirmBooking}
                </Button>
                <Button variant="secondary" onClick={() => send({ type: "back" })} disabled={state.matches("booking")}>
                  {b.back}
                </Button>
              </div>
            )}
          </div>
        ) : null}

        {state.matches("booked") ? (
          <div className="flex flex-col gap-4">
            <p role="status" className="text-lg font-semibold">
              {c.booked}
            </p>
            <p>
              {b.bookedDetails(dayLabel(c.date), chosenSlot?.time ?? "", nameOf(c.providers, c.providerId))}
            </p>
            <Button className="self-start" onClick={() => send({ type: "done.close" })}>
              {b.close}
            </Button>
          </div>
        ) : null}

        {state.matches("failed") ? (
          <div className="flex flex-col gap-4">
            <div role="alert" className="flex flex-col gap-2">
              <p className="font-semibold text-danger">{c.error}</p>
              {c.sessionEnded ? (
                <p>
                  <SignInAgainLink />
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => send({ type: "confirm.accept" })}>{c.unconfirmed ? t.checkAgain : b.tryAgain}</Button>
              <Button variant="secondary" onClick={() => send({ type: "done.close" })}>
                {b.close}
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}

function titleOf(state: { matches(value: "questionnaire" | "consultChoice" | "blocked" | "booked" | "failed"): boolean }, unconfirmed: boolean): string {
  if (state.matches("questionnaire")) return b.questionnaireTitle;
  if (state.matches("consultChoice")) return b.consultChoiceTitle;
  if (state.matches("blocked")) return b.blockedTitle;
  if (state.matches("booked")) return t.bookedTitle;
  if (state.matches("failed")) return unconfirmed ? t.bookUnconfirmedTitle : b.notBookedTitle;
  return b.confirmTitle;
}

/** A reason as written, the screening's answers marked as the English they are (reasonLines). */
function Reason({ reason }: { reason: string }) {
  return reasonLines(reason).map((line, i) => (
    <Fragment key={i}>
      {i > 0 ? "\n" : null}
      {line.practiceWords ? <span lang="en">{line.text}</span> : line.text}
    </Fragment>
  ));
}
